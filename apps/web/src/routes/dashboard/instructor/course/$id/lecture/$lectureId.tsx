import { createFileRoute } from '@tanstack/react-router';
import { LecturePlayer } from '~/features/learning/LecturePlayer';
import { validateLectureSearch } from '~/lib/lecture-search';

export const Route = createFileRoute('/dashboard/instructor/course/$id/lecture/$lectureId')({
  validateSearch: validateLectureSearch,
  component: LecturePlayerRoute,
});

function LecturePlayerRoute() {
  const { id, lectureId } = Route.useParams();
  const { t, question } = Route.useSearch();
  return (
    <LecturePlayer courseId={id} lectureId={lectureId} startAt={t ?? null} questionId={question ?? null} />
  );
}
