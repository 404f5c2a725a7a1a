/**
 * Fresh, migrated databases for tests, one per test file (vitest runs files in parallel processes).
 *
 * - With TEST_DATABASE_URL (a PostgreSQL server where tests may create databases): a template
 *   database is migrated once per migration set, then every call clones it with
 *   `CREATE DATABASE ... TEMPLATE`, and `close()` drops the clone.
 * - Otherwise PGlite in memory, loaded from a dump of a migrated data directory cached in the OS temp
 *   directory (loading a dump is much faster than creating and migrating a PGlite).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import {
  createDb,
  createPostgresHandle,
  type Database,
  type DbHandle,
  migrateDb,
  migrationsFolder,
  PGLITE_EXTENSIONS,
  wrapPglite,
} from './client';
import { oncePerKey } from './once-per-key';
import * as schema from './schema/index';

export interface TestDatabase extends DbHandle {
  /** Connection URL of the cloned database (PostgreSQL only). */
  url?: string;
}

/** A fresh migrated database; `close()` releases (and on PostgreSQL drops) it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createPostgresTestDatabase(serverUrl) : createPgliteTestDatabase();
}

/**
 * Empties every table of the schema, for tests that reset between cases instead of opening a new
 * database. Uses DELETE, children first, rather than TRUNCATE: on tiny tables it is several times
 * faster on both drivers (TRUNCATE creates new files for every table). Identity sequences keep counting.
 * Needs a superuser (as test databases are: PGlite, and the postgres role of TEST_DATABASE_URL).
 */
export async function resetDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // The ledger is append-only (a trigger refuses DELETE); emptying a test database is the one exception,
    // so the transaction runs with triggers off (it deletes every table, the rollups included).
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of tablesChildrenFirst()) await tx.delete(table);
  });
}

let deleteOrder: PgTable[] | undefined;

/** Schema tables ordered so that every table comes before the tables its foreign keys reference. */
function tablesChildrenFirst(): PgTable[] {
  if (deleteOrder) return deleteOrder;
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const ordered: PgTable[] = [];
  const visiting = new Set<PgTable>();
  // Depth-first over "is referenced by": a parent is appended only after all its children.
  const visit = (table: PgTable) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const child of tables) {
      const references = getTableConfig(child).foreignKeys.map((fk) => fk.reference().foreignTable);
      if (child !== table && references.includes(table)) visit(child);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  deleteOrder = ordered;
  return ordered;
}

let migrationsHashPromise: Promise<string> | undefined;

/** Changes whenever a migration file (or the journal) changes. */
export function migrationsHash(): Promise<string> {
  migrationsHashPromise ??= (async () => {
    const hash = createHash('sha256');
    const files = (await readdir(migrationsFolder, { recursive: true })).sort();
    for (const file of files) {
      if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
      hash
        .update(file)
        .update('\0')
        .update(await readFile(path.join(migrationsFolder, file)))
        .update('\0');
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return migrationsHashPromise;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function adminClient(serverUrl: string) {
  return postgres(serverUrl, { max: 1, onnotice: () => {} });
}

/** Creates the migrated template once per server and migration set; returns its name. */
const ensureTemplate = oncePerKey(buildTemplate);

async function buildTemplate(serverUrl: string): Promise<string> {
  const template = `lectio_tpl_${await migrationsHash()}`;
  const admin = adminClient(serverUrl);
  try {
    const connection = await admin.reserve();
    try {
      // Other test processes wait here while one builds the template.
      await connection`select pg_advisory_lock(hashtext('lectio:test-template'))`;
      const [found] = await connection`select 1 from pg_database where datname = ${template}`;
      if (!found) {
        // Built under another name and renamed when complete, so a crash never leaves a half-migrated template.
        const building = `${template}_building`;
        await connection`drop database if exists ${connection(building)} with (force)`;
        await connection`create database ${connection(building)}`;
        const handle = createPostgresHandle(withDatabase(serverUrl, building), { maxConnections: 1 });
        try {
          await migrateDb(handle);
        } finally {
          await handle.close();
        }
        await connection`alter database ${connection(building)} rename to ${connection(template)}`;
      }
      await connection`select pg_advisory_unlock(hashtext('lectio:test-template'))`;
    } finally {
      connection.release();
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
  return template;
}

async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const template = await ensureTemplate(serverUrl);
  const name = `lectio_test_${randomBytes(6).toString('hex')}`;
  const admin = adminClient(serverUrl);
  try {
    await admin`create database ${admin(name)} template ${admin(template)}`;
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = withDatabase(serverUrl, name);
  // Mutated rather than copied: migrateDb recognises the handle object createPostgresHandle returned.
  const handle: TestDatabase = createPostgresHandle(url, { maxConnections: 5 });
  const closeClient = handle.close;
  let closed = false;
  handle.url = url;
  handle.close = async () => {
    if (closed) return;
    closed = true;
    await closeClient();
    const dropper = adminClient(serverUrl);
    try {
      await dropper`drop database if exists ${dropper(name)} with (force)`;
    } finally {
      await dropper.end({ timeout: 5 });
    }
  };
  return handle;
}

// ---------------------------------------------------------------------------------------------
// PGlite

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@electric-sql/pglite');
    const pkg = require(path.join(path.dirname(entry), '..', 'package.json')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const DUMP_PREFIX = 'lectio-pglite-template-';
let dumpPromise: Promise<Blob | undefined> | undefined;

async function cachedDumpPath(): Promise<string> {
  return path.join(os.tmpdir(), `${DUMP_PREFIX}${pgliteVersion()}-${await migrationsHash()}.tar`);
}

async function readCachedDump(): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(await cachedDumpPath())]);
  } catch {
    return undefined;
  }
}

/** Saves the migrated data directory for the next test files; written to a temp name and renamed, so readers never see half a file. */
async function writeCachedDump(client: PGlite): Promise<Blob> {
  const dump = await client.dumpDataDir('none');
  const target = await cachedDumpPath();
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
    await rename(temporary, target);
    // Dumps for older migration sets only take space.
    for (const file of await readdir(os.tmpdir())) {
      if (file.startsWith(DUMP_PREFIX) && path.join(os.tmpdir(), file) !== target && !file.endsWith('.tmp')) {
        await rm(path.join(os.tmpdir(), file), { force: true });
      }
    }
  } catch {
    await rm(temporary, { force: true });
  }
  return dump;
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  dumpPromise ??= readCachedDump();
  const dump = await dumpPromise;
  if (dump) {
    try {
      const handle = wrapPglite(await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS }));
      await migrateDb(handle); // a no-op unless the cache is stale
      return handle;
    } catch {
      dumpPromise = undefined; // unreadable dump: rebuild below
    }
  }
  const handle = await createDb({});
  await migrateDb(handle);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const fresh = writeCachedDump(client);
  dumpPromise = fresh;
  await fresh;
  return handle;
}
