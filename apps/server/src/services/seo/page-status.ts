/**
 * The HTTP status of a web page (issue 29 item 4, decision 0091). Every page gets the same app shell; the
 * status tells crawlers the truth: 404 for a path no route serves (PUBLIC_PAGE_PATHS in the contracts), a
 * course that doesn't exist or isn't published, or an unknown site page; 410 for a deleted course (its
 * tombstone); 200 otherwise, and always for the guarded /dashboard pages (the client guard decides there).
 */
import { classifyPagePath } from '@lectio/contracts/navigation';
import { isSitePageSlug } from '@lectio/contracts/site-pages';
import { courses, deletedCourses } from '@lectio/db';
import { eq } from 'drizzle-orm';
import { isUuid } from '../../lib/ids';
import type { ServiceContext } from '../context';

export type PageStatus = 200 | 404 | 410;

type PageStatusContext = Pick<ServiceContext, 'db'>;

export async function pageStatus(ctx: PageStatusContext, pathname: string): Promise<PageStatus> {
  const page = classifyPagePath(pathname);
  if (page.kind === 'guarded') return 200;
  if (page.kind === 'unknown') return 404;
  switch (page.pattern) {
    case '/course/$id':
      return courseStatus(ctx, page.params.id ?? '');
    case '/pages/$slug':
      return isSitePageSlug(page.params.slug) ? 200 : 404;
    default:
      return 200;
  }
}

/**
 * A published course is there (200). An unpublished one is 404 to anyone, although its instructor, an
 * admin or an enrolled student still sees it in the page the shell loads: the status is for crawlers.
 */
async function courseStatus(ctx: PageStatusContext, id: string): Promise<PageStatus> {
  if (!isUuid(id)) return 404;
  const [course] = await ctx.db
    .select({ isPublished: courses.isPublished })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  if (course) return course.isPublished ? 200 : 404;
  const [tombstone] = await ctx.db
    .select({ courseId: deletedCourses.courseId })
    .from(deletedCourses)
    .where(eq(deletedCourses.courseId, id))
    .limit(1);
  return tombstone ? 410 : 404;
}
