/**
 * The reviews calls as TanStack Query options from the tRPC proxy (decision 0036). Every review write
 * changes what the course shows (its rating on the detail page and the catalogue cards), so after one
 * the reviews and the course queries are refetched (`invalidateAfterReviewWrite`).
 */
import { REVIEW_LIMITS } from '@lectio/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';

/** How many reviews a page of the course's list shows ('Show more' fetches the next). */
export const REVIEWS_PER_PAGE = 5;

export function reviewSummaryQuery(courseId: string) {
  return trpc.reviews.summary.queryOptions({ courseId }, { refetchOnMount: 'always' });
}

export function reviewListQuery(courseId: string) {
  return trpc.reviews.list.infiniteQueryOptions(
    { courseId, limit: Math.min(REVIEWS_PER_PAGE, REVIEW_LIMITS.pageMax) },
    { getNextPageParam: (page) => page.nextCursor, refetchOnMount: 'always' },
  );
}

export function myReviewQuery(courseId: string, enabled: boolean) {
  return trpc.reviews.mine.queryOptions({ courseId }, { enabled, refetchOnMount: 'always' });
}

export function reportedReviewsQuery() {
  return trpc.reviews.reported.infiniteQueryOptions(
    { limit: 20 },
    { getNextPageParam: (page) => page.nextCursor, refetchOnMount: 'always' },
  );
}

/** After a review was written, edited, deleted, hidden or shown: the reviews and every course view. */
export function invalidateAfterReviewWrite(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries(trpc.reviews.pathFilter()),
    client.invalidateQueries(trpc.courses.pathFilter()),
  ]);
}

/** A moderation or deletion's callbacks: the server's message and the refetch, or its refusal, as toasts. */
export function reviewWriteCallbacks(client: QueryClient) {
  return {
    onSuccess: async (result: { message: string }) => {
      toast.success(result.message);
      await invalidateAfterReviewWrite(client);
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error));
    },
  };
}
