/**
 * The progress calls (spec section 7) over tRPC: record a lecture's progress (`progress.record`), read a
 * course's (`progress.course`). Both need the `track_progress` permission; callers check `can()` first,
 * because a 403 would send the client through its refresh-and-retry path for nothing.
 */
import { KEEPALIVE_CONTEXT, runMutation, trpc } from '~/lib/trpc';
import type { LectureProgressValue } from './progress-sync';

export function recordProgress(lectureId: string, progress: LectureProgressValue) {
  return runMutation(trpc.progress.record.mutationOptions(), { videoId: lectureId, ...progress });
}

/**
 * The same call for a page that is going away (pagehide): sent with fetch `keepalive` so it outlives the
 * page; nobody is left to read the answer; a failure rejects.
 */
export async function recordProgressKeepalive(lectureId: string, progress: LectureProgressValue) {
  await runMutation(trpc.progress.record.mutationOptions({ trpc: { context: KEEPALIVE_CONTEXT } }), {
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
