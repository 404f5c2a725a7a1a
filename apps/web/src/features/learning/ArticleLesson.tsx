/**
 * The player's reading view of an article lesson (decision 0080), named by its title (the page's
 * heading shows it): its reading time, its Markdown
 * (`lectures.get` hands the body to a viewer who may open the lesson) and, for a learner who tracks
 * progress, a "Mark as read" button that completes it through `progress.markRead`. The course's progress is
 * refetched after it (the sidebar's tick, the bar and, once the course is complete, the certificate notice).
 */
import type { Lecture } from '@lectio/contracts/lecture';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SolidIcon } from '~/components/ui/SolidIcon';
import { actionClassName, errorTextClassName, panelClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { trpc } from '~/lib/trpc';
import { lectureDurationLabel } from '../catalog/course-format';
import { ArticleText } from './ArticleText';
import { LEARNING_TEXT } from './learning-text';

export const CHECK_PATH =
  'M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z';

/** `lectures.get`'s body of an article, for the reading views (player, course page preview). */
export function articleBodyQuery(lectureId: string) {
  return trpc.lectures.get.queryOptions(
    { lectureId },
    { select: (answer) => answer.data.lecture.body ?? '' },
  );
}

/** The article's text, or its loading and failure states. */
export function ArticleBody({ lectureId }: { lectureId: string }) {
  const article = useQuery(articleBodyQuery(lectureId));
  if (article.isPending) {
    return (
      <p role="status" className="text-slate-600 dark:text-slate-400">
        {LEARNING_TEXT.loadingArticle}
      </p>
    );
  }
  if (article.isError) {
    return (
      <div role="alert" className="space-y-1">
        <p className={errorTextClassName}>{LEARNING_TEXT.articleLoadFailed}</p>
        <p className="text-sm">{errorMessage(article.error)}</p>
      </div>
    );
  }
  return <ArticleText markdown={article.data} />;
}

function MarkAsRead({
  lectureId,
  courseId,
  completed,
}: {
  lectureId: string;
  courseId: string;
  completed: boolean;
}) {
  const client = useQueryClient();
  const markRead = useMutation(
    trpc.progress.markRead.mutationOptions({
      onSuccess: async (answer) => {
        // Completing the course issued the certificate the player's notice shows.
        if (answer.certificateId) void client.invalidateQueries(trpc.certificates.mine.queryFilter());
        // My courses shows each course's progress: it refetches the next time it opens.
        void client.invalidateQueries({ ...trpc.courses.mine.queryFilter(), refetchType: 'none' });
        await client.invalidateQueries(trpc.progress.course.queryFilter({ courseId }));
      },
    }),
  );
  if (completed || markRead.isSuccess) {
    return (
      <p
        role="status"
        className="inline-flex items-center gap-2 font-semibold text-emerald-800 dark:text-emerald-300"
      >
        <SolidIcon d={CHECK_PATH} className="h-5 w-5" />
        {LEARNING_TEXT.markedRead}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled={markRead.isPending}
        onClick={() => markRead.mutate({ lectureId })}
        className={actionClassName('primary')}
      >
        {markRead.isPending ? LEARNING_TEXT.markingAsRead : LEARNING_TEXT.markAsRead}
      </button>
      {markRead.isError ? (
        <p role="alert" className={errorTextClassName}>
          {errorMessage(markRead.error)}
        </p>
      ) : null}
    </div>
  );
}

export function ArticleLesson({
  lecture,
  tracking,
  completed,
}: {
  lecture: Lecture;
  /** The viewer tracks progress (a learner): they may mark the article read. */
  tracking: boolean;
  completed: boolean;
}) {
  return (
    // The page's heading already shows the title: the article is named by it, not titled twice.
    <article aria-label={lecture.title} className={`${panelClassName} space-y-4`}>
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
        {lectureDurationLabel(lecture)}
      </p>
      <ArticleBody lectureId={lecture._id} />
      {tracking ? (
        <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
          <MarkAsRead lectureId={lecture._id} courseId={lecture.courseId} completed={completed} />
        </div>
      ) : null}
    </article>
  );
}
