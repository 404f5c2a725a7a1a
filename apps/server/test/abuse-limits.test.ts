/**
 * The abuse limits, probed the way the security review attacked them (issue 12, item 2): concurrent
 * login guesses, lockouts by strangers, counters per process, floods of signups, refreshes, upload
 * signatures and payment intents, oversized tRPC batches, trickled bodies and idle connections, and a
 * replayed upload signature. Every limit answers 429 with Retry-After and the API's error shape on both
 * transports; the counters live in PostgreSQL, so two app instances on one database share them.
 */
import { connect } from 'node:net';
import { TRPC_MAX_BATCH_SIZE } from '@lectio/contracts/constants';
import { rateLimitCounters } from '@lectio/db';
import { createCourse, createLecture, createUser } from '@lectio/db/seed/factories';
import { count } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CounterStore } from '../src/services/limits/counter-store';
import { sampleImage } from './helpers/media';
import { multipartBody } from './helpers/multipart';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

/** Limits low enough to probe, the same for every app of this file. */
const LIMITS = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
  LOGIN_MAX_FAILURES_PER_IP: '20',
  LOGIN_THROTTLE_WINDOW_SECONDS: '900',
  LOGIN_MAX_DELAY_SECONDS: '60',
  RATE_LIMIT_SIGNUP_MAX: '10',
  RATE_LIMIT_REFRESH_MAX: '3',
  RATE_LIMIT_UPLOAD_SIGNATURE_MAX: '2',
  RATE_LIMIT_PAYMENT_INTENT_MAX: '2',
  RATE_LIMIT_GLOBAL_MAX: '100000',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
});
afterAll(async () => {
  await t.close();
});

/** Longer than the per-IP ceiling's batch interval (500 ms), so every instance has sent its counts. */
const SHARING_MS = 700;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const countOf = (responses: LightMyRequestResponse[], status: number) =>
  responses.filter((response) => response.statusCode === status).length;

function attemptLogin(app: FastifyInstance, email: string, password: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

function signupFrom(app: FastifyInstance, ip: string, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name: 'Flood', email, password: 'secret12', confirmPassword: 'secret12' },
    remoteAddress: ip,
  });
}

function trpcSignupFrom(app: FastifyInstance, ip: string, email: string) {
  return app.inject({
    method: 'POST',
    url: '/trpc/auth.signup',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Flood', email, password: 'secret12', confirmPassword: 'secret12' }),
    remoteAddress: ip,
  });
}

/** A REST refusal: 429, Retry-After in whole seconds, `{ message, code: 'TOO_MANY_REQUESTS' }`. */
function expectRestLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

/** A tRPC refusal: 429, Retry-After, and tRPC's error shape with the mapped code. */
function expectTrpcLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  const body = response.json() as { error: { message: string; data: Record<string, unknown> } };
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
}

describe('login throttle', () => {
  it('checks at most 5 passwords of 30 simultaneous wrong guesses for one account', async () => {
    const user = await createUser(t.db);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => attemptLogin(t.app, user.email, 'wrong-guess', '198.51.100.1')),
    );
    // Every checked guess is a 401 (all are wrong); a refused one never reached argon2.
    expect(countOf(responses, 401)).toBe(5);
    expect(countOf(responses, 429)).toBe(25);
    expectRestLimited(responses.find((response) => response.statusCode === 429)!);
  });

  it('checks at most 20 passwords of 40 simultaneous guesses from one IP', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        attemptLogin(t.app, `nobody-${index}@example.com`, 'guess-123', '198.51.100.2'),
      ),
    );
    expect(countOf(responses, 401)).toBe(20);
    expect(countOf(responses, 429)).toBe(20);
  });

  it('does not let a stranger hammering from another address lock the owner out', async () => {
    const owner = await createUser(t.db);
    const home = '198.51.100.3';
    await login(t.app, owner.email, owner.password); // an earlier sign-in, from the test's default address
    expect((await attemptLogin(t.app, owner.email, owner.password, home)).statusCode).toBe(200);

    const stranger = await Promise.all(
      Array.from({ length: 30 }, () => attemptLogin(t.app, owner.email, 'guess-123', '203.0.113.66')),
    );
    expect(countOf(stranger, 401)).toBe(5);
    // The stranger's address is locked out of the account, even with the right password...
    expectRestLimited(await attemptLogin(t.app, owner.email, owner.password, '203.0.113.66'));
    // ...and the owner, at home, still gets in.
    expect((await attemptLogin(t.app, owner.email, owner.password, home)).statusCode).toBe(200);
  });

  it('spaces guesses spread over many addresses progressively; a known address skips the spacing', async () => {
    const owner = await createUser(t.db);
    const home = '198.51.100.4';
    expect((await attemptLogin(t.app, owner.email, owner.password, home)).statusCode).toBe(200);
    let address = 0;
    const nextStranger = () => `203.0.113.${++address}`;

    for (let attempt = 0; attempt < 5; attempt++)
      expect((await attemptLogin(t.app, owner.email, 'guess-123', nextStranger())).statusCode).toBe(401);
    for (const delay of [1, 2, 4, 8]) {
      const early = await attemptLogin(t.app, owner.email, 'guess-123', nextStranger());
      expectRestLimited(early);
      expect(Number(early.headers['retry-after'])).toBe(delay);
      // The owner's own address is not held up.
      expect((await attemptLogin(t.app, owner.email, owner.password, home)).statusCode).toBe(200);
      t.advanceClock(delay * 1000);
      expect((await attemptLogin(t.app, owner.email, 'guess-123', nextStranger())).statusCode).toBe(401);
    }
    t.advanceClock(-15_000);
  });
});

