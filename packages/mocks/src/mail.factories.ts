/** Factories for the mail.* operations' answers (see sequence.ts for ids and dates). */
import type { MailMessage, MailPage, OutboxMessage } from '@lectio/contracts/mail';
import { STUDENT_NAMES } from './sample-content.js';
import { given, isoAt, next, pick, sequentialUuid } from './sequence.js';

/** A sent password-reset message; `status: 'failed'` (or 'queued') clears `sentAt` and adds an error when failed. */
export function buildMailMessage(overrides: Partial<MailMessage> = {}): MailMessage {
  const n = next();
  const status = overrides.status ?? 'sent';
  return {
    _id: sequentialUuid(n),
    to: `${pick(STUDENT_NAMES, n)
      .toLowerCase()
      .replace(/[^a-z]+/g, '.')}${n}@example.com`,
    template: 'password_reset',
    subject: 'Reset your Lectio password',
    status,
    attempts: status === 'failed' ? 6 : status === 'sent' ? 1 : 0,
    lastError: status === 'failed' ? 'connect ECONNREFUSED 127.0.0.1:587' : null,
    createdAt: isoAt(n),
    sentAt: status === 'sent' ? isoAt(n, 1) : null,
    ...given(overrides),
  };
}

/** The `mail.list` output: two messages (one sent, one failed), the file outbox in use. */
export function buildMailPage(
  messages?: MailMessage[],
  overrides: Partial<Omit<MailPage, 'messages'>> = {},
): MailPage {
  return {
    messages: messages ?? [buildMailMessage(), buildMailMessage({ status: 'failed' })],
    nextCursor: null,
    outbox: true,
    ...given(overrides),
  };
}

/** A message of the development outbox (`mail.outboxMessage`): a verification e-mail with its link. */
export function buildOutboxMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  const n = next();
  const link = `http://localhost:3000/verify-email?token=token${n}`;
  return {
    _id: sequentialUuid(n),
    from: 'Lectio <no-reply@localhost>',
    to: `student${n}@example.com`,
    subject: 'Verify your e-mail address for Lectio',
    text: `Hello,\n\nOpen this link to verify your e-mail address:\n${link}\n`,
    html: `<p>Hello,</p><p><a href="${link}">Verify my e-mail address</a></p>`,
    writtenAt: isoAt(n),
    ...given(overrides),
  };
}
