/**
 * URLs of the purchase and learning screens under a role's base path (spec section 2): checkout, my
 * courses and the lecture player exist in every dashboard section, so links stay in the viewer's own.
 */
import type { Lecture } from '@lectio/contracts/lecture';

export function checkoutPath(base: string, courseId: string): string {
  return `${base}/checkout/${encodeURIComponent(courseId)}`;
}

export function myCoursesPath(base: string): string {
  return `${base}/mycourse`;
}

export function coursePath(base: string, courseId: string): string {
  return `${base}/course/${encodeURIComponent(courseId)}`;
}

export function lecturePath(base: string, courseId: string, lectureId: string): string {
  return `${coursePath(base, courseId)}/lecture/${encodeURIComponent(lectureId)}`;
}

/** Lectures in course order (the server sends them so; sorting again keeps the UI right regardless). */
export function inCourseOrder<T extends Pick<Lecture, 'order'>>(lectures: readonly T[]): T[] {
  return [...lectures].sort((a, b) => a.order - b.order);
}
