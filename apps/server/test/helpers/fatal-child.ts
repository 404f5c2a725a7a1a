/**
 * A child process for test/postgres-driver.test.ts: installs the server's fatal-error handlers on a
 * Fastify logger (the same pino logger main.ts passes) and then fails the way FATAL_CHILD_MODE says:
 * - `throw`: an exception thrown from a timer;
 * - `reject`: a promise rejected with no handler;
 * - `driver`: a transaction whose connection the fake PostgreSQL at FAKE_POSTGRES_URL cuts under a query.
 * It prints one JSON line `{"outcome": ...}` if the work settles, and exits 0 after 3 s if still alive.
 */
import { createPostgresHandle } from '@lectio/db';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { exitOnUncaughtErrors } from '../../src/lib/fatal-errors';

const app = Fastify({ logger: { level: 'info' } });
exitOnUncaughtErrors(app.log);
const mode = process.env.FATAL_CHILD_MODE;

setTimeout(() => {
  console.log(JSON.stringify({ survived: true }));
  process.exit(0);
}, 3000);

if (mode === 'throw') {
  setImmediate(() => {
    throw new RangeError('thrown where nothing catches it');
  });
} else if (mode === 'reject') {
  void Promise.reject(new Error('rejected with no handler'));
} else if (mode === 'driver') {
  const handle = createPostgresHandle(process.env.FAKE_POSTGRES_URL ?? '', { maxConnections: 2 });
  const outcome = await handle.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    })
    .then(
      () => 'succeeded',
      (error: unknown) => `failed: ${(error as { code?: string }).code ?? String(error)}`,
    );
  console.log(JSON.stringify({ outcome }));
}
