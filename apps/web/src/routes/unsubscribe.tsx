import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '~/features/announcements/UnsubscribePage';

/** A course e-mail's unsubscribe link (features/announcements): `?token=`, no sign-in needed. */
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
