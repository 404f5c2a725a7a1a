import { createFileRoute } from '@tanstack/react-router';
import { EditCourseScreen } from '~/features/course-admin/EditCourseForm';

export const Route = createFileRoute('/dashboard/admin/update/$courseId')({
  component: UpdateCourseRoute,
});

function UpdateCourseRoute() {
  const { courseId } = Route.useParams();
  return <EditCourseScreen courseId={courseId} />;
}
