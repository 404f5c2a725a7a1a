import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '~/components/ComingSoon';
import { SCREEN_TITLES } from '~/features/dashboard/screen-titles';

export const Route = createFileRoute('/dashboard/admin/courses')({
  component: AllCoursesRoute,
});

function AllCoursesRoute() {
  return <ComingSoon title={SCREEN_TITLES.allCourses} />;
}
