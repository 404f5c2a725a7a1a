import { createFileRoute } from '@tanstack/react-router';
import { UserManagement } from '~/features/admin/UserManagement';

export const Route = createFileRoute('/dashboard/admin/user-manage')({
  component: UserManagement,
});
