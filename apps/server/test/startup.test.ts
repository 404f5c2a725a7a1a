/**
 * What the server does and prints at start-up (main.ts, startup-banner.ts), run as a real process the way
 * production runs it: no demo data and a first-run setup token unless SEED_DEMO asks, the demo password
 * only when this start created the demo accounts, and a refusal to start with unsafe production settings.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETUP_PATH } from '@lectio/contracts/navigation';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@lectio/db';
import { createTestDatabase, type TestDatabase } from '@lectio/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { setupToken } from '../src/services/setup/setup-token';
import { startupBanner } from '../src/startup-banner';
import { freePort } from './helpers/free-port';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JWT_SECRET = 'startup-test-secret-that-is-long-enough-for-hs256-0123456789';
const START_TIMEOUT_MS = 60_000;

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  children.clear();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A database for the server process: a fresh PostgreSQL database with TEST_DATABASE_URL (faster to start
 * on), else the embedded PGlite under the data directory.
 */
async function serverDatabase(): Promise<{ env: Record<string, string>; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-startup-test-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!process.env.TEST_DATABASE_URL) return { env: {}, dataDir };
  const database: TestDatabase = await createTestDatabase();
  cleanups.push(() => database.close());
  return { env: { DATABASE_URL: database.url as string }, dataDir };
}

/** Runs src/main.ts (under tsx) with `env` over a clean environment, until it exits or prints its banner. */
function runServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  // Nothing of the caller's decides what is tested.
  const inherited = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'NODE_ENV',
    'SEED_DEMO',
    'PAYMENT_PROVIDER',
    'PUBLIC_URL',
    'ALLOW_INSECURE_HTTP',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
  ])
    delete inherited[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(tmpdir(), 'lectio-startup-test-no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, output } = runServer({ PORT: String(port), PUBLIC_URL: baseUrl, ...env });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!output().includes('API reference')) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output()}`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
  // The banner is one write; give the pipe a moment to deliver all of it.
  await new Promise((wake) => setTimeout(wake, 200));
  return { child, baseUrl, output };
}

async function stopServer(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  await exited;
}

/** What `docker run` without demo settings looks like: production, test payments and http allowed. */
const PRODUCTION = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', ALLOW_INSECURE_HTTP: 'true' };

describe('the server process', () => {
  it(
    'in production without SEED_DEMO: no demo data, no demo password, and a setup token that works',
    async () => {
      const database = await serverDatabase();
      const server = await startServer({ ...PRODUCTION, DATA_DIR: database.dataDir, ...database.env });
      const banner = server.output();
      expect(banner).not.toContain(DEMO_PASSWORD);
      for (const account of Object.values(DEMO_ACCOUNTS)) expect(banner).not.toContain(account.email);
      expect(banner).toContain(`${server.baseUrl}${SETUP_PATH}`);
      const token = setupToken(JWT_SECRET);
      expect(banner).toContain(token);

      // The printed token is the one the server takes.
      const printed = banner.split('\n').map((line) => line.trim());
      expect(printed).toContain(token);
      const created = await fetch(`${server.baseUrl}/api/v1/setup/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token,
          name: 'First Admin',
          email: 'first.admin@example.com',
          password: 'first-admin-password',
          confirmPassword: 'first-admin-password',
        }),
      });
      expect(created.status).toBe(201);
      const status = await fetch(`${server.baseUrl}/api/v1/setup/status`);
      expect(await status.json()).toEqual({ needsSetup: false });

      // Setup is closed: the next start prints no token.
      await stopServer(server);
      const again = await startServer({ ...PRODUCTION, DATA_DIR: database.dataDir, ...database.env });
      expect(again.output()).not.toContain(token);
      expect(again.output()).not.toContain('first-run setup');
    },
    3 * START_TIMEOUT_MS,
  );

  it(
    'with SEED_DEMO=true: prints the demo accounts when it seeded them, and not on a later start',
    async () => {
      const database = await serverDatabase();
      const env = { ...PRODUCTION, SEED_DEMO: 'true', DATA_DIR: database.dataDir, ...database.env };
      const first = await startServer(env);
      expect(first.output()).toContain(`password "${DEMO_PASSWORD}"`);
      for (const account of Object.values(DEMO_ACCOUNTS)) expect(first.output()).toContain(account.email);
      expect(first.output()).not.toContain('first-run setup');

      await stopServer(first);
      const second = await startServer(env);
      expect(second.output()).not.toContain(DEMO_PASSWORD);
      expect(second.output()).toContain('demo data: not seeded');
    },
    3 * START_TIMEOUT_MS,
  );

  it(
    'refuses to start in production with silent test payments and plain http, saying what to set',
    async () => {
      const { child, output } = runServer({ NODE_ENV: 'production', DATA_DIR: '/nonexistent/lectio' });
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output()).toContain('Invalid configuration:');
      expect(output()).toContain('PAYMENT_PROVIDER: payments would run in TEST MODE');
      expect(output()).toContain('PUBLIC_URL: is not set');
    },
    START_TIMEOUT_MS,
  );
});

describe('startupBanner', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET,
    DATA_DIR: '/tmp/lectio-banner-test',
    PUBLIC_URL: 'https://lectio.example',
  });
  const database = { driver: 'postgres' as const, location: '' };

  it('names the demo password only when the demo accounts were created', () => {
    const seeded = startupBanner({ config, database, demoSeeded: true, setupToken: null });
    expect(seeded).toContain(`password "${DEMO_PASSWORD}"`);
    const notSeeded = startupBanner({ config, database, demoSeeded: false, setupToken: null });
    expect(notSeeded).not.toContain(DEMO_PASSWORD);
    expect(notSeeded).not.toContain(DEMO_ACCOUNTS.admin.email);
  });

  it('shows the setup page and token while setup is open', () => {
    const banner = startupBanner({ config, database, demoSeeded: false, setupToken: 'the-token' });
    expect(banner).toContain('https://lectio.example/setup');
    expect(banner).toContain('    the-token');
    expect(banner).toContain('pnpm admin:create');
  });

  it('says where e-mail goes: the outbox under DATA_DIR without SMTP_URL, else SMTP', () => {
    const files = startupBanner({ config, database, demoSeeded: false, setupToken: null });
    expect(files).toContain('e-mail: written to /tmp/lectio-banner-test/mail, not sent (set SMTP_URL)');
    expect(files).toContain('https://lectio.example/dashboard/admin/mail');
    const smtp = startupBanner({
      config: { ...config, mail: { ...config.mail, smtpUrl: 'smtp://mail.example:587' } },
      database,
      demoSeeded: false,
      setupToken: null,
    });
    expect(smtp).toContain('e-mail: SMTP (SMTP_URL)');
    expect(smtp).not.toContain('mail.example');
  });
});
