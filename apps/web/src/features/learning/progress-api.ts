/**
 * The progress calls (spec section 7) over tRPC: record a lecture's progress (`progress.record`), read a
 * course's (`progress.course`). Both need the `track_progress` permission; callers check `can()` first,
 * because a 403 would send the client through its refresh-and-retry path for nothing.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { createTRPCClient } from '@trpc/client';
import { trpc, trpcClient, trpcLinks } from '~/lib/trpc';
import type { LectureProgressValue } from './progress-sync';

export function recordProgress(lectureId: string, progress: LectureProgressValue) {
  return trpcClient.progress.record.mutate({ videoId: lectureId, ...progress });
}

/**
 * A client whose requests outlive the page (fetch `keepalive`), for the send of a page that is going
 * away (pagehide): the same links and session-aware fetch.
 */
const keepaliveClient = createTRPCClient<AppRouter>({ links: trpcLinks({ keepalive: true }) });

/** The same call for a page that is going away: nobody is left to read the answer; a failure rejects. */
export async function recordProgressKeepalive(lectureId: string, progress: LectureProgressValue) {
  await keepaliveClient.progress.record.mutate({ videoId: lectureId, ...progress });
}

/** Refetched after every successful send and on every visit to the player (the progress itself). */
export function courseProgressQuery(courseId: string) {
  return trpc.progress.course.queryOptions(
    { courseId },
    { staleTime: 0, refetchOnMount: 'always', select: (body) => body.progress },
  );
}
