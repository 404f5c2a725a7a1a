/** Factories for the announcements.* and courseMail.* answers (an instructor's posts; e-mail per course; see sequence.ts for ids). */
import type { Announcement } from '@lectio/contracts/announcements';
import type { CourseMailSubscription } from '@lectio/contracts/course-mail';
import { given, isoAt, next, nextId, sequentialUuid } from './sequence.js';

export type { Announcement, CourseMailSubscription };

/** An announcement as a student reads it (`delivery: null`); pass `delivery` for a manager's view. */
export function buildAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  const n = next();
  return {
    _id: sequentialUuid(n),
    courseId: nextId(),
    title: `Lesson ${n} was re-recorded`,
    body: `The video of lesson ${n} is new: **clearer audio** and the corrected example.\n\n- Watch it again from 2:10\n- The slides are in its resources`,
    authorName: `Instructor ${n}`,
    createdAt: isoAt(n),
    delivery: null,
    ...given(overrides),
  };
}

/** A user's e-mail setting for one course (on: they get its e-mail). */
export function buildCourseMailSubscription(
  overrides: Partial<CourseMailSubscription> = {},
): CourseMailSubscription {
  const n = next();
  return { courseId: nextId(), courseTitle: `Course ${n}`, emails: true, ...given(overrides) };
}
