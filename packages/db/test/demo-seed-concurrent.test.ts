/**
 * Two instances started together on an empty database with SEED_DEMO=true (docs/DEPLOYMENT.md): both
 * call seedDemo at once. One seeds, the other finds the data there; neither fails on the other's rows.
 * Needs two connections, so it runs against PostgreSQL (TEST_DATABASE_URL); PGlite has one connection
 * and can't interleave the two transactions.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, users } from '../src/schema/index';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/demo';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let handle: TestDatabase;
let mediaDir: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'lectio-demo-media-'));
});
afterAll(async () => {
  await handle?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

async function rowCounts(database: TestDatabase) {
  const [accounts] = await database.db.select({ n: count() }).from(users);
  const [courseRows] = await database.db.select({ n: count() }).from(courses);
  return { users: accounts?.n, courses: courseRows?.n };
}

describe.runIf(process.env.TEST_DATABASE_URL)('seedDemo from two instances at once', () => {
  it('seeds once and the other call finds the data', async () => {
    const outcomes = await Promise.all([
      seedDemo(handle.db, { mediaDir }),
      seedDemo(handle.db, { mediaDir }),
      seedDemo(handle.db, { mediaDir }),
    ]);
    expect(outcomes.filter((outcome) => outcome.seeded)).toHaveLength(1);
    // The same rows as one seed on its own makes, not two or three sets of them.
    const concurrent = await rowCounts(handle);
    const reference = await createTestDatabase();
    try {
      await seedDemo(reference.db, { mediaDir });
      expect(concurrent).toEqual(await rowCounts(reference));
    } finally {
      await reference.close();
    }
    const demoAdmins = await handle.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    expect(demoAdmins[0]?.n).toBe(1);
  });
});
