/**
 * Where pg-boss keeps its jobs: the app's own database (schema `pgboss`), reached through pg-boss's public
 * options, so that a job can be created in the same transaction as the rows it is about.
 *
 * - PostgreSQL: pg-boss's own small `pg` pool on the same URL (`connectionString`). Not the app's
 *   postgres.js pool: pg-boss runs some statements as one text with its own BEGIN ... COMMIT (schema
 *   migrations, queue creation), which postgres.js refuses on a pooled connection (UNSAFE_TRANSACTION),
 *   and its reserved connections, the way around that, never resolve on a pool opened with
 *   `fetch_types: false` when no connection is open yet (postgres.js 3.4.9: the connection opened for the
 *   reservation skips the hand-over; measured: `reserve()` on a fresh pool waits forever).
 * - PGlite (the zero-setup default): pg-boss's `fromPglite` adapter over the instance (drizzle's `$client`,
 *   its documented handle on the driver's client).
 * - A job sent in the caller's transaction goes through pg-boss's `fromDrizzle` adapter on that
 *   transaction, with dates and objects turned into text first: drizzle hands postgres.js its parameters
 *   as they are, and the pool has no type serialisers for them (`fetch_types: false`).
 */
import { type Database, databaseUrlOf } from '@lectio/db';
import { sql } from 'drizzle-orm';
import {
  type ConstructorOptions,
  type Db,
  type DrizzleSqlTagLike,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type PGliteLike,
} from 'pg-boss';

/** pg-boss's own pool on PostgreSQL: a poll, a completion and maintenance at a time need no more. */
const POOL_SIZE = 3;
const CONNECT_TIMEOUT_MS = 5000;

const isFunction = (value: unknown): value is (...args: unknown[]) => unknown => typeof value === 'function';

function isPglite(client: unknown): client is PGliteLike {
  const candidate = client as Partial<PGliteLike> | null;
  return (
    typeof client === 'object' &&
    candidate !== null &&
    isFunction(candidate.exec) &&
    isFunction(candidate.query)
  );
}

/** A parameter as postgres.js takes it untyped: dates as ISO text, objects as JSON text. */
function plainParameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value);
  return value;
}

/** pg-boss statements in a drizzle transaction (either driver), parameters made plain. */
export function transactionJobDatabase(tx: Database): Db {
  const inner = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql as unknown as DrizzleSqlTagLike);
  return { executeSql: (text, values) => inner.executeSql(text, values?.map(plainParameter)) };
}

/** pg-boss's connection options for the app's database. */
export function jobDatabaseOptions(
  db: Database,
): Pick<
  ConstructorOptions,
  'db' | 'backend' | 'connectionString' | 'max' | 'connectionTimeoutMillis' | 'application_name'
> {
  const url = databaseUrlOf(db);
  if (url)
    return {
      connectionString: url,
      max: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'lectio-jobs',
      backend: 'postgres',
    };
  const client = (db as unknown as { $client?: unknown }).$client;
  if (isPglite(client)) return { db: fromPglite(client), backend: 'pglite' };
  throw new Error('job queue: the database is neither a PostgreSQL server of createDb nor PGlite');
}
