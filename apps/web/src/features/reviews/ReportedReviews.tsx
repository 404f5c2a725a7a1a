/**
 * The admin's reported reviews (decision 0036): each reported review with its course, author, stars and
 * text, how many reported it and when last, the reasons given, and whether it is hidden; Hide takes it
 * out of the course's page and rating, Unhide puts it back. Most recently reported first, 'Show more'
 * for older ones.
 */

import type { ReportedReview } from '@lectio/contracts/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge } from '~/components/ui/Badge';
import { PagedList } from '~/components/ui/PagedList';
import { ScreenHeader } from '~/components/ui/ScreenHeader';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { courseLink } from '~/lib/links';
import { trpc } from '~/lib/trpc';
import { ReviewBody } from './ReviewItem';
import { formatReviewDate } from './review-format';
import { reportedReviewsQuery, reviewWriteCallbacks } from './review-queries';
import { REVIEW_TEXT } from './review-text';

function HiddenBadge({ hidden }: { hidden: boolean }) {
  return (
    <Badge tone={hidden ? 'red' : 'green'}>
      {hidden ? REVIEW_TEXT.hiddenBadge : REVIEW_TEXT.visibleBadge}
    </Badge>
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
  const setHidden = useMutation(trpc.reviews.setHidden.mutationOptions(reviewWriteCallbacks(queryClient)));
  const busyId = setHidden.isPending ? setHidden.variables?.id : undefined;

  return (
    <div className="space-y-6">
      <ScreenHeader title={REVIEW_TEXT.reportedTitle} intro={REVIEW_TEXT.reportedIntro} />
      <PagedList
        query={reportedReviewsQuery()}
        items={(page) => page.reviews}
        text={{
          loading: REVIEW_TEXT.reportedLoading,
          failed: REVIEW_TEXT.reportedLoadFailed,
          retry: REVIEW_TEXT.retry,
          loadMore: REVIEW_TEXT.showMore,
          loadingMore: REVIEW_TEXT.loadingMore,
        }}
        empty={REVIEW_TEXT.noReported}
      >
        {(items) => (
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
        )}
      </PagedList>
    </div>
  );
}
