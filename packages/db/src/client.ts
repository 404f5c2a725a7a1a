/**
 * Opens the database: postgres.js for a server URL, PGlite (PostgreSQL in wasm) otherwise, both behind
 * one drizzle type so services and tests don't care which one runs.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Logger, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index';

export type Schema = typeof schema;

/** What both drivers' drizzle instances (and their transactions) satisfy. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The `tx` of `db.transaction(async (tx) => ...)`; it is also a `Database`, so services can take either. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;

export type Driver = 'postgres' | 'pglite';

export interface DbHandle {
  db: Database;
  driver: Driver;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL server URL; when set, postgres.js is used. */
  url?: string;
  /** PGlite data directory (created if missing); undefined = in memory. Ignored when `url` is set. */
  dataDir?: string;
  /** Log every SQL statement: true for drizzle's default logger, or a logger of your own (benchmarks capture queries). */
  schemaLogger?: boolean | Logger;
  /** postgres.js pool size (default 10). */
  maxConnections?: number;
}

/**
 * The committed migrations: packages/db/migrations from this source file, or `migrations` next to the
 * server bundle (apps/server/dist/main.js, whose build copies them there).
 */
const bundledMigrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
export const migrationsFolder: string = existsSync(bundledMigrationsFolder)
  ? bundledMigrationsFolder
  : fileURLToPath(new URL('../migrations', import.meta.url));

/** How to migrate each handle, kept out of the public interface. */
const migrators = new WeakMap<DbHandle, () => Promise<void>>();
/** The server URL each postgres.js drizzle instance was opened with (see `databaseUrlOf`). */
const urls = new WeakMap<Database, string>();

/**
 * The PostgreSQL URL a database of `createDb` (or the test helpers) was opened with; undefined for PGlite.
 * For what needs a connection of its own to the same database (the server's job queue, pg-boss).
 */
export function databaseUrlOf(db: Database): string | undefined {
  return urls.get(db);
}

/** The contrib extensions the migrations create (catalogue search, migration 0011), loaded into PGlite. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.url) return createPostgresHandle(options.url, options);
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  return wrapPglite(client, options);
}

/** Applies every migration in `migrationsFolder` that the database hasn't seen yet. */
export async function migrateDb(handle: DbHandle): Promise<void> {
  const migrate = migrators.get(handle);
  if (!migrate) throw new Error('migrateDb: this handle was not created by createDb');
  await migrate();
}

/**
 * How the pool behaves while PostgreSQL is unreachable (docs/decisions/0033). postgres.js reconnects on
 * its own, on the next query, but its defaults suit a batch job better than a server answering users:
 *
 * - `connect_timeout` (default 30 s): a query waiting for a connection to a host that doesn't answer
 *   fails after this instead, so a request gets its 503 within seconds rather than hanging;
 * - `backoff` (default: 3^n / 100 s after the n-th failed connection in a row, jittered, up to 20 s):
 *   each connection waits this long before its next attempt, and every query queued meanwhile waits with
 *   it. With the default, a 6 s outage under load in the chaos tier held a request for 19 s and the
 *   recovery took 4.5–8 s after the database was back. Capped at RECONNECT_DELAY_CAP_SECONDS here: still
 *   exponential (and jittered) for a short blip, never more than a second behind the database's return
 *   (recovery under 1 s in the same test);
 * - `fetch_types: false`: by default every new connection first queries pg_type for array types, and a
 *   failure of that query (the backend terminated or shut down just then, as during a restart) is an
 *   unhandled rejection inside postgres.js 3.4.9, which ends the Node process (porsager/postgres#1192,
 *   #1223; apps/server/test/database-unavailable.test.ts reproduces it). Nothing here needs those types:
 *   drizzle sends arrays as literals and parses the text[] columns it reads back.
 */
export const CONNECT_TIMEOUT_SECONDS = 5;
export const RECONNECT_DELAY_CAP_SECONDS = 1;

