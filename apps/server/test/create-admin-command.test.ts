/**
 * `pnpm admin:create` (cli/create-admin-command.ts): an admin account from flags, the environment or
 * prompts, checked with the sign-up rules; and the entry point run as a real process on the server's
 * database settings.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { AUTH_MESSAGES, VALIDATION } from '@lectio/contracts/messages';
import { createDb, type Database, users } from '@lectio/db';
import { verifyPassword } from '@lectio/db/password';
import { createUser } from '@lectio/db/seed/factories';
import { createTestDatabase, type TestDatabase } from '@lectio/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandIo, runCreateAdmin } from '../src/cli/create-admin-command';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Streams for one run: `typed` lines arrive on stdin, then it ends. */
function io(typed: string[] = []) {
  const input = new PassThrough();
  input.end(typed.map((line) => `${line}\n`).join(''));
  let output = '';
  let errors = '';
  const streams: CommandIo = {
    input,
    output: new PassThrough().on('data', (chunk) => {
      output += chunk;
    }),
    errorOutput: new PassThrough().on('data', (chunk) => {
      errors += chunk;
    }),
  };
  return { streams, output: () => output, errors: () => errors };
}

const run = (argv: string[], env: NodeJS.ProcessEnv, streams: CommandIo) =>
  runCreateAdmin(argv, env, streams, async () => ({
    db: database.db,
    target: 'the test database',
    close: async () => {},
  }));

async function userByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

describe('runCreateAdmin', () => {
  it('creates an admin from flags (the password from the environment)', async () => {
    const run1 = io();
    const code = await run(
      ['--name', 'Meera Iyer', '--email', 'meera@example.com'],
      { ADMIN_PASSWORD: 'a long admin passphrase' },
      run1.streams,
    );
    expect(run1.errors()).toBe('');
    expect(code).toBe(0);
    expect(run1.output()).toContain('Created admin Meera Iyer <meera@example.com>');
    const user = await userByEmail(database.db, 'meera@example.com');
    expect(user).toMatchObject({ name: 'Meera Iyer', role: 'admin', isActive: true });
    expect(await verifyPassword(user?.passwordHash ?? '', 'a long admin passphrase')).toBe(true);
  });

  it('takes every value from the environment, and `--` from pnpm is fine', async () => {
    const run1 = io();
    const code = await run(
      ['--'],
      { ADMIN_NAME: 'Env Admin', ADMIN_EMAIL: 'env.admin@example.com', ADMIN_PASSWORD: 'env-password' },
      run1.streams,
    );
    expect(code).toBe(0);
    expect((await userByEmail(database.db, 'env.admin@example.com'))?.role).toBe('admin');
  });

  it('prompts for what is missing, the password twice', async () => {
    const run1 = io(['Prompted Admin', 'prompted@example.com', 'typed-password', 'typed-password']);
    const code = await run([], {}, run1.streams);
    expect(run1.errors()).toBe('');
    expect(code).toBe(0);
    expect(run1.output()).toContain('Name: ');
    expect(run1.output()).toContain('Email: ');
    expect(run1.output()).toContain('Password: ');
    expect(run1.output()).toContain('Confirm Password: ');
    // Piped input is never echoed back.
    expect(run1.output()).not.toContain('typed-password');
    const user = await userByEmail(database.db, 'prompted@example.com');
    expect(await verifyPassword(user?.passwordHash ?? '', 'typed-password')).toBe(true);
  });

  it('refuses what sign-up refuses, and creates nothing', async () => {
    const run1 = io(['Mismatch', 'not-an-email', 'first-password', 'second-password']);
    expect(await run([], {}, run1.streams)).toBe(1);
    expect(run1.errors()).toContain(`email: ${VALIDATION.emailInvalid}`);
    expect(run1.errors()).toContain(`confirmPassword: ${VALIDATION.passwordsDoNotMatch}`);
    const run2 = io();
    expect(
      await run(['--name', 'Short', '--email', 'short@example.com', '--password', '123'], {}, run2.streams),
    ).toBe(1);
    expect(run2.errors()).toContain(VALIDATION.passwordTooShort);
    expect(await userByEmail(database.db, 'short@example.com')).toBeUndefined();
  });

  it('refuses an e-mail already registered (any case)', async () => {
    await createUser(database.db, { role: 'student', email: 'taken@example.com' });
    const run1 = io();
    const code = await run(
      ['--name', 'Taken', '--email', 'TAKEN@example.com', '--password', 'some-password'],
      {},
      run1.streams,
    );
    expect(code).toBe(1);
    expect(run1.errors()).toContain(AUTH_MESSAGES.emailAlreadyRegistered);
    expect((await userByEmail(database.db, 'taken@example.com'))?.role).toBe('student');
  });

  it('says what to pass when the input ends before every value was given', async () => {
    const run1 = io(['Only A Name']);
    expect(await run([], {}, run1.streams)).toBe(2);
    expect(run1.errors()).toContain('--email');
  });

  it('shows its usage for --help, and for an unknown flag (exit 2)', async () => {
    const help = io();
    expect(await run(['--help'], {}, help.streams)).toBe(0);
    expect(help.output()).toContain('Usage: pnpm admin:create');
    const wrong = io();
    expect(await run(['--role', 'admin'], {}, wrong.streams)).toBe(2);
    expect(wrong.errors()).toContain('Usage: pnpm admin:create');
  });
});

describe('the admin:create entry point', () => {
  it('creates an admin in the database the server uses (DATABASE_URL or DATA_DIR)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-admin-create-test-'));
    const own = process.env.TEST_DATABASE_URL ? await createTestDatabase() : null;
    try {
      const { DATABASE_URL: _notTheCallers, ...inherited } = process.env;
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/cli/create-admin.ts',
          '--name',
          'Process Admin',
          '--email',
          'proc@example.com',
        ],
        {
          cwd: serverDir,
          env: {
            ...inherited,
            DATA_DIR: dataDir,
            ADMIN_PASSWORD: 'process-password',
            ...(own?.url ? { DATABASE_URL: own.url } : {}),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(output).toContain('Created admin Process Admin <proc@example.com>');
      expect(code).toBe(0);

      const handle = own ?? (await createDb({ dataDir: path.join(dataDir, 'pglite') }));
      try {
        const [row] = await handle.db
          .select({ role: users.role })
          .from(users)
          .where(eq(users.email, 'proc@example.com'));
        expect(row?.role).toBe('admin');
      } finally {
        if (!own) await handle.close();
      }
    } finally {
      await own?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
