/**
 * The admin's reported reviews (decision 0036): each reported review with its course, author, stars and
 * text, how many reported it and when last, the reasons given, and whether it is hidden; Hide takes it
 * out of the course's page and rating, Unhide puts it back. Most recently reported first, 'Show more'
 * for older ones.
 */

import type { ReportedReview } from '@lectio/contracts/reviews';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QueryState } from '~/components/QueryState';
import { actionClassName, panelClassName, secondaryActionClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { courseLink } from '~/lib/links';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { ReviewBody } from './ReviewItem';
import { formatReviewDate } from './review-format';
import { invalidateAfterReviewWrite, reportedReviewsQuery } from './review-queries';
import { REVIEW_TEXT } from './review-text';

function HiddenBadge({ hidden }: { hidden: boolean }) {
  return hidden ? (
    <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-900/60 dark:text-red-100">
      {REVIEW_TEXT.hiddenBadge}
    </span>
  ) : (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100">
      {REVIEW_TEXT.visibleBadge}
    </span>
  );
}

function ReportedItem({
  review,
  busy,
  onSetHidden,
}: {
  review: ReportedReview;
  busy: boolean;
  onSetHidden: (review: ReportedReview, hidden: boolean) => void;
}) {
  const author = review.author.name;
  const title = review.course.title;
  return (
    <li className={`${panelClassName} space-y-3`} aria-busy={busy || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          {...courseLink('/dashboard/admin', review.course._id)}
          className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {title}
        </Link>
        <div className="flex items-center gap-2">
          <HiddenBadge hidden={review.hidden} />
          <button
            type="button"
            disabled={busy}
            aria-label={
              review.hidden ? REVIEW_TEXT.unhideReview(author, title) : REVIEW_TEXT.hideReview(author, title)
            }
            onClick={() => onSetHidden(review, !review.hidden)}
            className={actionClassName(review.hidden ? 'secondary' : 'dangerOutline', 'small')}
          >
            {review.hidden ? REVIEW_TEXT.unhide : REVIEW_TEXT.hide}
          </button>
        </div>
      </div>
      <ReviewBody review={review} />
      {review.body ? null : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{REVIEW_TEXT.noText}</p>
      )}
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {REVIEW_TEXT.reportCount(review.reportCount)},{' '}
        <time dateTime={review.lastReportedAt}>
          {REVIEW_TEXT.lastReported(formatReviewDate(review.lastReportedAt))}
        </time>
      </p>
      {review.reasons.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium">{REVIEW_TEXT.reasons}</p>
          <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
            {review.reasons.map((reason, index) => (
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

export function ReportedReviews() {
  const queryClient = useQueryClient();
  const reported = useInfiniteQuery(reportedReviewsQuery());
  const setHidden = useMutation(
    trpc.reviews.setHidden.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        await invalidateAfterReviewWrite(queryClient);
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const items = reported.data?.pages.flatMap((page) => page.reviews) ?? [];
  const busyId = setHidden.isPending ? setHidden.variables?.id : undefined;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{REVIEW_TEXT.reportedTitle}</h1>
        <p className="text-slate-700 dark:text-slate-300">{REVIEW_TEXT.reportedIntro}</p>
      </div>
      {reported.isPending || reported.isError ? (
        <QueryState
          query={reported}
          loading={REVIEW_TEXT.reportedLoading}
          failed={REVIEW_TEXT.reportedLoadFailed}
          retry={REVIEW_TEXT.retry}
        />
      ) : items.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{REVIEW_TEXT.noReported}</p>
      ) : (
        <>
          <ul aria-label={REVIEW_TEXT.reportedTitle} className="space-y-4">
            {items.map((review) => (
              <ReportedItem
                key={review._id}
                review={review}
                busy={busyId === review._id}
                onSetHidden={(item, hidden) => setHidden.mutate({ id: item._id, hidden })}
              />
            ))}
          </ul>
          {reported.hasNextPage ? (
            <button
              type="button"
              onClick={() => void reported.fetchNextPage()}
              disabled={reported.isFetchingNextPage}
              className={secondaryActionClassName}
            >
              {reported.isFetchingNextPage ? REVIEW_TEXT.loadingMore : REVIEW_TEXT.showMore}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
