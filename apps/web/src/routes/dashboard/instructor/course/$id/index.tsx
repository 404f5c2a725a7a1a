import { createFileRoute } from '@tanstack/react-router';
import { CourseDetail } from '~/features/catalog/CourseDetail';
import { validateCourseSearch } from '~/lib/course-search';

export const Route = createFileRoute('/dashboard/instructor/course/$id/')({
  validateSearch: validateCourseSearch,
  component: CourseDetailRoute,
});

function CourseDetailRoute() {
  const { id } = Route.useParams();
  return <CourseDetail courseId={id} />;
}
