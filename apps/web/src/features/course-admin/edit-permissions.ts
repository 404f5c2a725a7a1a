/**
 * Who may edit which course, for showing or hiding UI (the server enforces the same rules). Spec
 * sections 2 and 6: an admin edits any course; an instructor only their own; a student's Edit click opens
 * the course, and only one they bought.
 */
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { can } from '@lectio/contracts/permissions';
import type { PublicUser } from '@lectio/contracts/user';
import { courseLink, managingBase, sectionBase, updateCourseLink } from '~/lib/links';

type Viewer = Pick<PublicUser, '_id' | 'role' | 'purchasedCourses'>;
interface OwnedCourse {
  _id: string;
  instructor: { _id: string };
}

export type EditTarget =
  | { kind: 'update'; link: ReturnType<typeof updateCourseLink> }
  | { kind: 'view'; link: ReturnType<typeof courseLink> }
  | { kind: 'denied'; reason: string };

export function ownsCourse(viewer: Pick<Viewer, '_id'> | null | undefined, course: OwnedCourse): boolean {
  return Boolean(viewer) && course.instructor._id === viewer?._id;
}

/** True when the viewer may change the course, delete it and manage its lectures. */
export function canManageCourse(viewer: Viewer | null | undefined, course: OwnedCourse): boolean {
  if (!viewer) return false;
  if (can(viewer, 'all')) return true;
  return can(viewer, 'manage_own_courses') && ownsCourse(viewer, course);
}

/** True when the viewer may create courses (the 'Create course' button). */
export function canCreateCourse(viewer: Viewer | null | undefined): boolean {
  return can(viewer, 'create_courses');
}

/** Where an Edit click on a course leads for this viewer, or why it leads nowhere. */
export function editTarget(viewer: Viewer | null | undefined, course: OwnedCourse): EditTarget {
  const denied: EditTarget = { kind: 'denied', reason: COURSE_MESSAGES.noUpdatePermission };
  if (!viewer) return denied;
  if (canManageCourse(viewer, course)) {
    return { kind: 'update', link: updateCourseLink(managingBase(viewer.role), course._id) };
  }
  if (can(viewer, 'manage_own_courses')) return denied;
  if (can(viewer, 'access_purchased_courses') && viewer.purchasedCourses.includes(course._id)) {
    return { kind: 'view', link: courseLink(sectionBase(viewer.role), course._id) };
  }
  return denied;
}
