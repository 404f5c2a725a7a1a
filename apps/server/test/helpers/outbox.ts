/**
 * Reading the e-mail a test app sent: its jobs are run with `app.jobs.drain()` (test apps have no worker),
 * and the file driver wrote each message under DATA_DIR/mail (mail/file-driver.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutboxMessage } from '@lectio/contracts/mail';
import type { TestApp } from './test-app';

/** Every message written so far, oldest first. */
export function outbox(t: TestApp): OutboxMessage[] {
  let names: string[];
  try {
    names = readdirSync(t.config.mail.outboxDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map(
      (name) => JSON.parse(readFileSync(path.join(t.config.mail.outboxDir, name), 'utf8')) as OutboxMessage,
    );
}

/** Runs the queued jobs, then returns the messages written to `to`, oldest first. */
export async function mailTo(t: TestApp, to: string): Promise<OutboxMessage[]> {
  await t.app.jobs.drain();
  return outbox(t).filter((message) => message.to.toLowerCase() === to.toLowerCase());
}

/** The token of the link in a message (`...?token=...`). */
export function tokenIn(message: OutboxMessage | undefined): string {
  const match = message?.text.match(/[?&]token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no token link in ${message?.subject ?? 'no message'}`);
  return match[1];
}

/** The last message to `to` (after running the queue), with the token of its link. */
export async function lastLinkTo(t: TestApp, to: string): Promise<{ message: OutboxMessage; token: string }> {
  const messages = await mailTo(t, to);
  const message = messages.at(-1);
  return { message: message as OutboxMessage, token: tokenIn(message) };
}