describe('two instances on one database', () => {
  it('share the login throttle and the rate limits', async () => {
    const second = await buildApp({ config: t.config, db: t.db, now: () => new Date() });
    await second.ready();
    try {
      const user = await createUser(t.db);
      const ip = '198.51.100.5';
      for (const app of [t.app, second, t.app, second, t.app])
        expect((await attemptLogin(app, user.email, 'guess-123', ip)).statusCode).toBe(401);
      expectRestLimited(await attemptLogin(second, user.email, 'guess-123', ip));
      expectRestLimited(await attemptLogin(t.app, user.email, user.password, ip));

      const signups = await Promise.all(
        Array.from({ length: 14 }, (_, index) =>
          signupFrom(index % 2 ? second : t.app, '198.51.100.6', `shared-${index}@example.com`),
        ),
      );
      expect(countOf(signups, 201)).toBe(10);
      expect(countOf(signups, 429)).toBe(4);
    } finally {
      await second.close();
    }
  });
});

describe('rate limits', () => {
  it('creates at most 10 accounts of 40 simultaneous signups from one IP', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        signupFrom(t.app, '198.51.100.7', `flood-${index}@example.com`),
      ),
    );
    expect(countOf(responses, 201)).toBe(10);
    expect(countOf(responses, 429)).toBe(30);
    expectRestLimited(responses.find((response) => response.statusCode === 429)!);
  });

  it('counts REST and tRPC signups under one rule, and answers tRPC in its own error shape', async () => {
    const ip = '198.51.100.8';
    for (let index = 0; index < 5; index++)
      expect((await signupFrom(t.app, ip, `rest-${index}@example.com`)).statusCode).toBe(201);
    for (let index = 0; index < 5; index++)
      expect((await trpcSignupFrom(t.app, ip, `trpc-${index}@example.com`)).statusCode).toBe(200);
    expectTrpcLimited(await trpcSignupFrom(t.app, ip, 'one-more@example.com'));
    expectRestLimited(await signupFrom(t.app, ip, 'one-more@example.com'));
    // Another address is not affected.
    expect((await signupFrom(t.app, '198.51.100.9', 'elsewhere@example.com')).statusCode).toBe(201);
  });

  it('limits token refreshes per IP', async () => {
    const refresh = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', remoteAddress: '198.51.100.10' });
    expect(statuses(await Promise.all([refresh(), refresh(), refresh()]))).toEqual([401, 401, 401]);
    expectRestLimited(await refresh());
  });

  it('limits upload signatures per user', async () => {
    const instructor = await createUser(t.db, { role: 'instructor' });
    const other = await createUser(t.db, { role: 'instructor' });
    const course = await createCourse(t.db, { instructorId: instructor.id });
    const otherCourse = await createCourse(t.db, { instructorId: other.id });
    const token = (await login(t.app, instructor.email, instructor.password)).accessToken;
    const otherToken = (await login(t.app, other.email, other.password)).accessToken;
    const sign = (courseId: string, accessToken: string) =>
      t.app.inject({
        url: `/api/v1/videos/signature?kind=thumbnail&courseId=${courseId}&contentType=image%2Fjpeg`,
        headers: bearer(accessToken),
      });
    expect((await sign(course.id, token)).statusCode).toBe(200);
    expect((await sign(course.id, token)).statusCode).toBe(200);
    expectRestLimited(await sign(course.id, token));
    const overTrpc = await t.app.inject({
      url: `/trpc/media.uploadSignature?input=${encodeURIComponent(JSON.stringify({ kind: 'thumbnail', courseId: course.id }))}`,
      headers: bearer(token),
    });
    expectTrpcLimited(overTrpc);
    expect((await sign(otherCourse.id, otherToken)).statusCode).toBe(200);
  });

  it('limits payment intents per user', async () => {
    const buyer = await createUser(t.db);
    const token = (await login(t.app, buyer.email, buyer.password)).accessToken;
    const course = await createCourse(t.db);
    await createLecture(t.db, { courseId: course.id });
    const intent = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/create-payment-intent',
        headers: bearer(token),
        payload: { courseId: course.id },
      });
    expect((await intent()).statusCode).toBe(200);
    expect((await intent()).statusCode).toBe(200);
    expectRestLimited(await intent());
  });
});

