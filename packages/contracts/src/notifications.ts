/**
 * In-app notifications (issue 15, item 3): a row per recipient, written by the service that caused it in
 * the same transaction as the event, so there are no phantoms (a notification of a rolled-back event)
 * and no misses (an event without its notification).
 */

import { z } from 'zod';
import { defineOperations } from './operation.js';
import { AUTHENTICATED } from './permissions.js';
import {
  countNumber,
  dateTimeString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
} from './schema-formats.js';

/** What a notification is about. The database checks a row's kind against this list. */
export const NOTIFICATION_KINDS = [
  'purchase_succeeded',
  'student_enrolled',
  'course_published',
  'course_unpublished',
  'refund_issued',
  'review_posted',
  'review_replied',
  'payout_paid',
  'role_changed',
  'account_reactivated',
  'application_received',
  'application_approved',
  'application_declined',
  'question_asked',
  'question_answered',
  'announcement_posted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_PAGE_MAX = 50;
/** How many of the newest the bell shows. */
export const NOTIFICATION_BELL_LATEST = 5;
/**
 * How often an open app asks for the bell's summary (and on focus). Polling with an ETag, not
 * server-sent events: see docs/decisions/0043-notifications-by-polling-with-etag.md.
 */
export const NOTIFICATION_POLL_SECONDS = 15;

export const notificationSchema = z
  .object({
    _id: uuidString(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    /**
     * What to open, as a path inside the recipient's dashboard section (`course/{id}`, `earnings`; ''
     * is its home), or null. The app puts it under the section of the recipient's role at the time of
     * the click (`notificationHref`), so a notification still opens after a role change.
     */
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: dateTimeString(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

const unreadCount = () => countNumber().meta({ description: 'The signed-in user’s unread notifications.' });

export const notificationOperations = defineOperations({
  summary: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'The bell: the unread count and the newest notifications',
    description:
      'Polled by the app. Answered `Cache-Control: private, no-cache` with an ETag: a request with a ' +
      'matching `If-None-Match` gets 304 and no body.',
    output: z.object({
      unreadCount: unreadCount(),
      latest: z.array(notificationSchema).max(NOTIFICATION_BELL_LATEST),
    }),
    rest: { method: 'GET', path: '/notifications/summary' },
    cache: { revalidate: 'private' },
  },
  list: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'The signed-in user’s notifications, newest first, a page at a time',
    input: z.object(pageInput(NOTIFICATION_PAGE_MAX, 20)),
    output: pageOutput('notifications', notificationSchema).extend({ unreadCount: unreadCount() }),
    rest: { method: 'GET', path: '/notifications' },
  },
  markRead: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Mark one of the signed-in user’s notifications read (404 for anyone else’s)',
    input: z.object({ id: uuidInput() }),
    output: z.object({ unreadCount: unreadCount() }),
    rest: { method: 'POST', path: '/notifications/{id}/read' },
    errors: ['NOT_FOUND'],
  },
  markAllRead: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Mark every notification of the signed-in user read',
    input: z.object({}).strict(),
    output: z.object({ marked: countNumber(), unreadCount: unreadCount() }),
    rest: { method: 'POST', path: '/notifications/read-all' },
  },
});

/** Where a notification's `link` goes for a user whose dashboard section is `basePath` (roleBasePath). */
export function notificationHref(basePath: string, link: string): string {
  return link === '' ? basePath : `${basePath}/${link}`;
}
