import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '~/features/account/VerifyEmailPage';

/** E-mail verification (features/account): the link of the verification e-mail, `?token=`. */
export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
