/**
 * What the server does with an error nothing caught (src/lib/fatal-errors.ts, docs/decisions/0042): one
 * fatal log line with the error, then exit 1 for the supervisor to start a fresh process. Each case runs
 * in a child process (test/helpers/fatal-child.ts), since an uncaught error there ends the process.
 *
 * The last case is the one we know of: postgres.js 3.4.9 writes a ROLLBACK to a socket it has already
 * closed when a connection is cut inside a transaction (porsager/postgres#1154, #1208), an uncaught
 * TypeError. The failing server is played by test/helpers/fake-postgres.ts; nothing real is stopped. If a
 * postgres.js release fixes it, that case fails with the transaction's own outcome: then update decision
 * 0042 and docs/DEPLOYMENT.md (a supervisor stays good practice, but no longer covers a known crash).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FATAL_EXIT_MESSAGE } from '../src/lib/fatal-errors';
import { type FakePostgres, startFakePostgres } from './helpers/fake-postgres';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = path.join(serverDir, 'test/helpers/fatal-child.ts');
const servers: FakePostgres[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

interface ChildResult {
  code: number | null;
  lines: Record<string, unknown>[];
  output: string;
}

function runChild(mode: string, env: Record<string, string> = {}): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: serverDir,
      env: { ...process.env, ...env, FATAL_CHILD_MODE: mode },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    process_.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    process_.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    process_.once('error', reject);
    process_.once('exit', (code) => {
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      resolve({ code, lines, output });
    });
  });
}

const fatalLines = (result: ChildResult) => result.lines.filter((line) => line.level === 60);

describe('an error nothing caught', () => {
  it('thrown from a timer: one fatal line with the error, then exit 1', async () => {
    const result = await runChild('throw');
    expect(result.code, result.output).toBe(1);
    const fatal = fatalLines(result);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatchObject({
      msg: FATAL_EXIT_MESSAGE,
      origin: 'uncaughtException',
      err: { type: 'RangeError', message: 'thrown where nothing catches it' },
    });
    expect(result.lines.some((line) => line.survived)).toBe(false);
  }, 20_000);

  it('a rejected promise with no handler: the same, with its origin', async () => {
    const result = await runChild('reject');
    expect(result.code, result.output).toBe(1);
    expect(fatalLines(result)).toEqual([
      expect.objectContaining({
        msg: FATAL_EXIT_MESSAGE,
        origin: 'unhandledRejection',
        err: expect.objectContaining({ message: 'rejected with no handler' }),
      }),
    ]);
  }, 20_000);

  it('postgres.js 3.4.9 cut inside a transaction: its TypeError is logged and the process exits 1', async () => {
    const server = await startFakePostgres({ kind: 'close-in-transaction' });
    servers.push(server);
    const result = await runChild('driver', { FAKE_POSTGRES_URL: server.url });
    expect(result.code, `the known postgres.js crash did not end the process:\n${result.output}`).toBe(1);
    expect(fatalLines(result)).toEqual([
      expect.objectContaining({
        msg: FATAL_EXIT_MESSAGE,
        origin: 'uncaughtException',
        err: expect.objectContaining({ type: 'TypeError' }),
      }),
    ]);
  }, 20_000);
});
