/**
 * The driver's part of surviving a database outage, reproduced deterministically: the outage test found
 * the process ending when pg_terminate_backend cut a connection inside a transaction. postgres.js 3.4.9
 * sends ROLLBACK on that connection after it closed, from a setImmediate, to a socket it has already set
 * to null: an uncaught TypeError, which ends the Node process (porsager/postgres#1154, #1208).
 * patches/postgres@3.4.9.patch guards that write, so the queries waiting on the connection fail with
 * CONNECTION_CLOSED instead. (The other escape, a failed pg_type query of a new connection, is avoided
 * with `fetch_types: false`; test/database-unavailable.test.ts covers it.)
 *
 * The failing server is played by test/helpers/fake-postgres.ts; nothing real is stopped.
 */
import { createPostgresHandle, type DbHandle } from '@lectio/db';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/lib/database-unavailable';
import { type FakePostgres, startFakePostgres } from './helpers/fake-postgres';

const servers: FakePostgres[] = [];
const handles: DbHandle[] = [];
const escaped: unknown[] = [];
const onEscape = (error: unknown) => escaped.push(error);

beforeAll(() => {
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
});
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  const seen = escaped.splice(0).map(String);
  expect(seen, 'errors that escaped postgres.js (each ends the process)').toEqual([]);
});
afterAll(async () => {
  process.off('uncaughtException', onEscape);
  process.off('unhandledRejection', onEscape);
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(handles.map((handle) => handle.close()));
});

describe('postgres.js when the database goes away', () => {
  it('a transaction whose connection is cut under a query fails with a connection error, nothing escapes', async () => {
    const server = await startFakePostgres({ kind: 'close-in-transaction' });
    servers.push(server);
    const handle = createPostgresHandle(server.url, { maxConnections: 2 });
    handles.push(handle);
    const failure = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      })
      .then(
        () => new Error('the transaction succeeded'),
        (error: unknown) => error,
      );
    expect(failure).toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
