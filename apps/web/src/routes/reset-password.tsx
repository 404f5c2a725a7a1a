import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '~/components/PublicPage';
import { AUTH_TEXT } from '~/features/auth/auth-text';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  return <PublicPage title={AUTH_TEXT.resetPasswordTitle}>{AUTH_TEXT.resetPasswordUnavailable}</PublicPage>;
}
