import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '~/components/ComingSoon';
import { SCREEN_TITLES } from '~/features/dashboard/screen-titles';

export const Route = createFileRoute('/dashboard/instructor/create-lecture/$courseId')({
  component: CreateLectureRoute,
});

function CreateLectureRoute() {
  return <ComingSoon title={SCREEN_TITLES.createLecture} />;
}
