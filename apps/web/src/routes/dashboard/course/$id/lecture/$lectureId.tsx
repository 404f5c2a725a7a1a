import { createFileRoute } from '@tanstack/react-router';
import { LecturePlayer } from '~/features/learning/LecturePlayer';

export const Route = createFileRoute('/dashboard/course/$id/lecture/$lectureId')({
  component: LecturePlayerRoute,
});

function LecturePlayerRoute() {
  const { id, lectureId } = Route.useParams();
  return <LecturePlayer courseId={id} lectureId={lectureId} />;
}
