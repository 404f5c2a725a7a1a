/**
 * `mail.list`: the messages newest first, with a keyset cursor over (created_at, id) (the
 * mail_messages_created_at_idx and, with a status, mail_messages_status_idx). Never the body.
 */

import {
  type MailListQuery,
  type MailMessage,
  type MailPage,
  mailListQuerySchema,
  type OutboxMessage,
} from '@lectio/contracts/mail';
import { MAIL_MESSAGES } from '@lectio/contracts/messages';
import { mailMessages } from '@lectio/db';
import { and, eq, type SQL } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { newestFirst, pageOf } from '../../lib/newest-first';
import { maskTokenLinks } from '../../mail/templates';
import type { Actor, ServiceContext } from '../context';

/** Whether mail is written to files for the operator (no SMTP) rather than delivered: the outbox's driver. */
export function mailStaysOnServer(ctx: Pick<ServiceContext, 'mail'>): boolean {
  return ctx.mail.readOutbox !== undefined;
}

export async function listMail(ctx: ServiceContext, input: MailListQuery): Promise<MailPage> {
  const query = mailListQuerySchema.parse(input);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(mailMessages.status, query.status));
  const { after, order } = newestFirst(mailMessages.createdAt, mailMessages.id, query.cursor);
  if (after) conditions.push(after);
  const rows = await ctx.db
    .select({
      id: mailMessages.id,
      to: mailMessages.toAddress,
      template: mailMessages.template,
      subject: mailMessages.subject,
      status: mailMessages.status,
      attempts: mailMessages.attempts,
      lastError: mailMessages.lastError,
      createdAt: mailMessages.createdAt,
      sentAt: mailMessages.sentAt,
    })
    .from(mailMessages)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit + 1);
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => row);
  return {
    messages: page.map(
      (row): MailMessage => ({
        _id: row.id,
        to: row.to,
        template: row.template,
        subject: row.subject,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }),
    ),
    nextCursor,
    outbox: mailStaysOnServer(ctx),
  };
}

/**
 * The written file of a message, while the file driver is in use; 404 otherwise. An account-token link
 * (a reset or verification link) is hidden unless the admin reading is the one it was sent to: the outbox
 * is for reading mail on an instance without SMTP, never for signing in as someone (decision 0047). The
 * files under DATA_DIR/mail keep it: they are the operator's, who has the disk anyway.
 */
export async function outboxMessage(ctx: ServiceContext, reader: Actor, id: string): Promise<OutboxMessage> {
  const [row] = isUuid(id)
    ? await ctx.db
        .select({ template: mailMessages.template, to: mailMessages.toAddress })
        .from(mailMessages)
        .where(eq(mailMessages.id, id))
    : [];
  const message = row ? ((await ctx.mail.readOutbox?.(id)) ?? null) : null;
  if (!row || !message) throw notFound(MAIL_MESSAGES.notFound);
  if (row.to.toLowerCase() === reader.email.toLowerCase()) return message;
  return maskTokenLinks(message, row.template, ctx.config.publicUrl, MAIL_MESSAGES.tokenLinkHidden);
}
