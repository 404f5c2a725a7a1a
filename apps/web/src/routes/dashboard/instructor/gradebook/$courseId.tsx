import { createFileRoute } from '@tanstack/react-router';
import { GradebookScreen } from '~/features/course-admin/GradebookScreen';

export const Route = createFileRoute('/dashboard/instructor/gradebook/$courseId')({
  component: GradebookRoute,
});

function GradebookRoute() {
  const { courseId } = Route.useParams();
  return <GradebookScreen courseId={courseId} />;
}
