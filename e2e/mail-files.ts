/**
 * The mail a test server wrote to its files (no SMTP configured: DATA_DIR/mail), read as the server's
 * operator would: what the addressee got, links the admin outbox hides from anyone else included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutboxMessage } from '@lectio/contracts/mail';
import { currentServer } from './test';

/** The newest message to `to` with `subject` in the server's mail files, or undefined. */
export function messageFromMailFiles(to: string, subject: string): OutboxMessage | undefined {
  const directory = currentServer().mailDir;
  if (!directory) throw new Error('no mail directory: these tests need the servers run-e2e.mjs starts');
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(directory, name), 'utf8')) as OutboxMessage)
    .filter((written) => written.to === to && written.subject === subject)
    .at(-1);
}
