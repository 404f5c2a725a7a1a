/**
 * The one interface for sending e-mail (docs/decisions/0035-mail-and-account-tokens.md). Services never
 * call it directly: they queue a message (services/mail/enqueue-mail.ts) and the job worker sends it
 * through this port. Drivers: `smtp-driver.ts` (nodemailer, SMTP_URL) and `file-driver.ts` (the default:
 * each message written to DATA_DIR/mail, shown by the admin's development outbox), chosen by
 * `create-mail.ts`.
 */
import type { OutboxMessage } from '@lectio/contracts/mail';

export type MailDriverName = 'smtp' | 'file';

export interface MailToSend {
  /** The mail_messages row's id: the file driver names the file after it, SMTP sends it in Message-ID. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A course e-mail's one-click unsubscribe address (sent as List-Unsubscribe, RFC 8058). */
  unsubscribeUrl?: string | null;
}

/**
 * The headers a message carries beyond the usual ones: for a course e-mail, List-Unsubscribe (RFC 2369)
 * and List-Unsubscribe-Post (RFC 8058), so mail clients offer a one-click unsubscribe that POSTs to it.
 */
export function extraHeaders(message: Pick<MailToSend, 'unsubscribeUrl'>): Record<string, string> {
  if (!message.unsubscribeUrl) return {};
  return {
    'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export interface MailPort {
  readonly driver: MailDriverName;
  /** Resolves once the message is handed over (SMTP accepted it, or the file is written); throws otherwise. */
  send(message: MailToSend): Promise<void>;
  /** The file driver's written message by id, for the development outbox; null when there is none. */
  readOutbox?(id: string): Promise<OutboxMessage | null>;
  close?(): void;
}
