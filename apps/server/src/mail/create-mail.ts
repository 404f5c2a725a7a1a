/** Picks the mail driver from config: SMTP when SMTP_URL is set, else the file outbox under DATA_DIR/mail. */
import type { Config } from '../config';
import { FileMailDriver } from './file-driver';
import type { MailPort } from './mail-port';
import { SmtpMailDriver } from './smtp-driver';

export function createMail(config: Config, now: () => Date): MailPort {
  if (config.mail.smtpUrl)
    return new SmtpMailDriver({
      url: config.mail.smtpUrl,
      from: config.mail.from,
      domain: new URL(config.publicUrl).hostname,
    });
  return new FileMailDriver({ directory: config.mail.outboxDir, from: config.mail.from, now });
}
