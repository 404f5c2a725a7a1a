import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '~/components/ComingSoon';
import { SCREEN_TITLES } from '~/features/dashboard/screen-titles';

export const Route = createFileRoute('/dashboard/admin/course/$id/')({
  component: CourseDetailRoute,
});

function CourseDetailRoute() {
  return <ComingSoon title={SCREEN_TITLES.courseDetail} />;
}
