import { createFileRoute } from '@tanstack/react-router';
import { TeachingApplicationsScreen } from '~/features/teaching/TeachingApplicationsScreen';

/** Students' applications to teach, approved or declined here (features/teaching). */
export const Route = createFileRoute('/dashboard/admin/teaching-applications')({
  component: TeachingApplicationsScreen,
});
