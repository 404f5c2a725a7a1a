/**
 * The order of a course's lectures. Links to the purchase and learning screens under a role's base path
 * (checkout, my courses, the lecture player) are typed link options in lib/links.ts.
 */
import type { Lecture } from '@lectio/contracts/lecture';

/** Lectures in course order (the server sends them so; sorting again keeps the UI right regardless). */
export function inCourseOrder<T extends Pick<Lecture, 'order'>>(lectures: readonly T[]): T[] {
  return [...lectures].sort((a, b) => a.order - b.order);
}
