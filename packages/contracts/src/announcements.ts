/**
 * Instructor announcements (issue 28 item 2, decision 0089): the course's instructor (or an admin) posts a
 * title and a Markdown body to every student of the course; each student gets it once, as a notification
 * and an e-mail (unless they opted out of the course's e-mail, course-mail.ts), delivered by jobs in
 * batches. Those who may open the course (its students, its instructor, admins) read the list; anyone
 * else is 403 (404 for a course they may not see at all).
 */
import { z } from 'zod';
import { VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, MANAGE_COURSES } from './permissions.js';
import {
  countNumber,
  dateTimeString,
  inputString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
} from './schema-formats.js';

export const ANNOUNCEMENT_LIMITS = {
  titleLength: 150,
  bodyLength: 10_000,
  pageDefault: 20,
  pageMax: 50,
} as const;

export const ANNOUNCEMENT_MESSAGES = {
  posted: 'Announcement posted: it is on its way to every student of the course',
  deleted: 'Announcement deleted',
  titleRequired: 'Give the announcement a title',
  titleTooLong: VALIDATION.tooLong('The title', ANNOUNCEMENT_LIMITS.titleLength),
  bodyRequired: 'Write the announcement first',
  bodyTooLong: VALIDATION.tooLong('The announcement', ANNOUNCEMENT_LIMITS.bodyLength),
  notFound: 'Announcement not found',
  noAccess: 'Only students enrolled in this course can read its announcements',
  noPostPermission: 'Only the course’s instructor or an admin can post announcements to its students',
} as const;

export const announcementSchema = z
  .object({
    _id: uuidString(),
    courseId: uuidString(),
    title: z.string(),
    /** Markdown, rendered safely by the app (no raw HTML). */
    body: z.string(),
    /** Who posted it (null once their account is gone). */
    authorName: z.string().nullable(),
    createdAt: dateTimeString(),
    /**
     * How far its delivery went: only for those who manage the course (null for students). `recipients`
     * students have it so far; `completed` once every student of the course has.
     */
    delivery: z.object({ recipients: countNumber(), completed: z.boolean() }).nullable(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof announcementSchema>;

export const postAnnouncementRequestSchema = z.object({
  courseId: uuidInput(),
  title: inputString({ error: ANNOUNCEMENT_MESSAGES.titleRequired })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.titleRequired)
    .max(ANNOUNCEMENT_LIMITS.titleLength, ANNOUNCEMENT_MESSAGES.titleTooLong),
  body: inputString({ error: ANNOUNCEMENT_MESSAGES.bodyRequired })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.bodyRequired)
    .max(ANNOUNCEMENT_LIMITS.bodyLength, ANNOUNCEMENT_MESSAGES.bodyTooLong),
});
export type PostAnnouncementRequest = z.input<typeof postAnnouncementRequestSchema>;

export const announcementPageSchema = pageOutput('announcements', announcementSchema).meta({
  id: 'AnnouncementPage',
});

export const announcementOperations = defineOperations({
  list: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'A course’s announcements, newest first (cursor pagination)',
    description:
      'For its enrolled students, its instructor and admins; anyone else signed in is 403, and a course ' +
      'they may not see at all is 404. `delivery` is filled for those who manage the course only.',
    input: z.object({
      courseId: uuidInput(),
      ...pageInput(ANNOUNCEMENT_LIMITS.pageMax, ANNOUNCEMENT_LIMITS.pageDefault),
    }),
    output: z.object({ data: announcementPageSchema }),
    rest: { method: 'GET', path: '/courses/{courseId}/announcements' },
    errors: ['NOT_FOUND'],
  },
  post: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Post an announcement to every student of a course (its instructor or an admin)',
    description:
      'Answers at once; the students get it by jobs in batches, each exactly once: a notification, and an ' +
      'e-mail unless they opted out of the course’s e-mail. Another instructor’s course is 403.',
    input: postAnnouncementRequestSchema,
    output: z.object({ message: z.string(), data: z.object({ announcement: announcementSchema }) }),
    rest: { method: 'POST', path: '/courses/{courseId}/announcements', status: 201 },
    errors: ['NOT_FOUND'],
    rateLimit: 'announcement',
  },
  delete: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Delete an announcement (the course’s instructor or an admin)',
    description:
      'It leaves the course page; a delivery still under way stops. Notifications and e-mails already ' +
      'delivered stay where they are.',
    input: z.object({ announcementId: uuidInput() }),
    output: z.object({ message: z.string() }),
    rest: { method: 'DELETE', path: '/announcements/{announcementId}' },
    errors: ['NOT_FOUND'],
  },
});