/** The wait before reconnecting after `failures` failed connections in a row, in seconds. */
export function reconnectDelaySeconds(failures: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** failures / 100, RECONNECT_DELAY_CAP_SECONDS);
}

/** @internal Used by createDb and the test helpers. */
export function createPostgresHandle(
  url: string,
  options: Omit<CreateDbOptions, 'url' | 'dataDir'> = {},
): DbHandle {
  const client = postgres(url, {
    onnotice: () => {},
    max: options.maxConnections ?? 10,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectDelaySeconds,
    fetch_types: false,
  });
  const db = drizzlePostgres({ client, schema, logger: options.schemaLogger ?? false });
  const handle: DbHandle = {
    db,
    driver: 'postgres',
    close: () => client.end({ timeout: 5 }),
  };
  migrators.set(handle, () => migratePostgresInTurn(url, db));
  urls.set(db, url);
  return handle;
}

/**
 * Instances started together on one database (replicas, a rolling deploy with a new migration) would each
 * apply the same pending migrations, and all but the first would fail: `CREATE TABLE` of a table another
 * has just created. They take turns under a session-level advisory lock held on a connection of its own
 * (not one of the pool's, which the migrator needs, however small the pool): the first applies the
 * migrations, the others wait, then find none left to apply. Closing that connection releases the lock,
 * also when the process dies. The cluster tier (apps/server/test/cluster) starts two instances at once.
 */
async function migratePostgresInTurn(url: string, db: PostgresJsDatabase<Schema>): Promise<void> {
  // The pool's connection settings, for the same reasons (see CONNECT_TIMEOUT_SECONDS above).
  const lock = postgres(url, {
    onnotice: () => {},
    max: 1,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    fetch_types: false,
  });
  try {
    await lock`select pg_advisory_lock(hashtext('lectio:migrations'))`;
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await lock.end({ timeout: 5 });
  }
}

/** @internal Wraps an open PGlite instance (for example one loaded from a data-dir dump). */
export function wrapPglite(client: PGlite, options: Pick<CreateDbOptions, 'schemaLogger'> = {}): DbHandle {
  const db = drizzlePglite({ client, schema, logger: options.schemaLogger ?? false });
  const handle: DbHandle = {
    db,
    driver: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
  migrators.set(handle, () => migratePglite(db, { migrationsFolder }));
  return handle;
}

/**
 * Runs raw SQL and returns its rows for either driver (postgres.js returns an array, PGlite `{ rows }`,
 * so `db.execute()` alone has no common result type).
 */
export async function queryRows<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

/** The driver error underneath drizzle's DrizzleQueryError (or the error itself). */
function driverError(err: unknown): Record<string, unknown> | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { cause } = err as { cause?: unknown };
  if (typeof cause === 'object' && cause !== null && 'code' in cause) return cause as Record<string, unknown>;
  return err as Record<string, unknown>;
}

/** The PostgreSQL SQLSTATE of a failed query (e.g. '23505'), for both drivers, or undefined. */
export function pgErrorCode(err: unknown): string | undefined {
  const code = driverError(err)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The name of the violated constraint or index, when PostgreSQL reported one. */
export function pgErrorConstraint(err: unknown): string | undefined {
  const error = driverError(err);
  // postgres.js calls it constraint_name, PGlite constraint.
  const name = error?.constraint_name ?? error?.constraint;
  return typeof name === 'string' ? name : undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_RESTRICT_VIOLATION = '23001';
export const PG_CHECK_VIOLATION = '23514';

/** Unique violation, optionally of one named constraint/index (e.g. 'users_email_lower_unique'). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (pgErrorCode(err) !== PG_UNIQUE_VIOLATION) return false;
  return constraint === undefined || pgErrorConstraint(err) === constraint;
}

/** A missing referenced row, or a delete of a row still referenced (23503, or 23001 for ON DELETE RESTRICT). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION;
}

export function isCheckViolation(err: unknown): boolean {
  return pgErrorCode(err) === PG_CHECK_VIOLATION;
}
