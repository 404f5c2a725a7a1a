import { createFileRoute } from '@tanstack/react-router';
import { CourseDetail } from '~/features/catalog/CourseDetail';
import { validateCouponSearch } from '~/lib/coupon-search';

export const Route = createFileRoute('/dashboard/instructor/course/$id/')({
  validateSearch: validateCouponSearch,
  component: CourseDetailRoute,
});

function CourseDetailRoute() {
  const { id } = Route.useParams();
  return <CourseDetail courseId={id} />;
}
