/**
 * The progress calls (spec section 7) over tRPC: record a lecture's progress (`progress.record`), read a
 * course's (`progress.course`). Both need the `track_progress` permission; callers check `can()` first,
 * because a 403 would send the client through its refresh-and-retry path for nothing.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { createTRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { queryClient } from '~/lib/query-client';
import { runMutation, trpc, trpcLinks } from '~/lib/trpc';
import type { LectureProgressValue } from './progress-sync';

export function recordProgress(lectureId: string, progress: LectureProgressValue) {
  return runMutation(trpc.progress.record.mutationOptions(), { videoId: lectureId, ...progress });
}

/**
 * The same options proxy over links that send with fetch `keepalive`, for the send of a page that is
 * going away (pagehide). Here rather than in lib/trpc.ts so that only the player's chunk carries it.
 */
const keepaliveTrpc = createTRPCOptionsProxy<AppRouter>({
  client: createTRPCClient<AppRouter>({ links: trpcLinks({ keepalive: true }) }),
  queryClient,
});

/** The same call for a page that is going away: it outlives the page; nobody is left to read the answer. */
export async function recordProgressKeepalive(lectureId: string, progress: LectureProgressValue) {
  await runMutation(keepaliveTrpc.progress.record.mutationOptions(), {
    videoId: lectureId,
    ...progress,
  });
}

/** Refetched after every successful send and on every visit to the player (the progress itself). */
export function courseProgressQuery(courseId: string) {
  return trpc.progress.course.queryOptions(
    { courseId },
    { staleTime: 0, refetchOnMount: 'always', select: (body) => body.progress },
  );
}
