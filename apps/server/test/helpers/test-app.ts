/** Boots the real app on a fresh, migrated database (PostgreSQL when TEST_DATABASE_URL is set, else PGlite). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '@lectio/db';
import { createTestDatabase } from '@lectio/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { LogStream } from '../../src/lib/log-redaction';
import type { MailPort } from '../../src/mail/mail-port';
import { createStorage } from '../../src/storage/create-storage';
import type { StoragePort } from '../../src/storage/storage-port';
import { recordApiResponses } from './api-conformance';

/** The per-address limits, lifted for test files (see createTestApp). */
export const TEST_ADDRESS_LIMITS = {
  RATE_LIMIT_GLOBAL_MAX: '0',
  RATE_LIMIT_SIGNUP_MAX: '0',
  RATE_LIMIT_REFRESH_MAX: '0',
} as const;

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing-0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** The app's storage driver (config.storage.driver unless overridden). */
  storage: StoragePort;
  /** Moves the app's clock (token expiry, throttling windows). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  options: {
    storage?: (config: Config, now: () => Date) => StoragePort;
    /** Stops the app's clock at this instant (advanceClock still moves it), for fixtures at fixed dates. */
    clock?: Date;
    /** Where the log goes (set LOG_LEVEL in `env` too: the tests' default is silent). */
    logStream?: LogStream;
    /** Override the mail driver (default: the file outbox under the test's DATA_DIR). */
    mail?: MailPort;
    /** Run the job worker; by default the test runs the jobs itself with `app.jobs.drain()`. */
    jobWorker?: boolean;
    /**
     * Boot on this (migrated) database instead of a fresh one, and leave it open on close: a second app
     * on the first one's database is a restart.
     */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const handle = options.database
    ? { db: options.database, close: async () => undefined }
    : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Every injected request comes from one address (127.0.0.1), so the per-address limits would count a
    // whole test file as one client: lifted here. abuse-limits.test.ts sets its own to probe them.
    ...TEST_ADDRESS_LIMITS,
    ...env,
  });
  let offset = 0;
  const now = () => new Date((options.clock?.getTime() ?? Date.now()) + offset);
  const storage = (options.storage ?? createStorage)(config, now);
  const app = await buildApp({
    config,
    db: handle.db,
    now,
    storage,
    ...(options.logStream ? { logger: options.logStream } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    jobWorker: options.jobWorker ?? false,
  });
  // Its /api/v1 answers are checked against the OpenAPI document (test/setup/api-conformance.ts).
  recordApiResponses(app);
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    storage,
    advanceClock(ms) {
      offset += ms;
    },
    async close() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The refresh cookie's `name=value` from a response, for sending back. */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((value) => value.startsWith('lectio_refresh='));
  return cookie?.split(';')[0];
}

/** The Set-Cookie line for the cookie `name` (the refresh cookie by default), or ''. */
export function setCookieHeader(response: LightMyRequestResponse, name = 'lectio_refresh'): string {
  const header = response.headers['set-cookie'];
  return (
    (Array.isArray(header) ? header : [header ?? '']).find((value) => value.startsWith(`${name}=`)) ?? ''
  );
}

export async function login(app: FastifyInstance, email: string, password: string, remember = false) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password, remember },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { accessToken: string; role: string; user: { _id: string; name: string } };
  return { ...body, cookie: refreshCookieOf(response)!, response };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
