import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '~/components/ComingSoon';
import { SCREEN_TITLES } from '~/features/dashboard/screen-titles';

export const Route = createFileRoute('/dashboard/instructor/course-list')({
  component: CourseListRoute,
});

function CourseListRoute() {
  return <ComingSoon title={SCREEN_TITLES.courseList} />;
}
