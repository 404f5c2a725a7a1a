/**
 * What access earned ends with the access (issue 23, item 1; docs/decisions/0046). When a refund or a
 * lost dispute ends an enrollment, in the same transaction:
 * - the buyer's certificate for the course is revoked with the reason (verification then says revoked,
 *   and its PDF is refused like any revoked certificate's);
 * - their review is hidden with the reason, under the course row's lock, and the course's rating is
 *   recomputed from the visible reviews (as every review write does; decision 0036);
 * - their progress is kept: should they buy again, it counts again, and completing the course then
 *   issues their certificate anew (services/certificates/issue-certificate.ts reinstates one revoked
 *   for this reason, never one an admin revoked).
 * The caller invalidates the cached catalogue after its commit (the rating is on the cards).
 */
import { ACCESS_ENDED_REASONS } from '@lectio/contracts/messages';
import { certificates, type Database, reviews } from '@lectio/db';
import { lockCourseForRating, recomputeCourseRating } from '@lectio/db/course-rating';
import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../context';

export type AccessEndCause = keyof typeof ACCESS_ENDED_REASONS;

export async function revokeWhatAccessEarned(
  tx: Database,
  ctx: ServiceContext,
  ended: { userId: string; courseId: string; cause: AccessEndCause },
): Promise<void> {
  const reason = ACCESS_ENDED_REASONS[ended.cause];
  const now = ctx.now();
  await tx
    .update(certificates)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(certificates.userId, ended.userId),
        eq(certificates.courseId, ended.courseId),
        isNull(certificates.revokedAt),
      ),
    );
  if (!(await lockCourseForRating(tx, ended.courseId))) return;
  const hidden = await tx
    .update(reviews)
    .set({ hiddenAt: now, hiddenReason: reason })
    .where(
      and(eq(reviews.userId, ended.userId), eq(reviews.courseId, ended.courseId), isNull(reviews.hiddenAt)),
    )
    .returning({ id: reviews.id });
  if (hidden.length > 0) await recomputeCourseRating(tx, ended.courseId);
}
