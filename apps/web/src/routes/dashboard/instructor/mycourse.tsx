import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '~/components/ComingSoon';
import { SCREEN_TITLES } from '~/features/dashboard/screen-titles';

export const Route = createFileRoute('/dashboard/instructor/mycourse')({
  component: MyCoursesRoute,
});

function MyCoursesRoute() {
  return <ComingSoon title={SCREEN_TITLES.myCourses} />;
}
