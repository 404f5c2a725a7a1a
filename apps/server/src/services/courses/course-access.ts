/**
 * Who may see, manage and play what (spec section 6). One place for the rules, used by every course and
 * lecture service:
 * - admins (`all`) see and manage every course;
 * - an instructor manages the courses whose instructor_id is theirs;
 * - a buyer (an enrollment row) sees and plays the course, published or not;
 * - everyone else sees published courses only, and plays preview lectures only.
 * A course someone may not see answers 404, never 403, so drafts don't leak; a course they may see but
 * not manage answers 403 with the spec's message.
 */
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { can, canAny } from '@lectio/contracts/permissions';
import { type Course as CourseRow, courses, enrollments } from '@lectio/db';
import { and, eq } from 'drizzle-orm';
import { forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';

export type { CourseRow };

export const isAdmin = (actor: Actor | null | undefined): boolean => can(actor, 'all');

/** The course's own instructor, still holding an instructor permission. */
export function isCourseOwner(actor: Actor | null | undefined, course: Pick<CourseRow, 'instructorId'>) {
  return (
    !!actor && actor.id === course.instructorId && canAny(actor, ['create_courses', 'manage_own_courses'])
  );
}

export function canManageCourse(actor: Actor | null | undefined, course: Pick<CourseRow, 'instructorId'>) {
  return isAdmin(actor) || isCourseOwner(actor, course);
}

/** What a viewer may do with one course. */
export interface CourseAccess {
  canSee: boolean;
  canManage: boolean;
  isEnrolled: boolean;
  /** When the viewer enrolled (null when not enrolled, or not asked because they manage the course). */
  enrolledAt: Date | null;
  /** May play every lecture (spec: canAccessAll), apart from sections not yet open to them (drip). */
  canAccessAll: boolean;
}

export function courseAccess(
  actor: Actor | null | undefined,
  course: Pick<CourseRow, 'instructorId' | 'isPublished'>,
  enrolledAt: Date | null,
): CourseAccess {
  const canManage = canManageCourse(actor, course);
  const isEnrolled = enrolledAt !== null;
  return {
    canSee: course.isPublished || canManage || isEnrolled,
    canManage,
    isEnrolled,
    enrolledAt,
    canAccessAll: canManage || isEnrolled,
  };
}

/** How the course's instructor or an admin sees its lectures: every one playable, none held back. */
export const MANAGER_ACCESS: Pick<CourseAccess, 'canAccessAll' | 'canManage' | 'enrolledAt'> = {
  canAccessAll: true,
  canManage: true,
  enrolledAt: null,
};

/** A lecture plays for anyone when it is a preview, otherwise only with full access. */
export const mayPlayLecture = (access: Pick<CourseAccess, 'canAccessAll'>, isPreview: boolean): boolean =>
  access.canAccessAll || isPreview;

/** When the actor enrolled in the course, or null (not enrolled, or no actor). */
export async function enrollmentDate(
  ctx: ServiceContext,
  actor: Actor | null | undefined,
  courseId: string,
): Promise<Date | null> {
  if (!actor) return null;
  const [row] = await ctx.db
    .select({ createdAt: enrollments.createdAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, actor.id), eq(enrollments.courseId, courseId)))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function isEnrolledIn(
  ctx: ServiceContext,
  actor: Actor | null | undefined,
  courseId: string,
): Promise<boolean> {
  return (await enrollmentDate(ctx, actor, courseId)) !== null;
}

export async function findCourse(ctx: ServiceContext, courseId: string): Promise<CourseRow | undefined> {
  if (!isUuid(courseId)) return undefined;
  const [course] = await ctx.db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return course;
}

/** The course and the viewer's access to it; 404 when it doesn't exist or the viewer may not see it. */
export async function loadVisibleCourse(
  ctx: ServiceContext,
  actor: Actor | null,
  courseId: string,
): Promise<{ course: CourseRow; access: CourseAccess }> {
  const course = await findCourse(ctx, courseId);
  if (!course) throw notFound(COURSE_MESSAGES.courseNotFound);
  const enrolledAt = canManageCourse(actor, course) ? null : await enrollmentDate(ctx, actor, course.id);
  const access = courseAccess(actor, course, enrolledAt);
  if (!access.canSee) throw notFound(COURSE_MESSAGES.courseNotFound);
  return { course, access };
}

/**
 * The course row when the actor may manage it (admin, or its instructor). A course the actor can't even
 * see is 404; one they can see but not manage is 403 with `refusal` (the spec's per-action message).
 * The storage service's multipart upload calls this before streaming a file.
 */
export async function assertCanManageCourse(
  ctx: ServiceContext,
  actor: Actor,
  courseId: string,
  refusal: string = COURSE_MESSAGES.noLecturePermission,
  notFoundMessage: string = COURSE_MESSAGES.courseNotFound,
): Promise<CourseRow> {
  const course = await findCourse(ctx, courseId);
  if (!course) throw notFound(notFoundMessage);
  if (canManageCourse(actor, course)) return course;
  const canSee = course.isPublished || (await isEnrolledIn(ctx, actor, course.id));
  if (!canSee) throw notFound(notFoundMessage);
  throw forbidden(refusal);
}
