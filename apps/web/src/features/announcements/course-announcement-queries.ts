/** The announcements list of a course, a page at a time (newest first). */
import { ANNOUNCEMENT_LIMITS } from '@lectio/contracts/announcements';
import { trpc } from '~/lib/trpc';

export function announcementListQuery(courseId: string) {
  return trpc.announcements.list.infiniteQueryOptions(
    { courseId, limit: ANNOUNCEMENT_LIMITS.pageDefault },
    { getNextPageParam: (page) => page.data.nextCursor ?? undefined },
  );
}
