/**
 * The admin's view of the e-mail the server sends (docs/decisions/0035-mail-and-account-tokens.md): every
 * message with its delivery status, never its body; and, while no SMTP server is configured (the messages
 * are written to files under DATA_DIR/mail), the development outbox, which shows a written message so
 * that its links can be followed.
 */
import { z } from 'zod';
import { MAIL_MESSAGES } from './messages.js';
import { defineOperations } from './operation.js';
import { requires } from './permissions.js';
import {
  countNumber,
  dateTimeString,
  emailString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
} from './schema-formats.js';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_PAGE_DEFAULT_LIMIT = 20;
export const MAIL_PAGE_MAX_LIMIT = 100;

export const mailMessageSchema = z
  .object({
    _id: uuidString(),
    to: emailString(),
    /** Which template made it: `password_reset`, `email_verification`. */
    template: z.string(),
    subject: z.string(),
    /** queued: waiting for (another) attempt; sent; failed: every attempt failed (see `lastError`). */
    status: z.enum(MAIL_STATUSES),
    attempts: countNumber(),
    lastError: z.string().nullable(),
    createdAt: dateTimeString(),
    sentAt: dateTimeString().nullable(),
  })
  .meta({ id: 'MailMessage' });
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailPageSchema = pageOutput('messages', mailMessageSchema)
  .extend({
    /** True while messages are written to files (no SMTP_URL): `mail.outboxMessage` can show them. */
    outbox: z.boolean(),
  })
  .meta({ id: 'MailPage' });
export type MailPage = z.infer<typeof mailPageSchema>;

export const mailListQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES, { error: `status must be one of ${MAIL_STATUSES.join(', ')}` }).optional(),
  ...pageInput(MAIL_PAGE_MAX_LIMIT, MAIL_PAGE_DEFAULT_LIMIT),
});
export type MailListQuery = z.input<typeof mailListQuerySchema>;

/** A message as the file driver wrote it. */
export const outboxMessageSchema = z
  .object({
    _id: uuidString(),
    from: z.string(),
    to: emailString(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    /**
     * Headers sent beside the usual ones: a course e-mail's `List-Unsubscribe` and
     * `List-Unsubscribe-Post` (RFC 8058 one-click).
     */
    headers: z.record(z.string(), z.string()).optional(),
    writtenAt: dateTimeString(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

const ADMIN = requires('all');

export const mailOperations = defineOperations({
  list: {
    kind: 'query',
    access: ADMIN,
    summary: 'The e-mail the server sent or is sending, newest first (cursor pagination)',
    description:
      'Addresses, subjects and delivery status only, never a body. A failed message (every attempt failed) ' +
      'carries the last error.',
    input: mailListQuerySchema,
    output: mailPageSchema,
    rest: { method: 'GET', path: '/mail' },
  },
  outboxMessage: {
    kind: 'query',
    access: ADMIN,
    summary: 'A message of the development outbox: its text and HTML as written to DATA_DIR/mail',
    description: `Only while no SMTP server is configured; otherwise, and for a message not written (yet), a 404 "${MAIL_MESSAGES.notFound}".`,
    input: z.object({ id: uuidInput() }),
    output: z.object({ message: outboxMessageSchema }),
    rest: { method: 'GET', path: '/mail/{id}/outbox' },
    errors: ['NOT_FOUND'],
  },
});
