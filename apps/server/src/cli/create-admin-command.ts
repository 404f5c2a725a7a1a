/**
 * `pnpm admin:create`: creates an admin account from the command line, the alternative to the first-run
 * setup page (docs/decisions/0032-first-run-setup.md). Values come from flags, else the environment, else
 * prompts (the password hidden and asked twice); they are checked with the contracts' sign-up rules. It
 * works whether or not an admin exists: whoever can run it already holds the database's credentials.
 *
 * The entry point is cli/create-admin.ts; this module takes its arguments, environment, streams and
 * database from the caller so that tests can drive it.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { type AdminAccount, adminAccountSchema } from '@lectio/contracts/setup';
import { createDb, type Database, migrateDb } from '@lectio/db';
import { cliDatabaseOptions } from '@lectio/db/cli/options';
import { AppError } from '../lib/errors';
import { createAdminAccount } from '../services/setup/admin-account';

export const CREATE_ADMIN_USAGE = `Usage: pnpm admin:create [--name <name>] [--email <address>] [--password <password>]

Creates an admin account. Each value comes from its flag, else from the environment (ADMIN_NAME,
ADMIN_EMAIL, ADMIN_PASSWORD), else from a prompt. Prefer ADMIN_PASSWORD or the prompt to --password,
which other users of the machine can see in the process list.

The database is the server's: DATABASE_URL, else the embedded database under DATA_DIR (default ./data).
The embedded database allows one process at a time: stop the server first, or use the setup page.
In the Docker image: node apps/server/dist/admin-create.js [flags].`;

export interface CommandIo {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
  errorOutput: NodeJS.WritableStream;
}

export interface OpenedDatabase {
  db: Database;
  /** Where it is, for the messages (never the password of a DATABASE_URL). */
  target: string;
  close(): Promise<void>;
}

/** The server's database, migrated (a fresh install may run this before the server ever started). */
export async function openServerDatabase(env: NodeJS.ProcessEnv): Promise<OpenedDatabase> {
  const { db: options, target } = cliDatabaseOptions(env);
  const handle = await createDb(options);
  await migrateDb(handle);
  return { db: handle.db, target, close: () => handle.close() };
}

/** Readline's echo goes through this, so that typing a password shows nothing. */
class MutableOutput extends Writable {
  muted = false;
  constructor(private readonly target: NodeJS.WritableStream) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    if (!this.muted) this.target.write(chunk);
    done();
  }
}

/** Asks for each missing value in turn; reads piped lines too. Null when the input ended first. */
function prompter(io: CommandIo) {
  const echo = new MutableOutput(io.output);
  const rl = createInterface({ input: io.input, output: echo, terminal: Boolean(io.input.isTTY) });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question: string, hidden = false): Promise<string | null> {
      io.output.write(question);
      echo.muted = hidden;
      const line = await lines.next();
      echo.muted = false;
      if (hidden) io.output.write('\n');
      return line.done ? null : line.value;
    },
    close: () => rl.close(),
  };
}

type GivenValues = { [K in 'name' | 'email' | 'password']: string | undefined };

/**
 * The account from the given values, prompting for the missing ones. A password given up front is taken
 * as confirmed; a typed one is asked twice. Null when the input ended first.
 */
async function completeAccount(given: GivenValues, io: CommandIo): Promise<AdminAccount | null> {
  const confirmed = (name: string, email: string, password: string) => ({
    name,
    email,
    password,
    confirmPassword: password,
  });
  if (given.name !== undefined && given.email !== undefined && given.password !== undefined)
    return confirmed(given.name, given.email, given.password);
  const prompts = prompter(io);
  try {
    const name = given.name ?? (await prompts.ask('Name: '));
    if (name === null) return null;
    const email = given.email ?? (await prompts.ask('Email: '));
    if (email === null) return null;
    if (given.password !== undefined) return confirmed(name, email, given.password);
    const password = await prompts.ask('Password: ', true);
    if (password === null) return null;
    const confirmPassword = await prompts.ask('Confirm Password: ', true);
    if (confirmPassword === null) return null;
    return { name, email, password, confirmPassword };
  } finally {
    prompts.close();
  }
}

/** Runs the command; resolves to the exit code (0 created, 1 refused or failed, 2 wrong usage). */
export async function runCreateAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CommandIo,
  openDatabase: (env: NodeJS.ProcessEnv) => Promise<OpenedDatabase> = openServerDatabase,
): Promise<number> {
  let flags: { name?: string; email?: string; password?: string; help?: boolean };
  try {
    ({ values: flags } = parseArgs({
      // `pnpm admin:create -- --email ...` passes the separator on.
      args: argv[0] === '--' ? argv.slice(1) : argv,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.errorOutput.write(
      `${error instanceof Error ? error.message : String(error)}\n\n${CREATE_ADMIN_USAGE}\n`,
    );
    return 2;
  }
  if (flags.help) {
    io.output.write(`${CREATE_ADMIN_USAGE}\n`);
    return 0;
  }

  const account = await completeAccount(
    {
      name: flags.name ?? env.ADMIN_NAME,
      email: flags.email ?? env.ADMIN_EMAIL,
      password: flags.password ?? env.ADMIN_PASSWORD,
    },
    io,
  );
  if (!account) {
    io.errorOutput.write(
      'The input ended before every value was given: pass --name, --email and ADMIN_PASSWORD (or --password).\n',
    );
    return 2;
  }
  const checked = adminAccountSchema.safeParse(account);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    io.errorOutput.write(`No admin created:\n${problems.join('\n')}\n`);
    return 1;
  }

  const database = await openDatabase(env);
  try {
    const admin = await createAdminAccount(database, account);
    io.output.write(`Created admin ${admin.name} <${admin.email}> in ${database.target}. Sign in with it.\n`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.errorOutput.write(`No admin created: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
