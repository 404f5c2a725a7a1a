/**
 * The Q&A calls as TanStack Query options from the tRPC proxy (decision 0088). An open thread is polled
 * for new answers every NOTIFICATION_POLL_SECONDS while the tab is visible, and on focus, as the bell is
 * (decision 0043): the server answers an unchanged question 304 through the browser's cache. Every write
 * refetches the Q&A lists and threads and the instructor's home (its unanswered card).
 */
import { NOTIFICATION_POLL_SECONDS } from '@lectio/contracts/notifications';
import type { QuestionScope, QuestionSort } from '@lectio/contracts/questions';
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';

/** How many questions a page of the list shows ("Load more" fetches the next). */
export const QUESTIONS_PER_PAGE = 10;
/** How often an open thread asks for new answers. */
export const THREAD_POLL_MS = NOTIFICATION_POLL_SECONDS * 1000;

export interface QuestionListFilter {
  courseId: string;
  lectureId?: string | undefined;
  sort: QuestionSort;
  scope: QuestionScope;
  q?: string | undefined;
}

export function questionListQuery({ courseId, lectureId, sort, scope, q }: QuestionListFilter) {
  return trpc.questions.list.infiniteQueryOptions(
    {
      courseId,
      ...(lectureId ? { lectureId } : {}),
      sort,
      scope,
      ...(q ? { q } : {}),
      limit: QUESTIONS_PER_PAGE,
    },
    { getNextPageParam: (page) => page.nextCursor, refetchOnMount: 'always' },
  );
}

export function questionQuery(questionId: string) {
  return trpc.questions.get.queryOptions(
    { questionId },
    {
      select: (body) => body.question,
      refetchInterval: THREAD_POLL_MS,
      refetchOnWindowFocus: true,
      refetchOnMount: 'always',
    },
  );
}

export function reportedQuestionsQuery() {
  return trpc.questions.reported.infiniteQueryOptions(
    { limit: 20 },
    { getNextPageParam: (page) => page.nextCursor, refetchOnMount: 'always' },
  );
}

/** After any Q&A write: the lists, the threads, the reported list and the instructor's home. */
export function invalidateQuestions(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries(trpc.questions.pathFilter()),
    client.invalidateQueries(trpc.instructor.home.queryFilter()),
  ]);
}

/**
 * A write's callbacks: the server's message as a toast, the Q&A refetched (not awaited: the button is free
 * again at once, and the thread shows the change when its refetch arrives); a refusal as an error toast.
 */
export function questionWriteCallbacks(client: QueryClient) {
  return {
    onSuccess: (result: { message: string }) => {
      toast.success(result.message);
      void invalidateQuestions(client);
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error));
    },
  };
}
