import { createFileRoute } from '@tanstack/react-router';
import { LecturesScreen } from '~/features/course-admin/LecturesScreen';

export const Route = createFileRoute('/dashboard/instructor/create-lecture/$courseId')({
  component: CreateLectureRoute,
});

function CreateLectureRoute() {
  const { courseId } = Route.useParams();
  return <LecturesScreen courseId={courseId} />;
}
