/**
 * The zero-setup mail driver: each message becomes `DATA_DIR/mail/<time>-<id>.json` (the time first, so a
 * directory listing is in sending order), written to a temporary name and renamed, so the outbox never
 * reads half a file. JSON rather than .eml: the outbox shows the text and the HTML as they are, without
 * parsing MIME; the file is plain to read with any editor too.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type OutboxMessage, outboxMessageSchema } from '@lectio/contracts/mail';
import { extraHeaders, type MailPort, type MailToSend } from './mail-port';

/** What a mail id may be: a uuid (anything else can't name a file here). */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class FileMailDriver implements MailPort {
  readonly driver = 'file' as const;

  constructor(private readonly options: { directory: string; from: string; now: () => Date }) {}

  async send(message: MailToSend): Promise<void> {
    if (!ID.test(message.id)) throw new Error(`invalid mail id ${message.id}`);
    const writtenAt = this.options.now();
    const headers = extraHeaders(message);
    const stored: OutboxMessage = {
      _id: message.id,
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      writtenAt: writtenAt.toISOString(),
    };
    await mkdir(this.options.directory, { recursive: true });
    const name = `${writtenAt.toISOString().replace(/[:.]/g, '-')}-${message.id}.json`;
    const temporary = path.join(this.options.directory, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, path.join(this.options.directory, name));
  }

  async readOutbox(id: string): Promise<OutboxMessage | null> {
    if (!ID.test(id)) return null;
    let names: string[];
    try {
      names = await readdir(this.options.directory);
    } catch {
      return null;
    }
    // A retried send may have written the message twice: the last one written wins.
    const name = names
      .filter((file) => file.endsWith(`-${id.toLowerCase()}.json`) && !file.startsWith('.'))
      .sort()
      .at(-1);
    if (!name) return null;
    const parsed = outboxMessageSchema.safeParse(
      JSON.parse(await readFile(path.join(this.options.directory, name), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  }
}
