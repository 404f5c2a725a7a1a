/**
 * How long seeding the demo takes: seedDemo on a fresh database (TEST_DATABASE_URL's server, else PGlite)
 * into an empty media directory, as the first start and every test file that seeds it pay. Runs it
 * `RUNS` times (default 3) and prints each figure in milliseconds.
 *
 *   pnpm --filter @lectio/db exec tsx scripts/time-demo-seed.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemo } from '../src/seed/demo';
import { createTestDatabase } from '../src/testing';

const runs = Number(process.env.RUNS ?? 3);
const figures: number[] = [];
for (let run = 0; run < runs; run++) {
  const handle = await createTestDatabase();
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'lectio-seed-timing-'));
  const started = performance.now();
  await seedDemo(handle.db, { mediaDir });
  figures.push(Math.round(performance.now() - started));
  await handle.close();
  await rm(mediaDir, { recursive: true, force: true });
}
console.log(`seedDemo: ${figures.join(', ')} ms`);
