/**
 * The database unreachable is a 503 with Retry-After in the API's error shape, never a 500 and never a
 * hang (docs/decisions/0033). The errors are the ones postgres.js really produces, through the app's own
 * client options (createPostgresHandle): a closed port (ECONNREFUSED), a server refusing sessions while
 * it starts up (57P03), one cutting a session under a query (pg_terminate_backend, a fast shutdown), and
 * one that never answers (CONNECT_TIMEOUT). No real database is stopped here: test/helpers/fake-postgres.ts
 * plays the failing server. The outage under load, and the recovery, are the chaos tier (test/chaos/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_MESSAGES } from '@lectio/contracts/messages';
import { createPostgresHandle, type Database, type DbHandle } from '@lectio/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DatabaseBreaker } from '../src/lib/database-breaker';
import {
  cannotConnectToDatabase,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableError,
  isDatabaseUnavailable,
} from '../src/lib/database-unavailable';
import { AppError } from '../src/lib/errors';
import { TokenService } from '../src/services/auth/tokens';
import { HEALTH_DATABASE_DEADLINE_MS } from '../src/services/health';
import { recordApiResponses } from './helpers/api-conformance';
import {
  closedPort,
  type FakePostgres,
  type FakePostgresBehaviour,
  startFakePostgres,
} from './helpers/fake-postgres';
import { multipartBody } from './helpers/multipart';
import { TEST_ADDRESS_LIMITS, TEST_JWT_SECRET } from './helpers/test-app';

const servers: FakePostgres[] = [];
const handles: DbHandle[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  // The fake servers first: then the apps and pools close at once instead of waiting on a silent peer.
  await Promise.all(servers.map((server) => server.close()));
  for (const cleanup of cleanups.reverse()) await cleanup();
  // A pool whose socket was cut under a query waits out postgres.js's end timeout (5 s): all at once.
  await Promise.all(handles.map((handle) => handle.close()));
});

async function fake(behaviour: FakePostgresBehaviour): Promise<FakePostgres> {
  const server = await startFakePostgres(behaviour);
  servers.push(server);
  return server;
}

function handleFor(url: string): DbHandle {
  const handle = createPostgresHandle(url, { maxConnections: 4 });
  handles.push(handle);
  return handle;
}

const closedPortUrl = async () => `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`;

/** What a query and a transaction on `handle` fail with (both, since a transaction throws the driver's error bare). */
async function failures(handle: DbHandle): Promise<unknown[]> {
  const query = await handle.db.execute(sql`select 1`).then(
    () => new Error('the query succeeded'),
    (error: unknown) => error,
  );
  const transaction = await handle.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    })
    .then(
      () => new Error('the transaction succeeded'),
      (error: unknown) => error,
    );
  return [query, transaction];
}

describe('isDatabaseUnavailable: the errors postgres.js produces when the database goes away', () => {
  const escaped: unknown[] = [];
  const onUnhandledRejection = (reason: unknown) => escaped.push(reason);
  beforeAll(() => {
    process.on('unhandledRejection', onUnhandledRejection);
  });
  afterAll(() => {
    process.off('unhandledRejection', onUnhandledRejection);
  });
  afterEach(async () => {
    // Let any rejection nobody handled surface before judging.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(escaped.splice(0), 'rejections that escaped postgres.js (they end the process)').toEqual([]);
  });

  it('a closed port: ECONNREFUSED, wrapped in DrizzleQueryError for a query, bare for a transaction', async () => {
    const [query, transaction] = await failures(handleFor(await closedPortUrl()));
    expect((query as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(transaction).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(query)).toBe(true);
    expect(isDatabaseUnavailable(transaction)).toBe(true);
  });

  it('a server starting up or shutting down: FATAL 57P03 at connection time', async () => {
    const server = await fake({
      kind: 'refuse-startup',
      sqlstate: '57P03',
      message: 'the database system is starting up',
    });
    const [query, transaction] = await failures(handleFor(server.url));
    expect((query as Error).cause).toMatchObject({ code: '57P03', severity: 'FATAL' });
    expect(transaction).toMatchObject({ code: '57P03' });
    expect(isDatabaseUnavailable(query)).toBe(true);
    expect(isDatabaseUnavailable(transaction)).toBe(true);
  });

  it('a session terminated under its first query (FATAL 57P01) fails that query and nothing else', async () => {
    // The first statement of a new session: with postgres.js's default fetch_types, the driver's own
    // pg_type query, whose failure escaped as an unhandled rejection (porsager/postgres#1192).
    const server = await fake({
      kind: 'fail-query',
      severity: 'FATAL',
      sqlstate: '57P01',
      message: 'terminating connection due to administrator command',
    });
    const [query, transaction] = await failures(handleFor(server.url));
    expect(isDatabaseUnavailable(query)).toBe(true);
    expect(isDatabaseUnavailable(transaction)).toBe(true);
  });

  it('a socket closed under a query: CONNECTION_CLOSED', async () => {
    const server = await fake({ kind: 'close-on-query' });
    const [query, transaction] = await failures(handleFor(server.url));
    expect((query as Error).cause).toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(transaction).toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(isDatabaseUnavailable(query)).toBe(true);
    expect(isDatabaseUnavailable(transaction)).toBe(true);
  });

  it('a query PostgreSQL ran and refused is not an outage; neither is any other error', async () => {
    const server = await fake({
      kind: 'fail-query',
      severity: 'ERROR',
      sqlstate: '23505',
      message: 'duplicate key value violates unique constraint',
    });
    const [query, transaction] = await failures(handleFor(server.url));
    expect((query as Error).cause).toMatchObject({ code: '23505' });
    expect(isDatabaseUnavailable(query)).toBe(false);
    expect(isDatabaseUnavailable(transaction)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new AppError('NOT_FOUND', 'Not found'))).toBe(false);
    expect(databaseUnavailableError(new Error('boom'))).toBeUndefined();
  });

  it('the 503 keeps the driver error as its cause and says when to retry', async () => {
    const [query] = await failures(handleFor(await closedPortUrl()));
    const error = databaseUnavailableError(query);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: API_MESSAGES.serviceUnavailable,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
    expect(error?.cause).toBe(query);
  });
});

