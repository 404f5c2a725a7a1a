/**
 * The progress calls (spec section 7) over REST /api/v1: record a lecture's progress, read a course's.
 * Both need the `track_progress` permission; callers check `can()` first, because a 403 would send the
 * client through its refresh-and-retry path for nothing.
 */
import { fillPath, restRoutes } from '@lectio/contracts/rest';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiUrl, fetchWithSession } from '~/lib/api';
import type { LectureProgressValue } from './progress-sync';

export async function recordProgress(lectureId: string, progress: LectureProgressValue) {
  const route = restRoutes.recordProgress;
  return apiRequest(fillPath(route.path, { videoId: lectureId }), {
    method: route.method,
    body: progress,
    schema: route.response,
  });
}

/**
 * The same call for a page that is going away (pagehide): `keepalive` lets the request outlive the page.
 * Nobody is left to read the answer, so it is not parsed; a failure rejects like any other send.
 */
export async function recordProgressKeepalive(lectureId: string, progress: LectureProgressValue) {
  const route = restRoutes.recordProgress;
  const response = await fetchWithSession(apiUrl(fillPath(route.path, { videoId: lectureId })), {
    method: route.method,
    keepalive: true,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(progress),
  });
  if (!response.ok) throw new Error(`Progress not saved (status ${response.status})`);
}

export async function getCourseProgress(courseId: string, signal?: AbortSignal) {
  const route = restRoutes.courseProgress;
  const body = await apiRequest(fillPath(route.path, { courseId }), {
    schema: route.response,
    ...(signal ? { signal } : {}),
  });
  return body.progress;
}
export type CourseProgress = Awaited<ReturnType<typeof getCourseProgress>>;

export const progressKeys = {
  course: (courseId: string, viewer: string) => ['progress', 'course', courseId, viewer] as const,
};

/** Refetched after every successful send and on every visit to the player. */
export function courseProgressQuery(courseId: string, viewer: string) {
  return queryOptions({
    queryKey: progressKeys.course(courseId, viewer),
    queryFn: ({ signal }) => getCourseProgress(courseId, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
