import { createFileRoute } from '@tanstack/react-router';
import { EditLectureScreen } from '~/features/course-admin/EditLectureScreen';

export const Route = createFileRoute('/dashboard/admin/updatelecture/$lectureId')({
  component: UpdateLectureRoute,
});

function UpdateLectureRoute() {
  const { lectureId } = Route.useParams();
  return <EditLectureScreen lectureId={lectureId} />;
}
