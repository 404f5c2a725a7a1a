/**
 * Typed links into the dashboard sections (spec section 2): `{base}/course/{id}` and the other screens that
 * exist under every role's base path, as TanStack Router link options (`to` from the file-route tree,
 * parameters in `params`), so a renamed or removed route fails the type check instead of a click.
 *
 * {base} is the contract's `roleBasePath(role)`; `sectionBase` narrows it to the three section routes.
 * The course-management screens exist only in the admin and instructor sections (`ManagingBase`).
 */
import { roleBasePath } from '@lectio/contracts/navigation';
import { linkOptions, type ToOptions } from '@tanstack/react-router';

/**
 * Every path a link may go to, from the registered router's types (not by importing the generated route
 * tree, which imports every screen and so, through them, this module).
 */
export type RoutePath = NonNullable<ToOptions['to']>;

/** The base paths of the three dashboard sections (ROLE_BASE_PATHS). */
export type SectionBase = '/dashboard' | '/dashboard/admin' | '/dashboard/instructor';
/** The sections with the course-management screens. */
export type ManagingBase = Exclude<SectionBase, '/dashboard'>;

const SECTION_BASES: readonly SectionBase[] = ['/dashboard', '/dashboard/admin', '/dashboard/instructor'];

/** The role's dashboard base path ({base}), as a route path; an unknown role falls back to /dashboard. */
export function sectionBase(role: string | null | undefined): SectionBase {
  const base = roleBasePath(role);
  return SECTION_BASES.find((candidate) => candidate === base) ?? '/dashboard';
}

/**
 * The base path of a course-management screen's section. Only admins and instructors reach those screens
 * (the section guard); for anyone else the links lead to the instructor section, whose guard refuses them.
 */
export function managingBase(role: string | null | undefined): ManagingBase {
  const base = sectionBase(role);
  return base === '/dashboard' ? '/dashboard/instructor' : base;
}

/**
 * Whether `path` is a route of the app (the sidebar's paths come from the contract's table), checked
 * against the router's own `routesByPath`.
 */
export function isRoutePath(routesByPath: object, path: string): path is RoutePath {
  return Object.hasOwn(routesByPath, path);
}

/** The section's home. */
export const sectionHomeLink = (base: SectionBase) => linkOptions({ to: base });

/** All courses (the catalogue inside the section). */
export const sectionCoursesLink = (base: SectionBase) => linkOptions({ to: `${base}/courses` as const });

/** The profile page (name, photo, password, account); `hash` jumps to one of its sections. */
export const profileLink = (base: SectionBase, hash?: string) =>
  linkOptions({ to: `${base}/profile` as const, ...(hash ? { hash } : {}) });

/** My courses. */
export const myCoursesLink = (base: SectionBase) => linkOptions({ to: `${base}/mycourse` as const });

/** A course's page: /course/{id} for a visitor (no base), {base}/course/{id} once signed in. */
export function courseLink(base: SectionBase | null, courseId: string) {
  return base === null
    ? linkOptions({ to: '/course/$id', params: { id: courseId } })
    : linkOptions({ to: `${base}/course/$id` as const, params: { id: courseId } });
}

/** One lecture in the player; with `seconds` (a note's time, `?t=`) its video starts there. */
export const lectureLink = (base: SectionBase, courseId: string, lectureId: string, seconds?: number) =>
  linkOptions({
    to: `${base}/course/$id/lecture/$lectureId` as const,
    params: { id: courseId, lectureId },
    search: seconds === undefined ? {} : { t: seconds },
  });

/** Checkout for a course, with the coupon code a shared link carried (`?coupon=`), if any. */
export const checkoutLink = (base: SectionBase, courseId: string, coupon?: string) =>
  linkOptions({
    to: `${base}/checkout/$id` as const,
    params: { id: courseId },
    search: coupon ? { coupon } : {},
  });

/** The managed course list. */
export const courseListLink = (base: ManagingBase) => linkOptions({ to: `${base}/course-list` as const });

/** Create a course. */
export const createCourseLink = (base: ManagingBase) => linkOptions({ to: `${base}/create` as const });

/** Edit a course. */
export const updateCourseLink = (base: ManagingBase, courseId: string) =>
  linkOptions({ to: `${base}/update/$courseId` as const, params: { courseId } });

/** A course's lectures (add, order, edit, delete). */
export const courseLecturesLink = (base: ManagingBase, courseId: string) =>
  linkOptions({ to: `${base}/create-lecture/$courseId` as const, params: { courseId } });

/** A course's gradebook (students' progress and quiz results). */
export const gradebookLink = (base: ManagingBase, courseId: string) =>
  linkOptions({ to: `${base}/gradebook/$courseId` as const, params: { courseId } });

/** Edit one lecture. */
export const updateLectureLink = (base: ManagingBase, lectureId: string) =>
  linkOptions({ to: `${base}/updatelecture/$lectureId` as const, params: { lectureId } });
