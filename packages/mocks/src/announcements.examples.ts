/**
 * The announcements.* and courseMail.* operations' OpenAPI examples: what a client sends, and the answer
 * where no factory gives it (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@lectio/contracts/announcements';
import { COURSE_MAIL_MESSAGES, type CourseMailSubscription } from '@lectio/contracts/course-mail';
import { CREATED_AT, ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const ANNOUNCEMENT = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
/** A token as the server signs them (the student and the course, and a 128-bit MAC), base64url. */
const TOKEN = 'LT5PWmt8TY6fChssPU5fYD8rjB5qTU6PmxosXX6fChJVO18jfhAyQBvA_CXZ7Ozo';

const announcement: Announcement = {
  _id: ANNOUNCEMENT,
  courseId: ids.course,
  title: 'Lesson 4 was re-recorded',
  body: 'The video of lesson 4 is new: **clearer audio** and the corrected example.',
  authorName: 'Ada Instructor',
  createdAt: CREATED_AT,
  delivery: { recipients: 0, completed: false },
};

const subscription: CourseMailSubscription = {
  courseId: ids.course,
  courseTitle: 'TypeScript from scratch',
  emails: false,
};

export const announcementExamples: NamespaceExamples<'announcements'> = {
  list: { input: { courseId: ids.course } },
  post: {
    input: { courseId: ids.course, title: announcement.title, body: announcement.body },
    output: { message: ANNOUNCEMENT_MESSAGES.posted, data: { announcement } },
  },
  delete: { input: { announcementId: ANNOUNCEMENT }, output: { message: ANNOUNCEMENT_MESSAGES.deleted } },
};

export const courseMailExamples: NamespaceExamples<'courseMail'> = {
  byToken: { input: { token: TOKEN } },
  unsubscribe: {
    input: { token: TOKEN },
    output: { message: COURSE_MAIL_MESSAGES.unsubscribed(subscription.courseTitle), data: subscription },
  },
  resubscribe: {
    input: { token: TOKEN },
    output: {
      message: COURSE_MAIL_MESSAGES.resubscribed(subscription.courseTitle),
      data: { ...subscription, emails: true },
    },
  },
  preference: { input: { courseId: ids.course } },
  setPreference: {
    input: { courseId: ids.course, emails: false },
    output: { message: COURSE_MAIL_MESSAGES.emailsOff, data: subscription },
  },
};
