/**
 * The mail worker's job: send one queued message through the mail port and record the outcome on its row.
 *
 * - Each attempt adds one to `attempts`; a failure records `last_error` and throws, so that pg-boss retries
 *   the job (MAIL_RETRY_LIMIT times, MAIL_RETRY_DELAY_SECONDS doubling up to an hour); the last failure
 *   marks the message `failed`, which the admin sees in `mail.list`.
 * - Once sent (or failed for good) the body is cleared: it may hold a single-use link.
 * - A message that is no longer queued (sent by an earlier attempt whose completion was lost) is left
 *   alone: delivery is at least once, and this keeps it from being twice in the common case.
 */
import { mailMessages } from '@lectio/db';
import { and, eq, sql } from 'drizzle-orm';
import type { JobAttemptInfo, JobDefinition } from '../../jobs/job-queue';
import { errorText } from '../../jobs/job-queue';
import { redactedErrorText } from '../../lib/log-redaction';
import type { ServiceContext } from '../context';
import { MAIL_QUEUE, type MailDeliveryJob } from './enqueue-mail';

const LAST_ERROR_MAX_LENGTH = 1000;
/** The longest wait between two attempts. */
const RETRY_DELAY_MAX_SECONDS = 3600;

export function mailDeliveryJob(ctx: ServiceContext): JobDefinition<MailDeliveryJob> {
  const { retryLimit, retryDelaySeconds } = ctx.config.mail;
  return {
    name: MAIL_QUEUE,
    options: {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: retryDelaySeconds > 0,
      ...(retryDelaySeconds > 0 ? { retryDelayMax: RETRY_DELAY_MAX_SECONDS } : {}),
      // Far above the SMTP driver's 30 s timeouts: only a worker that died leaves a job active this long.
      expireInSeconds: 300,
      deleteAfterSeconds: 86_400,
    },
    handler: (job, attempt) => deliverMail(ctx, job.messageId, attempt),
  };
}

export async function deliverMail(
  ctx: ServiceContext,
  messageId: string,
  attempt: JobAttemptInfo,
): Promise<void> {
  const [message] = await ctx.db
    .update(mailMessages)
    .set({ attempts: sql`${mailMessages.attempts} + 1` })
    .where(and(eq(mailMessages.id, messageId), eq(mailMessages.status, 'queued')))
    .returning();
  if (!message) return;
  try {
    if (message.text === null || message.html === null) throw new Error('the message has no body');
    await ctx.mail.send({
      id: message.id,
      to: message.toAddress,
      subject: message.subject,
      text: message.text,
      html: message.html,
      unsubscribeUrl: message.unsubscribeUrl,
    });
  } catch (error) {
    const lastError = redactedErrorText(error, errorText(error)).slice(0, LAST_ERROR_MAX_LENGTH);
    await ctx.db
      .update(mailMessages)
      .set(attempt.isLastAttempt ? { status: 'failed', lastError, text: null, html: null } : { lastError })
      .where(eq(mailMessages.id, message.id));
    throw error;
  }
  await ctx.db
    .update(mailMessages)
    .set({ status: 'sent', sentAt: ctx.now(), text: null, html: null })
    .where(eq(mailMessages.id, message.id));
}
