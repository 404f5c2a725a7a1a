import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '~/components/ComingSoon';
import { SCREEN_TITLES } from '~/features/dashboard/screen-titles';

export const Route = createFileRoute('/dashboard/admin/update/$courseId')({
  component: UpdateCourseRoute,
});

function UpdateCourseRoute() {
  return <ComingSoon title={SCREEN_TITLES.updateCourse} />;
}
