import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '~/features/account/ResetPasswordPage';

/** Password reset (features/account): the request form, or with `?token=` from the e-mail the new password. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
