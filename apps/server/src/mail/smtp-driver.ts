/**
 * Sends through an SMTP server with nodemailer (SMTP_URL: `smtp://user:pass@host:587` for STARTTLS,
 * `smtps://...:465` for TLS from the start; nodemailer reads the URL's query for further options). The
 * timeouts are shorter than nodemailer's defaults so that a dead server fails the attempt (and the job
 * retries it later) well within the job's expiry.
 */
import { createTransport } from 'nodemailer';
import { extraHeaders, type MailPort, type MailToSend } from './mail-port';

const TIMEOUT_MS = 30_000;

export class SmtpMailDriver implements MailPort {
  readonly driver = 'smtp' as const;
  private readonly transport: ReturnType<typeof createTransport>;
  private readonly domain: string;

  constructor(options: { url: string; from: string; domain: string }) {
    this.transport = createTransport(
      {
        url: options.url,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      },
      { from: options.from },
    );
    this.domain = options.domain;
  }

  async send(message: MailToSend): Promise<void> {
    await this.transport.sendMail({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${message.id}@${this.domain}>`,
      headers: extraHeaders(message),
    });
  }

  close(): void {
    this.transport.close();
  }
}
