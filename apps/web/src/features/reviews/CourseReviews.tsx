/**
 * The reviews section of a course page (decision 0036): the average with stars and the star distribution,
 * the signed-in viewer's own review (the form when they may write one, their review with Edit and Delete
 * once they have, or why they can't yet), and the latest reviews, a page at a time ('Show more'), each
 * with Reply for the course's instructor and Report for other signed-in users.
 */
import type { MyReview, Review } from '@lectio/contracts/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryState } from '~/components/QueryState';
import { PagedList } from '~/components/ui/PagedList';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { useSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { RatingSummary } from './RatingSummary';
import { ReviewForm } from './ReviewForm';
import { ReviewBody, ReviewItem } from './ReviewItem';
import { myReviewQuery, reviewListQuery, reviewSummaryQuery, reviewWriteCallbacks } from './review-queries';
import { REVIEW_TEXT } from './review-text';

function OwnReview({ courseId, mine }: { courseId: string; mine: MyReview }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation(trpc.reviews.delete.mutationOptions(reviewWriteCallbacks(queryClient)));
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

function LatestReviews({
  reviews,
  canReply,
  canReport,
}: {
  reviews: readonly Review[];
  canReply: boolean;
  canReport: boolean;
}) {
  if (reviews.length === 0) return null;
  return (
    <>
      <h3 className="sr-only">{REVIEW_TEXT.latest}</h3>
      <ul aria-label={REVIEW_TEXT.latest} className="divide-y divide-slate-200 dark:divide-slate-700">
        {reviews.map((review) => (
          <ReviewItem
            key={review._id}
            review={review}
            isMine={false}
            canReply={canReply}
            canReport={canReport}
          />
        ))}
      </ul>
    </>
  );
}

export function CourseReviews({ courseId }: { courseId: string }) {
  const { user } = useSession();
  const titleId = useId();
  const summary = useQuery(reviewSummaryQuery(courseId));
  const mine = useQuery(myReviewQuery(courseId, user !== null));

  const myReviewId = mine.data?.review?._id ?? null;
  const canReply = mine.data?.canReply ?? false;

  return (
    <section aria-labelledby={titleId} className={panelClassName}>
      <h2 id={titleId} className="mb-4 text-xl font-semibold">
        {REVIEW_TEXT.title}
      </h2>
      {summary.isPending || summary.isError ? (
        <QueryState
          query={summary}
          loading={REVIEW_TEXT.loading}
          failed={REVIEW_TEXT.loadFailed}
          retry={REVIEW_TEXT.retry}
        />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <RatingSummary summary={summary.data} />
          <div className="space-y-4">
            {mine.data ? <OwnReview courseId={courseId} mine={mine.data} /> : null}
            {/* No line for an empty list: the summary beside it says there are no reviews yet. */}
            <PagedList
              query={reviewListQuery(courseId)}
              items={(page) => page.reviews}
              text={{ ...REVIEW_TEXT, failed: REVIEW_TEXT.loadFailed, loadMore: REVIEW_TEXT.showMore }}
              empty={null}
            >
              {(reviews) => (
                <LatestReviews
                  // The viewer's own review is shown (with Edit and Delete) above the others.
                  reviews={reviews.filter((review) => review._id !== myReviewId)}
                  canReply={canReply}
                  canReport={user !== null}
                />
              )}
            </PagedList>
          </div>
        </div>
      )}
    </section>
  );
}
