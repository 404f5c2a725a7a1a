/**
 * What the members-only lesson features (notes, questions and answers) take: the course in full
 * (enrolled, or managing it: `canAccessAll`; a free preview opens a lesson to every visitor but makes
 * nobody a member) and, for one lesson, that lesson open to the viewer (mayOpenLesson: its section open
 * for a learner, decision 0076). One rule, worded by each feature.
 */
import { CURRICULUM_MESSAGES } from '@lectio/contracts/curriculum';
import { forbidden } from '../../lib/errors';
import type { CourseAccess } from '../courses/course-access';
import { mayOpenLesson } from '../courses/present-course';
import { closedUntil } from '../curriculum/drip';
import type { LectureFields } from './lecture-fields';

/** 403 with `noAccess` unless the viewer has the whole course. */
export function assertCourseMember(access: CourseAccess, noAccess: string): void {
  if (!access.canAccessAll) throw forbidden(noAccess);
}

/** 403 unless the viewer has the course and may open this lesson now (the section's date when closed). */
export function assertMemberMayOpen(
  lecture: LectureFields,
  access: CourseAccess,
  now: Date,
  noAccess: string,
): void {
  assertCourseMember(access, noAccess);
  if (mayOpenLesson(lecture, access, now)) return;
  const closed = closedUntil(lecture, access, now);
  throw forbidden(closed ? CURRICULUM_MESSAGES.sectionLocked(closed.toISOString()) : noAccess);
}
