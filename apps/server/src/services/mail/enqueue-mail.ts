/**
 * Queues an e-mail: one mail_messages row (what the admin sees) and one job that sends it, both in the
 * caller's transaction when it passes one, so the message exists exactly when what it is about was
 * committed. The request never waits for a mail server: the job worker sends it (deliver-mail.ts).
 */
import { type Database, mailMessages } from '@lectio/db';
import type { RenderedMail } from '../../mail/templates';
import type { ServiceContext } from '../context';

/** The pg-boss queue of mail deliveries; a job's id is its message's id. */
export const MAIL_QUEUE = 'mail.deliver';

export interface MailDeliveryJob {
  messageId: string;
}

export interface MailToQueue extends RenderedMail {
  /** The account the message is about, when there is one. */
  userId?: string | null;
  to: string;
  /** A course e-mail's one-click unsubscribe address (services/course-mail). */
  unsubscribeUrl?: string | null;
}

/**
 * Queues many messages in the caller's transaction `tx`: one insert of their rows and one of their jobs
 * (a course's e-mail to hundreds of students at a time). Returns their ids, in order.
 */
export async function enqueueMails(
  ctx: Pick<ServiceContext, 'jobs' | 'now'>,
  messages: readonly MailToQueue[],
  tx: Database,
): Promise<string[]> {
  if (messages.length === 0) return [];
  const createdAt = ctx.now();
  const rows = await tx
    .insert(mailMessages)
    .values(
      messages.map((message) => ({
        userId: message.userId ?? null,
        toAddress: message.to,
        template: message.template,
        subject: message.subject,
        text: message.text,
        html: message.html,
        unsubscribeUrl: message.unsubscribeUrl ?? null,
        createdAt,
      })),
    )
    .returning({ id: mailMessages.id });
  await ctx.jobs.sendMany(
    MAIL_QUEUE,
    rows.map((row) => ({ id: row.id, data: { messageId: row.id } satisfies MailDeliveryJob })),
    { tx },
  );
  return rows.map((row) => row.id);
}

/** Returns the message's id. */
export async function enqueueMail(
  ctx: Pick<ServiceContext, 'db' | 'jobs' | 'now'>,
  message: MailToQueue,
  tx?: Database,
): Promise<string> {
  const queue = async (db: Database) => {
    const [row] = await db
      .insert(mailMessages)
      .values({
        userId: message.userId ?? null,
        toAddress: message.to,
        template: message.template,
        subject: message.subject,
        text: message.text,
        html: message.html,
        unsubscribeUrl: message.unsubscribeUrl ?? null,
        createdAt: ctx.now(),
      })
      .returning({ id: mailMessages.id });
    if (!row) throw new Error('mail insert returned no row');
    const job: MailDeliveryJob = { messageId: row.id };
    await ctx.jobs.send(MAIL_QUEUE, job, { tx: db, id: row.id });
    return row.id;
  };
  return tx ? queue(tx) : ctx.db.transaction(queue);
}
