/**
 * E-mail through the job queue (docs/decisions/0035-mail-and-account-tokens.md): the file driver (the
 * default) and the SMTP driver (against a small fake SMTP server) deliver and mark the row sent; a send
 * that keeps failing is retried and then marked failed with its error, which the admin sees; the worker
 * runs with the server and the request never waits for a mail server; the admin's list and outbox.
 */
import net from 'node:net';
import { ACCOUNT_MESSAGES, MAIL_MESSAGES } from '@lectio/contracts/messages';
import { mailMessages } from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailPort, MailToSend } from '../src/mail/mail-port';
import { SmtpMailDriver } from '../src/mail/smtp-driver';
import { escapeHtml, linkWithToken } from '../src/mail/templates';
import { freePort } from './helpers/free-port';
import { mailTo, outbox, tokenIn } from './helpers/outbox';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(env: Record<string, string> = {}, options: Parameters<typeof createTestApp>[2] = {}) {
  const t = await createTestApp({ RATE_LIMIT_VERIFICATION_EMAIL_MAX: '0', ...env }, undefined, options);
  cleanups.push(() => t.close());
  return t;
}

const signUp = (t: TestApp, email: string, name = 'Mail Reader') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name, email, password: 'secret12', confirmPassword: 'secret12' },
  });

async function rowsTo(t: TestApp, to: string) {
  return t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, to));
}

async function adminToken(t: TestApp): Promise<string> {
  const admin = await createUser(t.db, { role: 'admin' });
  return (await login(t.app, admin.email, admin.password)).accessToken;
}