describe('the per-IP ceiling', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      ...LIMITS,
      RATE_LIMIT_GLOBAL_MAX: '4',
      RATE_LIMIT_GLOBAL_WINDOW_SECONDS: '60',
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('covers REST, tRPC and HTTP routes alike, per address', async () => {
    const from = (ip: string, url: string) => limited.app.inject({ url, remoteAddress: ip });
    const ip = '198.51.100.20';
    expect((await from(ip, '/api/v1/health')).statusCode).toBe(200);
    expect((await from(ip, '/trpc/meta.health')).statusCode).toBe(200);
    expect((await from(ip, '/api/v1/openapi.json')).statusCode).toBe(200);
    expect((await from(ip, '/api/v1/courses')).statusCode).toBe(200);
    expectRestLimited(await from(ip, '/api/v1/health'));
    expectTrpcLimited(await from(ip, '/trpc/meta.health'));
    expectRestLimited(await from(ip, '/api/v1/media/courses%2Fx%2Fthumbnail%2Fy.jpg'));
    expect((await from('198.51.100.21', '/api/v1/health')).statusCode).toBe(200);
    limited.advanceClock(61_000);
    expect((await from(ip, '/api/v1/health')).statusCode).toBe(200);
    limited.advanceClock(-61_000);
  });

  it('is shared by the instances on one database, a batch behind at most', async () => {
    const second = await buildApp({ config: limited.config, db: limited.db, now: () => new Date() });
    await second.ready();
    try {
      const ip = '198.51.100.22';
      const health = (app: FastifyInstance) => app.inject({ url: '/api/v1/health', remoteAddress: ip });
      for (let hit = 0; hit < 3; hit++) expect((await health(limited.app)).statusCode).toBe(200);
      await sleep(SHARING_MS);
      expect((await health(second)).statusCode).toBe(200);
      await sleep(SHARING_MS);
      expectRestLimited(await health(second));
      expectRestLimited(await health(limited.app));
    } finally {
      await second.close();
    }
  });
});

describe('tRPC batches', () => {
  it(`refuses a batch of more than ${TRPC_MAX_BATCH_SIZE} calls (the review sent 310)`, async () => {
    const batch = (size: number) =>
      t.app.inject({ url: `/trpc/${Array.from({ length: size }, () => 'meta.health').join(',')}?batch=1` });
    const huge = await batch(310);
    expect(huge.statusCode).toBe(400);
    expect((await batch(TRPC_MAX_BATCH_SIZE + 1)).statusCode).toBe(400);
    const allowed = await batch(TRPC_MAX_BATCH_SIZE);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toHaveLength(TRPC_MAX_BATCH_SIZE);
  });
});

describe('local upload signatures', () => {
  it('cannot be replayed to overwrite the stored file', async () => {
    const instructor = await createUser(t.db, { role: 'instructor' });
    const course = await createCourse(t.db, { instructorId: instructor.id });
    const token = (await login(t.app, instructor.email, instructor.password)).accessToken;
    const signed = await t.app.inject({
      url: `/api/v1/videos/signature?kind=thumbnail&courseId=${course.id}&contentType=image%2Fjpeg`,
      headers: bearer(token),
    });
    const { fields, key } = signed.json() as { fields: Record<string, string>; key: string };
    const upload = async (bytes: Uint8Array) => {
      const { payload, headers } = await multipartBody([
        ...Object.entries(fields),
        ['file', { data: bytes, filename: 'thumb.jpg', contentType: 'image/jpeg' }],
      ]);
      return t.app.inject({ method: 'POST', url: '/api/v1/media/upload', payload, headers });
    };
    const original = sampleImage();
    expect((await upload(original)).statusCode).toBe(201);
    // The same signature again, within its lifetime, with other bytes: refused, the file unchanged.
    const forged = Buffer.concat([original, Buffer.from('tampered')]);
    const replay = await upload(forged);
    expect(replay.statusCode, replay.body).toBe(409);
    expect(replay.json()).toMatchObject({ code: 'CONFLICT' });
    const stored = await t.app.inject({ url: `/api/v1/media/${encodeURIComponent(key)}` });
    expect(stored.statusCode).toBe(200);
    expect(Buffer.compare(stored.rawPayload, original)).toBe(0);
  });
});

