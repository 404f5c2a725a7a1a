import { createFileRoute } from '@tanstack/react-router';
import { CourseDetail } from '~/features/catalog/CourseDetail';

export const Route = createFileRoute('/dashboard/admin/course/$id/')({
  component: CourseDetailRoute,
});

function CourseDetailRoute() {
  const { id } = Route.useParams();
  return <CourseDetail courseId={id} />;
}
