/**
 * Issuing a certificate when a student completes a course (docs/decisions/0037-certificates.md).
 *
 * `recordProgress` calls this after its progress write has committed, whenever the lecture it wrote is
 * complete. One INSERT ... SELECT checks the rules and copies the facts in the same snapshot:
 * - the user is enrolled in the course (a purchase, a free enrolment, an admin grant or the demo seed);
 * - the course has at least one lecture and each of its lectures has a completed progress row of theirs;
 * - the names and the title are copied as they are now;
 * - ON CONFLICT (user_id, course_id): one certificate per student and course, ever. The one exception is a
 *   certificate revoked because the purchase was refunded or disputed (refunds/revoke-earned.ts): a student
 *   who buys again and completes the course has it issued again (an admin's revocation stands for good).
 *
 * Why after the commit rather than inside the progress write's transaction: two lectures completed at the
 * same moment are two transactions, and under READ COMMITTED neither sees the other's uncommitted row, so
 * both would find the course incomplete and nobody would get a certificate. Run after each commit, the
 * check of the later of the two sees both rows (each statement takes a fresh snapshot), so at least one
 * check issues, and the unique constraint makes it exactly one. A crash between the two statements leaves
 * no certificate until the student's next completed-lecture write (the player sends one whenever a
 * completed lecture is played again).
 */
import { ACCESS_ENDED_REASONS } from '@lectio/contracts/messages';
import { certificates, courses, enrollments, lectureProgress, lectures, users } from '@lectio/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ServiceContext } from '../context';

/** Revocations that end with a new purchase: the access that earned the certificate ended, nothing else. */
const REISSUABLE_REASONS: string[] = Object.values(ACCESS_ENDED_REASONS);

function isReissuable(revokedReason: string | null): boolean {
  return revokedReason !== null && REISSUABLE_REASONS.includes(revokedReason);
}

/** The student's certificate for the course, if they hold one. */
export async function findCertificateId(
  ctx: ServiceContext,
  userId: string,
  courseId: string,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Issues the certificate for `courseId` to `userId` when the course is complete for them and they have
 * none yet. Returns their certificate's id (new or earlier), or null when the course is not complete.
 */
export async function issueCertificateIfComplete(
  ctx: ServiceContext,
  userId: string,
  courseId: string,
): Promise<string | null> {
  // The common case once issued: a completed lecture played again. One index lookup, no insert attempt.
  const [existing] = await ctx.db
    .select({ id: certificates.id, revokedReason: certificates.revokedReason })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1);
  if (existing && !isReissuable(existing.revokedReason)) return existing.id;

  const student = alias(users, 'student');
  const instructor = alias(users, 'instructor');
  const issuedAt = ctx.now().toISOString();
  const [issued] = await ctx.db
    .insert(certificates)
    .select((qb) =>
      qb
        .select({
          // Every column, in the table's order (INSERT lists them all); the literals cast to their column type.
          id: sql`gen_random_uuid()`,
          userId: student.id,
          courseId: courses.id,
          studentName: student.name,
          courseTitle: courses.title,
          instructorName: instructor.name,
          issuedAt: sql`${issuedAt}::timestamptz`,
          revokedAt: sql`null::timestamptz`,
          revokedReason: sql`null::text`,
        })
        .from(enrollments)
        .innerJoin(student, eq(student.id, enrollments.userId))
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .innerJoin(instructor, eq(instructor.id, courses.instructorId))
        .where(
          and(
            eq(enrollments.userId, userId),
            eq(enrollments.courseId, courseId),
            sql`exists (select 1 from ${lectures} where ${lectures.courseId} = ${courses.id})`,
            sql`not exists (
              select 1 from ${lectures}
              where ${lectures.courseId} = ${courses.id}
                and not exists (
                  select 1 from ${lectureProgress}
                  where ${lectureProgress.userId} = ${student.id}
                    and ${lectureProgress.lectureId} = ${lectures.id}
                    and ${lectureProgress.completed}
                )
            )`,
          ),
        )
        // As SQL: drizzle's typed insert-select wants the insert model's optional keys, a select can't say so.
        .getSQL(),
    )
    .onConflictDoUpdate({
      target: [certificates.userId, certificates.courseId],
      set: {
        studentName: sql`excluded.student_name`,
        courseTitle: sql`excluded.course_title`,
        instructorName: sql`excluded.instructor_name`,
        issuedAt: sql`excluded.issued_at`,
        revokedAt: null,
        revokedReason: null,
      },
      setWhere: inArray(certificates.revokedReason, REISSUABLE_REASONS),
    })
    .returning({ id: certificates.id });
  if (issued) return issued.id;
  // Nothing inserted: the course is not complete, or a concurrent call issued it first (committed by now,
  // since ON CONFLICT waited for it), which this fresh statement sees.
  return findCertificateId(ctx, userId, courseId);
}
