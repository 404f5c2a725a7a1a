/**
 * Reported questions and answers (decision 0088), the reported reviews' screen for Q&A: for an instructor
 * those of their courses, for an admin every course's. Each item with its course and lesson, author, text,
 * how many reported it and when last, the reasons, and whether it is hidden; Hide takes it out of every
 * learner's view, Unhide puts it back; the question opens on its lesson page. Most recently reported first.
 */
import type { ReportedDiscussionItem } from '@lectio/contracts/questions';
import { questionLink } from '@lectio/contracts/questions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge } from '~/components/ui/Badge';
import { PagedList } from '~/components/ui/PagedList';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { formatReviewDate } from '~/features/reviews/review-format';
import { managingBase } from '~/lib/links';
import { useSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { QuestionMarkdown } from './QuestionMarkdown';
import { AuthorLine } from './QuestionThread';
import { questionWriteCallbacks, reportedQuestionsQuery } from './questions-queries';
import { QUESTIONS_TEXT as TEXT } from './questions-text';
import { ThreadLink } from './ThreadLink';

function ReportedItem({
  item,
  base,
  busy,
  onSetHidden,
}: {
  item: ReportedDiscussionItem;
  base: string;
  busy: boolean;
  onSetHidden: (item: ReportedDiscussionItem, hidden: boolean) => void;
}) {
  const link = questionLink({
    id: item.question._id,
    courseId: item.course._id,
    lectureId: item.lecture?._id ?? null,
  });
  const kind = TEXT.kind[item.kind];
  return (
    <li className={`${panelClassName} min-w-0 space-y-3`} aria-busy={busy || undefined}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={item.kind === 'question' ? 'sky' : 'violet'}>{kind}</Badge>
            <ThreadLink
              base={base}
              link={link}
              label={TEXT.openThread(item.question.title)}
              className="min-w-0 break-words font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {item.question.title}
            </ThreadLink>
          </p>
          <p className="break-words text-sm text-slate-600 dark:text-slate-400">
            {item.course.title}
            {item.lecture ? ` · ${item.lecture.title}` : ''}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={item.hidden ? 'red' : 'green'}>{item.hidden ? TEXT.hidden : TEXT.visible}</Badge>
          <button
            type="button"
            disabled={busy}
            aria-label={
              item.hidden
                ? TEXT.unhideItem(kind.toLowerCase(), item.question.title)
                : TEXT.hideItem(kind.toLowerCase(), item.question.title)
            }
            onClick={() => onSetHidden(item, !item.hidden)}
            className={actionClassName(item.hidden ? 'secondary' : 'dangerOutline', 'small')}
          >
            {item.hidden ? TEXT.unhide : TEXT.hide}
          </button>
        </div>
      </div>
      <AuthorLine name={item.author.name} isInstructor={item.author.isInstructor} at={item.createdAt} />
      <QuestionMarkdown markdown={item.body} />
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {TEXT.reportCount(item.reportCount)},{' '}
        <time dateTime={item.lastReportedAt}>{TEXT.lastReported(formatReviewDate(item.lastReportedAt))}</time>
      </p>
      {item.reasons.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium">{TEXT.reasons}</p>
          <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
            {item.reasons.map((reason, index) => (
              // Reasons may repeat; their position in the newest-first list is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <li key={index} className="break-words">
                {reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

export function ReportedQuestions() {
  const { user } = useSession();
  const base = managingBase(user?.role);
  const client = useQueryClient();
  const callbacks = questionWriteCallbacks(client);
  const hideQuestion = useMutation(trpc.questions.hide.mutationOptions(callbacks));
  const unhideQuestion = useMutation(trpc.questions.unhide.mutationOptions(callbacks));
  const hideAnswer = useMutation(trpc.answers.hide.mutationOptions(callbacks));
  const unhideAnswer = useMutation(trpc.answers.unhide.mutationOptions(callbacks));
  const pending = [hideQuestion, unhideQuestion].find((call) => call.isPending)?.variables?.questionId;
  const pendingAnswer = [hideAnswer, unhideAnswer].find((call) => call.isPending)?.variables?.answerId;
  const setHidden = (item: ReportedDiscussionItem, hidden: boolean) => {
    if (item.kind === 'question') {
      (hidden ? hideQuestion : unhideQuestion).mutate({ questionId: item._id });
    } else {
      (hidden ? hideAnswer : unhideAnswer).mutate({ answerId: item._id });
    }
  };

  return (
    <div className="space-y-6">
      <ScreenHeader title={TEXT.reportedTitle} intro={TEXT.reportedIntro} />
      <PagedList
        query={reportedQuestionsQuery()}
        items={(page) => page.items}
        text={{
          loading: TEXT.reportedLoading,
          failed: TEXT.reportedFailed,
          retry: TEXT.retry,
          loadMore: TEXT.loadMore,
          loadingMore: TEXT.loadingMore,
        }}
        empty={TEXT.noReported}
      >
        {(items) => (
          <ul aria-label={TEXT.reportedTitle} className="space-y-4">
            {items.map((item) => (
              <ReportedItem
                key={`${item.kind}-${item._id}`}
                item={item}
                base={base}
                busy={item.kind === 'question' ? pending === item._id : pendingAnswer === item._id}
                onSetHidden={setHidden}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
