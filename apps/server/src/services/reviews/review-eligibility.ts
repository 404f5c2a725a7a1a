/**
 * Who may write a review of a course: a signed-in user holding the students' `track_progress` permission
 * (the one watching takes), enrolled in the course (an enrollment row, however it was granted), who has
 * watched some of it (a lecture_progress row with watched seconds or completed), and has no review of it
 * yet; not the course's instructor nor an admin, who moderate its reviews. Who may reply: the course's instructor or an admin (course-access.ts).
 */
import { REVIEW_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import { type Database, lectureProgress } from '@lectio/db';
import { and, eq, gt, or } from 'drizzle-orm';
import { forbidden } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { type CourseRow, canManageCourse, isEnrolledIn } from '../courses/course-access';

export async function hasWatchedSomeOf(db: Database, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ lectureId: lectureProgress.lectureId })
    .from(lectureProgress)
    .where(
      and(
        eq(lectureProgress.userId, userId),
        eq(lectureProgress.courseId, courseId),
        or(gt(lectureProgress.watchedSeconds, 0), eq(lectureProgress.completed, true)),
      ),
    )
    .limit(1);
  return !!row;
}

/** Why the actor may not review the course (the 403's message), or null when they may. */
export async function reviewRefusal(
  ctx: ServiceContext,
  actor: Actor,
  course: Pick<CourseRow, 'id' | 'instructorId'>,
): Promise<string | null> {
  // The course's instructor and admins moderate its reviews; they don't write them.
  if (canManageCourse(actor, course)) return REVIEW_MESSAGES.managesCourse;
  if (!can(actor, 'track_progress') || !(await isEnrolledIn(ctx, actor, course.id))) {
    return REVIEW_MESSAGES.notEnrolled;
  }
  if (!(await hasWatchedSomeOf(ctx.db, actor.id, course.id))) return REVIEW_MESSAGES.notWatched;
  return null;
}

/** 403 with the reason when the actor may not review the course. */
export async function assertMayReview(
  ctx: ServiceContext,
  actor: Actor,
  course: Pick<CourseRow, 'id' | 'instructorId'>,
): Promise<void> {
  const refusal = await reviewRefusal(ctx, actor, course);
  if (refusal) throw forbidden(refusal);
}
