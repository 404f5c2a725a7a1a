import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '~/components/ComingSoon';
import { SCREEN_TITLES } from '~/features/dashboard/screen-titles';

export const Route = createFileRoute('/dashboard/admin/user-manage')({
  component: UserManagementRoute,
});

function UserManagementRoute() {
  return <ComingSoon title={SCREEN_TITLES.userManagement} />;
}