describe('DatabaseBreaker: fail fast while no connection can be made', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let refused: unknown;
  let lost: unknown;
  beforeAll(async () => {
    [refused] = await failures(handleFor(await closedPortUrl()));
    [lost] = await failures(handleFor((await fake({ kind: 'close-on-query' })).url));
  });

  it('a refused connection opens it; a session lost under a query does not', () => {
    expect(cannotConnectToDatabase(refused)).toBe(true);
    expect(cannotConnectToDatabase(lost)).toBe(false);
    const execute = vi.fn(() => new Promise(() => {}));
    const breaker = new DatabaseBreaker({ execute } as unknown as Database);
    breaker.record(lost);
    breaker.record(new Error('boom'));
    expect(breaker.isOpen).toBe(false);
    breaker.record(refused);
    expect(breaker.isOpen).toBe(true);
  });

  it('one probe at a time retries the database; its first success closes the breaker', async () => {
    let calls = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const execute = vi.fn(async () => {
      calls += 1;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await sleep(5);
      inFlight -= 1;
      if (calls < 3) throw refused;
      return [];
    });
    const breaker = new DatabaseBreaker({ execute } as unknown as Database, 20);
    breaker.record(refused);
    expect(breaker.isOpen).toBe(true);
    await vi.waitFor(() => expect(breaker.isOpen).toBe(false), { timeout: 2000, interval: 5 });
    expect(calls).toBe(3);
    expect(mostInFlight).toBe(1);
    // Closed, it probes no more.
    await sleep(100);
    expect(calls).toBe(3);
  });

  it('probing stops when the pool itself is closed (the app shutting down)', async () => {
    const closed = handleFor(await closedPortUrl());
    await closed.close();
    const ended = await closed.db.execute(sql`select 1`).catch((error: unknown) => error);
    const execute = vi.fn(async () => {
      throw ended;
    });
    const breaker = new DatabaseBreaker({ execute } as unknown as Database, 10);
    breaker.record(refused);
    await vi.waitFor(() => expect(breaker.isOpen).toBe(false), { timeout: 2000, interval: 5 });
    expect(execute).toHaveBeenCalledTimes(1);
  });
});

/** The real app (both transports, the auth plugin, the rate limits) on a database `url` that fails. */
async function appOn(
  url: string,
  logLines?: string[],
): Promise<{ app: FastifyInstance; tokens: TokenService }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-db-down-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: logLines ? 'info' : 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...TEST_ADDRESS_LIMITS,
  });
  const app = await buildApp({
    config,
    db: handleFor(url).db,
    ...(logLines ? { logger: { write: (line: string) => void logLines.push(line) } } : {}),
  });
  // Its /api/v1 answers are checked against the OpenAPI document, which must declare these 503s.
  recordApiResponses(app);
  await app.ready();
  cleanups.push(() => app.close());
  return { app, tokens: new TokenService(config.jwtSecret, config.accessTokenTtlSeconds) };
}

function expectRest503(response: LightMyRequestResponse, message: string = API_MESSAGES.serviceUnavailable) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.json()).toEqual({ message, code: 'SERVICE_UNAVAILABLE' });
}

function expectTrpc503(response: LightMyRequestResponse, message: string = API_MESSAGES.serviceUnavailable) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  const body = response.json() as { error: { message: string; data: Record<string, unknown> } };
  expect(body.error.message).toBe(message);
  expect(body.error.data).toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    httpStatus: 503,
    appCode: 'SERVICE_UNAVAILABLE',
  });
}

