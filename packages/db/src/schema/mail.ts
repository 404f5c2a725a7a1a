/**
 * Every e-mail the server sends, one row per message: what was sent to whom and whether it went out. The
 * job queue carries the send and its retries; this row is what the admin sees (failed sends included).
 * The body is kept only until the message is sent: it may hold a single-use link.
 */
import { MAIL_STATUSES, type MailStatus } from '@lectio/contracts/mail';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref } from './columns';
import { users } from './users';

export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    /** The account the message is about, when there is one. */
    userId: ref('user_id', () => users.id, 'set null'),
    toAddress: text('to_address').notNull(),
    /** Which template made it: `password_reset`, `email_verification`, ... */
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    /**
     * A course e-mail's one-click unsubscribe address: sent as List-Unsubscribe (with
     * List-Unsubscribe-Post, RFC 8058) and kept after the body is dropped.
     */
    unsubscribeUrl: text('unsubscribe_url'),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_messages_status_check', oneOf(t.status, MAIL_STATUSES)),
    index('mail_messages_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('mail_messages_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

export type MailMessage = typeof mailMessages.$inferSelect;
export type NewMailMessage = typeof mailMessages.$inferInsert;
