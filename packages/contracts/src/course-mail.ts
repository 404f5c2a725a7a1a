/**
 * A user's e-mail about one course (issue 28, decision 0089): announcements and answers to questions they
 * follow are e-mailed unless they opted out of that course. Every such e-mail carries a one-click
 * unsubscribe link (`/unsubscribe?token=…`, also its List-Unsubscribe header): the token is signed by the
 * server for one user and one course, needs no sign-in, and does not expire. Signed in, a user sees and
 * changes their own choice per course.
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, PUBLIC } from './permissions.js';
import { inputString, uuidInput, uuidString } from './schema-formats.js';

/** The web page an unsubscribe link opens; a POST to it (RFC 8058 one-click) unsubscribes at once. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export const COURSE_MAIL_MESSAGES = {
  tokenInvalid:
    'This unsubscribe link is not valid. Copy the whole link from the e-mail, or change your e-mail settings on the course page.',
  unsubscribed: (course: string) => `You will get no more e-mail about ${course}.`,
  resubscribed: (course: string) => `You will get e-mail about ${course} again.`,
  emailsOn: 'You will get e-mail about this course',
  emailsOff: 'You will get no e-mail about this course',
  courseGone: 'This course no longer exists',
  accountGone: 'The account this link was sent to no longer exists',
} as const;

const tokenInput = () =>
  inputString({ error: COURSE_MAIL_MESSAGES.tokenInvalid })
    .min(1, COURSE_MAIL_MESSAGES.tokenInvalid)
    .max(200, COURSE_MAIL_MESSAGES.tokenInvalid);

export const courseMailSubscriptionSchema = z
  .object({
    courseId: uuidString(),
    courseTitle: z.string(),
    /** True while the user gets e-mail about the course (they have not opted out). */
    emails: z.boolean(),
  })
  .meta({ id: 'CourseMailSubscription' });
export type CourseMailSubscription = z.infer<typeof courseMailSubscriptionSchema>;

const subscriptionAnswer = z.object({ data: courseMailSubscriptionSchema });
const subscriptionChange = z.object({ message: z.string(), data: courseMailSubscriptionSchema });

export const courseMailOperations = defineOperations({
  byToken: {
    kind: 'query',
    access: PUBLIC,
    summary: 'What an unsubscribe link is about: its course and whether its user gets that course’s e-mail',
    description:
      'No sign-in: the token (from the link) is the authority. An altered or unknown token is 400; changes nothing.',
    input: z.object({ token: tokenInput() }),
    output: subscriptionAnswer,
    rest: { method: 'GET', path: '/course-mail/subscription' },
    errors: ['NOT_FOUND'],
  },
  unsubscribe: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Stop the e-mail about one course for the link’s user (no sign-in)',
    description:
      'Only the user and course the token was signed for; an altered token is 400 and changes nothing. ' +
      'Unsubscribing twice is fine. Mail clients use `POST /unsubscribe?token=…` (RFC 8058 one-click), ' +
      'which does the same.',
    input: z.object({ token: tokenInput() }),
    output: subscriptionChange,
    rest: { method: 'POST', path: '/course-mail/unsubscribe' },
    errors: ['NOT_FOUND'],
  },
  resubscribe: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Undo an unsubscribe: the link’s user gets the course’s e-mail again (no sign-in)',
    input: z.object({ token: tokenInput() }),
    output: subscriptionChange,
    rest: { method: 'POST', path: '/course-mail/resubscribe' },
    errors: ['NOT_FOUND'],
  },
  preference: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'Whether you get e-mail about a course',
    description: 'A course you may not see is 404.',
    input: z.object({ courseId: uuidInput() }),
    output: subscriptionAnswer,
    rest: { method: 'GET', path: '/courses/{courseId}/mail-preference' },
    errors: ['NOT_FOUND'],
  },
  setPreference: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Get, or stop getting, e-mail about a course',
    description: 'Only your own choice; a course you may not see is 404.',
    input: z.object({
      courseId: uuidInput(),
      emails: z.boolean({ error: 'emails must be true or false' }),
    }),
    output: subscriptionChange,
    rest: { method: 'PUT', path: '/courses/{courseId}/mail-preference' },
    errors: ['NOT_FOUND'],
  },
});
