import { createFileRoute } from '@tanstack/react-router';
import { InstructorHome } from '~/features/dashboard/InstructorHome';

export const Route = createFileRoute('/dashboard/instructor/')({
  component: InstructorHome,
});
