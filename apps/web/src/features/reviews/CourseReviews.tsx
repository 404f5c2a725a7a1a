/**
 * The reviews section of a course page (decision 0036): the average with stars and the star distribution,
 * the signed-in viewer's own review (the form when they may write one, their review with Edit and Delete
 * once they have, or why they can't yet), and the latest reviews, a page at a time ('Show more'), each
 * with Reply for the course's instructor and Report for other signed-in users.
 */
import type { MyReview } from '@lectio/contracts/reviews';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { actionClassName, panelClassName, secondaryActionClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { RatingSummary } from './RatingSummary';
import { ReviewForm } from './ReviewForm';
import { ReviewBody, ReviewItem } from './ReviewItem';
import {
  invalidateAfterReviewWrite,
  myReviewQuery,
  reviewListQuery,
  reviewSummaryQuery,
} from './review-queries';
import { REVIEW_TEXT } from './review-text';

function OwnReview({ courseId, mine }: { courseId: string; mine: MyReview }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation(
    trpc.reviews.delete.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        await invalidateAfterReviewWrite(queryClient);
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const headingId = useId();
  const review = mine.review;

  if (!review && !mine.canReview) {
    return mine.notice ? <p className="text-sm text-slate-700 dark:text-slate-300">{mine.notice}</p> : null;
  }
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600"
    >
      <h3 id={headingId} className="font-semibold">
        {review ? (editing ? REVIEW_TEXT.editReview : REVIEW_TEXT.yourReview) : REVIEW_TEXT.writeReview}
      </h3>
      {!review ? (
        <ReviewForm courseId={courseId} />
      ) : editing ? (
        <ReviewForm courseId={courseId} existing={review} onDone={() => setEditing(false)} />
      ) : (
        <>
          {review.hidden ? (
            <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {REVIEW_TEXT.hiddenNotice}
            </p>
          ) : null}
          <ReviewBody review={review} />
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => setEditing(true)}
              className={actionClassName('secondary', 'small')}
            >
              {REVIEW_TEXT.edit}
            </button>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(REVIEW_TEXT.confirmDelete)) remove.mutate({ id: review._id });
              }}
              className={actionClassName('dangerOutline', 'small')}
            >
              {REVIEW_TEXT.delete}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

export function CourseReviews({ courseId }: { courseId: string }) {
  const { user } = useSession();
  const titleId = useId();
  const summary = useQuery(reviewSummaryQuery(courseId));
  const list = useInfiniteQuery(reviewListQuery(courseId));
  const mine = useQuery(myReviewQuery(courseId, user !== null));

  const reviews = list.data?.pages.flatMap((page) => page.reviews) ?? [];
  const myReviewId = mine.data?.review?._id ?? null;
  const canReply = mine.data?.canReply ?? false;
  // The viewer's own review is shown (with Edit and Delete) above the others.
  const others = reviews.filter((review) => review._id !== myReviewId);

  return (
    <section aria-labelledby={titleId} className={panelClassName}>
      <h2 id={titleId} className="mb-4 text-xl font-semibold">
        {REVIEW_TEXT.title}
      </h2>
      {summary.isPending || list.isPending ? (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {REVIEW_TEXT.loading}
        </p>
      ) : summary.isError || list.isError ? (
        <div role="alert" className="space-y-2">
          <p className="text-red-700 dark:text-red-400">{REVIEW_TEXT.loadFailed}</p>
          <button
            type="button"
            onClick={() => void Promise.all([summary.refetch(), list.refetch()])}
            className={secondaryActionClassName}
          >
            {REVIEW_TEXT.retry}
          </button>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <RatingSummary summary={summary.data} />
          <div className="space-y-4">
            {mine.data ? <OwnReview courseId={courseId} mine={mine.data} /> : null}
            {others.length > 0 ? (
              <>
                <h3 className="sr-only">{REVIEW_TEXT.latest}</h3>
                <ul
                  aria-label={REVIEW_TEXT.latest}
                  className="divide-y divide-slate-200 dark:divide-slate-700"
                >
                  {others.map((review) => (
                    <ReviewItem
                      key={review._id}
                      review={review}
                      isMine={false}
                      canReply={canReply}
                      canReport={user !== null}
                    />
                  ))}
                </ul>
              </>
            ) : null}
            {list.isFetchNextPageError ? (
              <p role="alert" className="text-red-700 dark:text-red-400">
                {REVIEW_TEXT.loadFailed}
              </p>
            ) : null}
            {list.hasNextPage ? (
              <button
                type="button"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                className={secondaryActionClassName}
              >
                {list.isFetchingNextPage ? REVIEW_TEXT.loadingMore : REVIEW_TEXT.showMore}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
