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
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { badRequest, notFound } from '../../lib/errors';
import type { ServiceContext } from '../context';

interface Cursor {
  createdAt: Date;
  id: string;
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');

function decodeCursor(value: string): Cursor {
  const [createdAt = '', id = '', extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const date = new Date(createdAt);
  if (extra !== undefined || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
  return { createdAt: date, id };
}

export async function listMail(ctx: ServiceContext, input: MailListQuery): Promise<MailPage> {
  const query = mailListQuerySchema.parse(input);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(mailMessages.status, query.status));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    const after = or(
      lt(mailMessages.createdAt, cursor.createdAt),
      and(eq(mailMessages.createdAt, cursor.createdAt), lt(mailMessages.id, cursor.id)),
    );
    if (after) conditions.push(after);
  }
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
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
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
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    outbox: ctx.mail.readOutbox !== undefined,
  };
}

/** The written file of a message, while the file driver is in use; 404 otherwise. */
export async function outboxMessage(ctx: ServiceContext, id: string): Promise<OutboxMessage> {
  const message = (await ctx.mail.readOutbox?.(id)) ?? null;
  if (!message) throw notFound(MAIL_MESSAGES.notFound);
  return message;
}
