import { createFileRoute } from '@tanstack/react-router';
import { SignInForm } from '~/features/auth/SignInForm';

export const Route = createFileRoute('/_entry/signin')({
  /** `from`: the page a guard sent the visitor away from, to return to after signing in. */
  validateSearch: (search: Record<string, unknown>): { from?: string } =>
    typeof search.from === 'string' ? { from: search.from } : {},
  component: SignInRoute,
});

function SignInRoute() {
  const { from } = Route.useSearch();
  return <SignInForm from={from} />;
}
