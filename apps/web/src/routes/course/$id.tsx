import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '~/components/LoadingScreen';
import { CourseDetail } from '~/features/catalog/CourseDetail';
import { PublicCatalogLayout } from '~/features/catalog/PublicCatalogLayout';
import { validateCouponSearch } from '~/lib/coupon-search';

/** The public course detail. It waits for the session check: the course's answer depends on the viewer. */
export const Route = createFileRoute('/course/$id')({
  validateSearch: validateCouponSearch,
  beforeLoad: ({ context }) => context.session.whenChecked(),
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  component: CourseRoute,
});

function CourseRoute() {
  const { id } = Route.useParams();
  return (
    <PublicCatalogLayout>
      <CourseDetail courseId={id} />
    </PublicCatalogLayout>
  );
}
