import { createFileRoute } from '@tanstack/react-router';
import { StudentDashboard } from '~/features/dashboard/StudentDashboard';

export const Route = createFileRoute('/dashboard/')({
  component: StudentDashboard,
});