describe('the counters', () => {
  it('grant at most the limit to simultaneous takers', async () => {
    const store = new CounterStore(t.db);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.take('probe:concurrent', 7, 60_000)),
    );
    expect(results.filter((result) => result.granted)).toHaveLength(7);
  });

  it('are swept once their window has ended', async () => {
    let offset = 0;
    const store = new CounterStore(t.db, () => new Date(Date.now() + offset));
    await store.hit('probe:sweep:short', 1000);
    await store.hit('probe:sweep:long', 3_600_000);
    offset = 10_000;
    const [before] = await t.db.select({ rows: count() }).from(rateLimitCounters);
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    const [after] = await t.db.select({ rows: count() }).from(rateLimitCounters);
    expect(after!.rows).toBeLessThan(before!.rows);
    expect(await store.isLive('probe:sweep:long')).toBe(true);
    expect(await store.isLive('probe:sweep:short')).toBe(false);
  });
});

/** Opens a raw connection, sends `head` at once and `body` one byte every `everyMs`; resolves on close. */
function trickle(port: number, head: string | Buffer, body: Buffer, everyMs: number, giveUpMs: number) {
  return new Promise<{ closed: boolean; response: string; elapsedMs: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body.subarray(sent, ++sent));
    }, everyMs);
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closed, response, elapsedMs: Date.now() - started });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk) => {
      response += chunk.toString('latin1');
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
    socket.write(typeof head === 'string' ? Buffer.from(head, 'latin1') : head);
  });
}

describe('slow clients', () => {
  let slow: TestApp;
  let port: number;
  beforeAll(async () => {
    slow = await createTestApp({
      ...LIMITS,
      REQUEST_TIMEOUT_SECONDS: '1',
      CONNECTION_TIMEOUT_SECONDS: '2',
      UPLOAD_TIMEOUT_SECONDS: '30',
    });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    port = (slow.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await slow.close();
  });

  it('cuts off a JSON body trickled one byte at a time with 408', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(60) }));
    const head =
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const result = await trickle(port, head, body, 300, 8000);
    expect(result.closed).toBe(true);
    expect(result.response).toMatch(/^HTTP\/1\.1 408/);
    expect(result.response).toContain('"code":"REQUEST_TIMEOUT"');
    expect(result.elapsedMs).toBeLessThan(4000);
  });

  it('leaves no deadline behind for a body nobody reads (a 415, or a GET that carries a body)', async () => {
    const crashes: unknown[] = [];
    const record = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', record);
    try {
      const refused = await slow.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(refused.statusCode).toBe(415);
      const ignored = await slow.app.inject({ method: 'GET', url: '/api/v1/health', payload: 'ignored' });
      expect(ignored.statusCode).toBe(200);
      // Past the 1 s allowance: a deadline still armed would now fail a stream nobody listens to, which
      // takes a production process down.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('closes a connection that goes quiet', async () => {
    const result = await trickle(
      port,
      'GET /api/v1/health HTTP/1.1\r\nHost: local',
      Buffer.alloc(0),
      1000,
      8000,
    );
    expect(result.closed).toBe(true);
    expect(result.elapsedMs).toBeLessThan(5000);
    expect(slow.app.server.requestTimeout).toBe(30_000);
  });

  it('gives the upload routes longer than the short allowance', async () => {
    const instructor = await createUser(slow.db, { role: 'instructor' });
    const course = await createCourse(slow.db, { instructorId: instructor.id });
    const token = (await login(slow.app, instructor.email, instructor.password)).accessToken;
    const signed = await slow.app.inject({
      url: `/api/v1/videos/signature?kind=thumbnail&courseId=${course.id}&contentType=image%2Fjpeg`,
      headers: bearer(token),
    });
    const { fields } = signed.json() as { fields: Record<string, string> };
    const { payload, headers } = await multipartBody([
      ...Object.entries(fields),
      ['file', { data: sampleImage(), filename: 'thumb.jpg', contentType: 'image/jpeg' }],
    ]);
    // All but the last 8 bytes at once, then those a byte every 400 ms: well past the 1 s allowance.
    const head =
      `POST /api/v1/media/upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${headers['content-type']}\r\n` +
      `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
    const result = await trickle(
      port,
      Buffer.concat([Buffer.from(head, 'latin1'), payload.subarray(0, payload.length - 8)]),
      payload.subarray(payload.length - 8),
      400,
      15_000,
    );
    expect(result.elapsedMs).toBeGreaterThan(3000);
    expect(result.response).toMatch(/^HTTP\/1\.1 201/);
  });
});
