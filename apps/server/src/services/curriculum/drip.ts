/**
 * Drip release (issue 26 item 4, decision 0076): a section opens a number of days after the learner's
 * enrollment, or at an instant. Until then its lessons are closed to learners: no video URL, locked in
 * every lesson list, progress refused. Never to the course's instructor or admins, and never a free
 * preview (previews are open to every visitor).
 */
import type { CourseAccess } from '../courses/course-access';

const DAY_MS = 86_400_000;

/** A section's rule as lesson rows carry it: days after enrollment, or an instant in epoch ms. */
export interface DripRule {
  sectionOpensAfterDays: number | null;
  sectionOpensAtMs: number | null;
}

/** When a section under `rule` opens for a learner enrolled at `enrolledAt` (null: no rule applies). */
export function opensFor(rule: DripRule, enrolledAt: Date | null): Date | null {
  if (rule.sectionOpensAtMs !== null) return new Date(rule.sectionOpensAtMs);
  if (rule.sectionOpensAfterDays !== null && enrolledAt) {
    return new Date(enrolledAt.getTime() + rule.sectionOpensAfterDays * DAY_MS);
  }
  return null;
}

/** Whether the viewer is a learner of the course (enrolled, not managing it): the only one drip holds back. */
export const isLearner = (access: Pick<CourseAccess, 'canManage' | 'enrolledAt'>): boolean =>
  !access.canManage && access.enrolledAt !== null;

/** Until when the lesson stays closed to this viewer, or null when it is open to them (or not theirs). */
export function closedUntil(
  lesson: DripRule & { isPreview: boolean },
  access: Pick<CourseAccess, 'canManage' | 'enrolledAt'>,
  now: Date,
): Date | null {
  if (!isLearner(access) || lesson.isPreview) return null;
  const opens = opensFor(lesson, access.enrolledAt);
  return opens && opens > now ? opens : null;
}