describe('the server while its database is unreachable (a closed port)', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    const built = await appOn(await closedPortUrl());
    app = built.app;
    token = await built.tokens.signAccess({
      userId: '5b7f0f0e-7d4e-4d53-9a43-0f2c8f6b1a11',
      sessionId: '0c6a3a3e-2d8f-4a57-8a7b-6f7f1f9b2c22',
      role: 'student',
    });
  });

  it('the health check answers 503 saying the database is unreachable, on REST and tRPC', async () => {
    expectRest503(await app.inject({ url: '/api/v1/health' }), API_MESSAGES.databaseUnreachable);
    expectTrpc503(await app.inject({ url: '/trpc/meta.health' }), API_MESSAGES.databaseUnreachable);
  });

  it('an anonymous catalogue read is a 503 with Retry-After, not a 500', async () => {
    expectRest503(await app.inject({ url: '/api/v1/courses?limit=12' }));
    const input = encodeURIComponent(JSON.stringify({ limit: 12 }));
    expectTrpc503(await app.inject({ url: `/trpc/courses.list?input=${input}` }));
  });

  it('a signed-in request (its session is re-read) is a 503, not a 500 or a 401', async () => {
    const headers = { authorization: `Bearer ${token}` };
    expectRest503(await app.inject({ url: '/api/v1/auth/me', headers }));
    expectTrpc503(await app.inject({ url: '/trpc/auth.me', headers }));
  });

  it('an HTTP-only route (a lecture upload: its session is read before its body) is a 503', async () => {
    const form = await multipartBody([['title', 'Lecture']]);
    expectRest503(
      await app.inject({
        method: 'POST',
        url: '/api/v1/videos/upload',
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        payload: form.payload,
      }),
    );
  });

  it('a sign-in and a purchase are 503s', async () => {
    expectRest503(
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'student@example.com', password: 'password123' },
      }),
    );
    expectRest503(
      await app.inject({
        method: 'POST',
        url: '/api/v1/payment/create-payment-intent',
        headers: { authorization: `Bearer ${token}` },
        payload: { courseId: '3f1d2c4b-5a69-4788-9a0b-1c2d3e4f5a6b' },
      }),
    );
  });

  it('a tRPC batch whose calls all fail for the database is a 503', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { limit: 12 }, 1: {} }));
    const response = await app.inject({ url: `/trpc/courses.list,meta.health?batch=1&input=${input}` });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    const calls = response.json() as { error: { data: { httpStatus: number } } }[];
    expect(calls.map((call) => call.error.data.httpStatus)).toEqual([503, 503]);
  });
});

describe('the log while the database is unreachable', () => {
  it('says so once at error level; each request answered 503 meanwhile is a warning, on both transports', async () => {
    const lines: string[] = [];
    const { app } = await appOn(await closedPortUrl(), lines);
    for (let i = 0; i < 3; i++) {
      expectRest503(await app.inject({ url: '/api/v1/courses?limit=12' }));
      expectTrpc503(
        await app.inject({ url: `/trpc/courses.list?input=${encodeURIComponent('{"limit":12}')}` }),
      );
    }
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    const errors = entries.filter((entry) => entry.level >= 50);
    expect(errors.map((entry) => entry.msg)).toEqual([
      'the database is unreachable: calls are answered 503 until a probe gets through',
    ]);
    expect(entries.filter((entry) => entry.level === 40).length).toBeGreaterThanOrEqual(6);
  });
});

describe('the server while its database never answers (packets dropped, a host gone)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = (await appOn((await fake({ kind: 'silent' })).url)).app;
  });

  it('the health check reports it within its deadline instead of waiting on the database', async () => {
    const started = performance.now();
    expectRest503(await app.inject({ url: '/api/v1/health' }), API_MESSAGES.databaseUnreachable);
    expect(performance.now() - started).toBeLessThan(HEALTH_DATABASE_DEADLINE_MS + 1000);
  });

  it('a request gets its 503 once the connect timeout passes (5 s), not after 30 s or never', async () => {
    const started = performance.now();
    expectRest503(await app.inject({ url: '/api/v1/courses?limit=12' }));
    expect(performance.now() - started).toBeLessThan(5000 + 2000);
  });

  it('after that, every call is answered 503 at once instead of waiting in the pool (the breaker is open)', async () => {
    const started = performance.now();
    const input = encodeURIComponent(JSON.stringify({ limit: 12 }));
    const answers = await Promise.all([
      app.inject({ url: '/api/v1/courses?limit=12&search=a' }),
      app.inject({
        url: '/api/v1/auth/me',
        headers: { authorization: 'Bearer not-checked-before-the-breaker' },
      }),
      app.inject({ url: `/trpc/courses.list?input=${input}` }),
    ]);
    expect(performance.now() - started).toBeLessThan(500);
    expectRest503(answers[0] as LightMyRequestResponse);
    expectRest503(answers[1] as LightMyRequestResponse);
    expectTrpc503(answers[2] as LightMyRequestResponse);
  });
});