/** An SMTP server that accepts every message and keeps its raw text (no TLS, no auth). */
async function fakeSmtpServer(): Promise<{ url: string; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string | null = null;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.test\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the file driver (no SMTP_URL: the default)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_VERIFICATION_EMAIL_MAX: '0' });
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the message to DATA_DIR/mail, marks its row sent and clears its body', async () => {
    expect((await signUp(t, 'reader@example.com', 'Reader <b>One</b>')).statusCode).toBe(201);
    const [queued] = await rowsTo(t, 'reader@example.com');
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, template: 'email_verification' });
    expect(queued?.text).toContain('/verify-email?token=');

    const [message] = await mailTo(t, 'reader@example.com');
    expect(message).toMatchObject({
      _id: queued?.id,
      from: 'Lectio <no-reply@localhost>',
      subject: 'Verify your e-mail address for Lectio',
    });
    expect(message?.html).toContain('Hello Reader &lt;b&gt;One&lt;/b&gt;,');
    expect(message?.html).not.toContain('<b>One</b>');
    expect(tokenIn(message)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [sent] = await rowsTo(t, 'reader@example.com');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, text: null, html: null, lastError: null });
    expect(sent?.sentAt).toBeInstanceOf(Date);
  });

  it('lists the messages for the admin, newest first, without their bodies', async () => {
    await signUp(t, 'lister@example.com');
    await t.app.jobs.drain();
    const response = await t.app.inject({ url: '/api/v1/mail?limit=1', headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.outbox).toBe(true);
    expect(page.messages).toEqual([
      {
        _id: expect.any(String),
        to: 'lister@example.com',
        template: 'email_verification',
        subject: 'Verify your e-mail address for Lectio',
        status: 'sent',
        attempts: 1,
        lastError: null,
        createdAt: expect.any(String),
        sentAt: expect.any(String),
      },
    ]);
    expect(response.body).not.toContain('token=');
    const next = await t.app.inject({
      url: `/api/v1/mail?limit=1&cursor=${page.nextCursor}`,
      headers: bearer(admin),
    });
    expect(next.json().messages.map((m: { to: string }) => m.to)).toEqual(['reader@example.com']);
    expect(next.json().nextCursor).toBeNull();
    const sentOnly = await t.app.inject({ url: '/api/v1/mail?status=failed', headers: bearer(admin) });
    expect(sentOnly.json().messages).toEqual([]);
    const badCursor = await t.app.inject({ url: '/api/v1/mail?cursor=nonsense', headers: bearer(admin) });
    expect(badCursor.statusCode).toBe(400);
    const badStatus = await t.app.inject({ url: '/api/v1/mail?status=lost', headers: bearer(admin) });
    expect(badStatus.statusCode).toBe(400);
  });

  it('shows a written message in the outbox, to the admin only', async () => {
    await signUp(t, 'outbox@example.com');
    const [row] = await rowsTo(t, 'outbox@example.com');
    const id = row?.id ?? '';
    // Not written yet: nothing to show.
    const early = await t.app.inject({ url: `/api/v1/mail/${id}/outbox`, headers: bearer(admin) });
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(MAIL_MESSAGES.notFound);
    await t.app.jobs.drain();
    const response = await t.app.inject({ url: `/api/v1/mail/${id}/outbox`, headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const { message } = response.json();
    expect(message).toMatchObject({ _id: id, to: 'outbox@example.com' });
    // The verification link is someone else's: hidden in the text and the HTML (decision 0047).
    expect(message.text).toContain(MAIL_MESSAGES.tokenLinkHidden);
    expect(message.text).not.toContain('token=');
    expect(message.html).toContain(escapeHtml(MAIL_MESSAGES.tokenLinkHidden));
    expect(message.html).not.toContain('token=');
    expect(message.text).toContain('Verify my e-mail address');

    const student = await createUser(t.db);
    const studentToken = (await login(t.app, student.email, student.password)).accessToken;
    expect(
      (await t.app.inject({ url: `/api/v1/mail/${id}/outbox`, headers: bearer(studentToken) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/mail', headers: bearer(studentToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/mail' })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      url: '/api/v1/mail/00000000-0000-4000-8000-000000000000/outbox',
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await t.app.inject({
      url: '/api/v1/mail/..%2F..%2Fjwt-secret/outbox',
      headers: bearer(admin),
    });
    expect(notAnId.statusCode).toBe(404);
  });
});

describe('the outbox never hands out another account’s token link (issue 23, item 3)', () => {
  it('admin A reading admin B’s reset mail sees no token; B reading their own sees the link; the file keeps it', async () => {
    const t = await app({ RATE_LIMIT_PASSWORD_RESET_MAX: '0' });
    const adminA = await createUser(t.db, { role: 'admin' });
    const adminB = await createUser(t.db, { role: 'admin' });
    const tokenA = (await login(t.app, adminA.email, adminA.password)).accessToken;
    const tokenB = (await login(t.app, adminB.email, adminB.password)).accessToken;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password-reset',
      payload: { email: adminB.email },
    });
    expect(asked.statusCode).toBe(202);
    const [written] = await mailTo(t, adminB.email);
    const token = tokenIn(written);
    const [row] = await rowsTo(t, adminB.email);

    const path = `/api/v1/mail/${row?.id}/outbox`;
    const byA = await t.app.inject({ url: path, headers: bearer(tokenA) });
    expect(byA.statusCode, byA.body).toBe(200);
    expect(byA.body).not.toContain(token);
    expect(byA.json().message.text).toContain(MAIL_MESSAGES.tokenLinkHidden);
    const byB = await t.app.inject({ url: path, headers: bearer(tokenB) });
    expect(byB.json().message.text).toContain(linkWithToken(t.config.publicUrl, '/reset-password', token));
    const overTrpc = await t.app.inject({
      url: `/trpc/mail.outboxMessage?input=${encodeURIComponent(JSON.stringify({ id: row?.id }))}`,
      headers: bearer(tokenA),
    });
    expect(overTrpc.statusCode).toBe(200);
    expect(overTrpc.body).not.toContain(token);
    // The operator's file under DATA_DIR/mail has it as sent.
    expect(outbox(t).find((message) => message._id === row?.id)?.text).toContain(token);
  });
});

describe('the SMTP driver (SMTP_URL)', () => {
  it('sends a course e-mail with List-Unsubscribe and List-Unsubscribe-Post: One-Click (RFC 8058)', async () => {
    const smtp = await fakeSmtpServer();
    cleanups.push(() => smtp.close());
    const driver = new SmtpMailDriver({ url: smtp.url, from: 'school@lectio.test', domain: 'lectio.test' });
    cleanups.push(async () => driver.close());
    const url = 'https://lectio.test/unsubscribe?token=abc_DEF-123';
    const message = { to: 'reader@example.com', subject: 'News', text: 'Hello', html: '<p>Hello</p>' };
    await driver.send({ id: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a', ...message, unsubscribeUrl: url });
    await driver.send({ id: '2d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a', ...message });
    const [course, plain] = smtp.messages;
    expect(course).toMatch(/^List-Unsubscribe: <https:\/\/lectio\.test\/unsubscribe\?token=abc_DEF-123>$/m);
    expect(course).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // A message that is not about a course has neither.
    expect(plain).not.toMatch(/^List-Unsubscribe/m);
  });

  it('hands the message to the SMTP server, with its text, HTML and Message-ID', async () => {
    const smtp = await fakeSmtpServer();
    cleanups.push(() => smtp.close());
    const t = await app({ SMTP_URL: smtp.url, MAIL_FROM: 'Lectio School <school@lectio.test>' });
    expect((await signUp(t, 'smtp-reader@example.com')).statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(smtp.messages).toHaveLength(1);
    const raw = smtp.messages[0] ?? '';
    expect(raw).toMatch(/^From: Lectio School <school@lectio\.test>$/m);
    expect(raw).toMatch(/^To: smtp-reader@example\.com$/m);
    expect(raw).toMatch(/^Subject: Verify your e-mail address for Lectio$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    const [row] = await rowsTo(t, 'smtp-reader@example.com');
    expect(raw).toContain(`Message-ID: <${row?.id}@localhost>`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text: null, html: null });
    // Nothing is written to files, and the outbox says it is not in use.
    expect(outbox(t)).toEqual([]);
    const admin = await adminToken(t);
    const page = await t.app.inject({ url: '/api/v1/mail', headers: bearer(admin) });
    expect(page.json().outbox).toBe(false);
    // The reset page hears that mail is delivered (account.mailDelivery); with the file driver it is not.
    const delivery = await t.app.inject({ url: '/api/v1/account/mail-delivery' });
    expect(delivery.json()).toEqual({ delivers: true, notice: null });
    const fileDriven = await app();
    const kept = await fileDriven.app.inject({ url: '/api/v1/account/mail-delivery' });
    expect(kept.json()).toEqual({ delivers: false, notice: ACCOUNT_MESSAGES.mailNotConfigured });
    const shown = await t.app.inject({ url: `/api/v1/mail/${row?.id}/outbox`, headers: bearer(admin) });
    expect(shown.statusCode).toBe(404);
  });

  it('retries a refused send, then marks the message failed with the error, for the admin to see', async () => {
    const closed = `smtp://127.0.0.1:${await freePort()}`;
    const t = await app({ SMTP_URL: closed, MAIL_RETRY_LIMIT: '2', MAIL_RETRY_DELAY_SECONDS: '0' });
    const response = await signUp(t, 'unlucky@example.com');
    expect(response.statusCode).toBe(201);
    await t.app.jobs.drain();
    const [row] = await rowsTo(t, 'unlucky@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, text: null, html: null, sentAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);

    const admin = await adminToken(t);
    const failed = await t.app.inject({ url: '/api/v1/mail?status=failed', headers: bearer(admin) });
    expect(failed.json().messages).toEqual([
      expect.objectContaining({
        to: 'unlucky@example.com',
        status: 'failed',
        attempts: 3,
        lastError: expect.stringMatching(/ECONNREFUSED/),
        sentAt: null,
      }),
    ]);
  });
});

describe('retries and the worker', () => {
  it('a send that fails once is retried and sent; its error stays on record', async () => {
    const sent: MailToSend[] = [];
    let calls = 0;
    const flaky: MailPort = {
      driver: 'smtp',
      async send(message) {
        calls += 1;
        if (calls === 1) throw new Error('421 4.7.0 try again later');
        sent.push(message);
      },
    };
    const t = await app({ MAIL_RETRY_DELAY_SECONDS: '0' }, { mail: flaky });
    await signUp(t, 'second-time@example.com');
    await t.app.jobs.drain();
    expect(sent.map((message) => message.to)).toEqual(['second-time@example.com']);
    const [row] = await rowsTo(t, 'second-time@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: '421 4.7.0 try again later' });
  });

  it('runs with the server: a queued message is sent without anyone draining the queue', async () => {
    const t = await app({}, { jobWorker: true });
    expect((await signUp(t, 'worker@example.com')).statusCode).toBe(201);
    await vi.waitFor(
      async () => {
        const [row] = await rowsTo(t, 'worker@example.com');
        expect(row?.status).toBe('sent');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(outbox(t).map((message) => message.to)).toEqual(['worker@example.com']);
  });

  it('never makes a request wait for the mail server, and finishes a send in progress before closing', async () => {
    let release: () => void = () => undefined;
    let started = false;
    const slow: MailPort = {
      driver: 'smtp',
      send: () =>
        new Promise<void>((resolve) => {
          started = true;
          release = resolve;
        }),
    };
    const t = await createTestApp({}, undefined, { mail: slow, jobWorker: true });
    try {
      const began = performance.now();
      expect((await signUp(t, 'patient@example.com')).statusCode).toBe(201);
      expect(performance.now() - began).toBeLessThan(10_000);
      await vi.waitFor(() => expect(started).toBe(true), { timeout: 20_000, interval: 50 });
      const [sending] = await rowsTo(t, 'patient@example.com');
      expect(sending?.status).toBe('queued');
      // Closing waits for the send under way (graceful stop) before the database goes.
      const closing = t.app.close();
      setTimeout(() => release(), 200);
      await closing;
      const [row] = await rowsTo(t, 'patient@example.com');
      expect(row?.status).toBe('sent');
    } finally {
      release();
      await t.close();
    }
  });
});

describe('templates', () => {
  it('escapes HTML and puts the token in the query of a PUBLIC_URL link', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(linkWithToken('https://school.example/lectio', '/reset-password', 'a+b/c=&d')).toBe(
      'https://school.example/lectio/reset-password?token=a%2Bb%2Fc%3D%26d',
    );
  });
});
