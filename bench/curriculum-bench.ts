/**
 * The curriculum outline at scale (issue 26), on a real PostgreSQL server:
 *   1. creates (or reuses) a dedicated database and seeds it in SQL: 10,000 published courses (the
 *      catalogue bench's count), each with one section of 3 lectures, and one course of 20 sections and
 *      300 lessons;
 *   2. captures the statements `curriculum.get` runs for the big course (its service, with drizzle's
 *      logger) and prints each one's EXPLAIN (ANALYZE, BUFFERS);
 *   3. times the outline's query alone in process (BENCH_QUERIES runs, default 2,000), next to the
 *      course-visibility query that precedes it, in interleaved rounds;
 *   4. boots the real app (production mode, on loopback) and measures GET
 *      /api/v1/courses/{big}/curriculum (what the course page and the player ask) and the same for a
 *      3-lesson course, next to GET /api/v1/health in the same run (BENCH_REQUESTS per scenario, default
 *      1,000, BENCH_CONCURRENCY in flight, default 4, BENCH_ROUNDS interleaved rounds, default 3; the
 *      median of the rounds' p95 is reported).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @lectio/bench bench:curriculum
 *
 * BENCH_DATABASE names the database (default lectio_curriculum_bench); a seeded one is reused, BENCH_RESEED=1
 * recreates it. The target (bench/README.md): one query for the outline, p95 <= 20 ms.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDb, type DbHandle, migrateDb } from '@lectio/db';
import { buildApp } from '@lectio/server';
import { loadConfig } from '@lectio/server/config';
import { curriculumOf, readCurriculum } from '@lectio/server/services/curriculum/read-curriculum';
import { createStorage } from '@lectio/server/storage/create-storage';
import { measureRequests } from './request-loop';
import { ensureDatabase, pgOf, withDatabase } from './search-seed';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'lectio_curriculum_bench';
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COURSES = 10_000;
const BIG = { sections: 20, lessonsPerSection: 15 };
const BIG_TITLE = 'Bench: the big curriculum';

const log = (line: string) => console.log(line);

async function prepare(): Promise<DbHandle> {
  await ensureDatabase(SERVER_URL, DATABASE, process.env.BENCH_RESEED === '1');
  const handle = await createDb({ url: withDatabase(SERVER_URL, DATABASE), maxConnections: 10 });
  await migrateDb(handle);
  const pg = pgOf(handle);
  const [seeded] = await pg.unsafe('select count(*)::int as n from courses');
  if (seeded?.n === COURSES + 1) return handle;
  const started = performance.now();
  await pg.unsafe(`insert into users (name, email, password_hash, role)
    values ('Bench Instructor', 'bench-instructor@example.com', 'x', 'instructor') on conflict do nothing`);
  await pg.unsafe(`
    insert into courses (title, short_description, description, category, level, price_minor, is_published,
                         status, instructor_id)
    select 'Bench course ' || n, 'Short', 'Long', 'Web Development', 'Beginner', 49900, true, 'published',
           (select id from users where email = 'bench-instructor@example.com')
      from generate_series(1, ${COURSES}) n`);
  await pg.unsafe(`insert into course_sections (course_id, title, position)
    select id, 'Course content', 1 from courses`);
  await pg.unsafe(`
    insert into lectures (course_id, section_id, title, position, duration_seconds, formatted_duration)
    select s.course_id, s.id, 'Lecture ' || p, p, 300, '5:00'
      from course_sections s cross join generate_series(1, 3) p`);
  await pg.unsafe(`
    insert into courses (title, short_description, description, category, level, price_minor, is_published,
                         status, instructor_id)
    values ('${BIG_TITLE}', 'Short', 'Long', 'Web Development', 'Beginner', 49900, true, 'published',
            (select id from users where email = 'bench-instructor@example.com'))`);
  await pg.unsafe(`
    insert into course_sections (course_id, title, position)
    select (select id from courses where title = '${BIG_TITLE}'), 'Section ' || n, n
      from generate_series(1, ${BIG.sections}) n`);
  await pg.unsafe(`
    insert into lectures (course_id, section_id, title, position, duration_seconds, formatted_duration, is_preview)
    select s.course_id, s.id, 'Lesson ' || ((s.position - 1) * ${BIG.lessonsPerSection} + p),
           (s.position - 1) * ${BIG.lessonsPerSection} + p, 240 + p, '4:0' || (p % 10), p = 1
      from course_sections s cross join generate_series(1, ${BIG.lessonsPerSection}) p
     where s.course_id = (select id from courses where title = '${BIG_TITLE}')`);
  await pg.unsafe('analyze');
  log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return handle;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

async function timeIt(run: () => Promise<unknown>, total: number): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < total; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(2)} ms`;

const handle = await prepare();
const pg = pgOf(handle);
const [big] = await pg.unsafe(`select id from courses where title = '${BIG_TITLE}'`);
const [small] = await pg.unsafe(`select id from courses where title = 'Bench course 5000'`);
const bigId = String(big?.id);
const smallId = String(small?.id);
const [counts] = await pg.unsafe(
  `select (select count(*) from courses)::int as courses, (select count(*) from course_sections)::int as sections,
          (select count(*) from lectures)::int as lectures`,
);
log(`Data: ${JSON.stringify(counts)}; the big course ${bigId}`);

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'c'.repeat(48),
  DATA_DIR: '/tmp/lectio-curriculum-bench',
  SEED_DEMO: 'false',
  PAYMENT_PROVIDER: 'test',
  ALLOW_INSECURE_HTTP: 'true',
  RATE_LIMIT_GLOBAL_MAX: '0',
});

// 2. The statements curriculum.get runs, and their plans.
const captured: string[] = [];
const params: unknown[][] = [];
const logged = await createDb({
  url: withDatabase(SERVER_URL, DATABASE),
  maxConnections: 1,
  schemaLogger: {
    logQuery: (query, values) => {
      captured.push(query);
      params.push(values);
    },
  },
});
const outline = await readCurriculum(
  { db: logged.db, now: () => new Date(), config, storage: createStorage(config) } as never,
  null,
  bigId,
);
await logged.close();
log(
  `curriculum.get for the big course (anonymous): ${captured.length} statements, ${outline.sections.length} sections, ${outline.lessonCount} lessons`,
);
for (const [index, query] of captured.entries()) {
  let text = query;
  (params[index] ?? []).forEach((value, at) => {
    text = text.replaceAll(
      new RegExp(`\\$${at + 1}(?!\\d)`, 'g'),
      `'${String(value).replaceAll("'", "''")}'`,
    );
  });
  const plan = await pg.unsafe(`explain (analyze, buffers) ${text}`);
  log(`\n-- statement ${index + 1}: ${query.slice(0, 120)}...`);
  for (const row of plan) log(`   ${String(row['QUERY PLAN'])}`);
}

// 3. The outline's query alone, in process, against the visibility query before it.
const rounds: { outline: number; visibility: number }[] = [];
const visibility = captured[0] ?? 'select 1';
const visibilityParams = (params[0] ?? []) as string[];
for (let round = 0; round < ROUNDS; round++) {
  const v = await timeIt(() => pg.unsafe(visibility, visibilityParams), QUERIES);
  const o = await timeIt(() => curriculumOf(handle.db, bigId), QUERIES);
  rounds.push({ outline: o.p95, visibility: v.p95 });
  log(
    `round ${round + 1} (load ${loadavg()[0]?.toFixed(1)}): outline query p95 ${ms(o.p95)} (p50 ${ms(o.p50)}), visibility query p95 ${ms(v.p95)}`,
  );
}

// 4. Over HTTP.
const app = await buildApp({ config, db: handle.db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const scenarios: [string, string][] = [
  ['GET /api/v1/health (baseline)', '/api/v1/health'],
  ['GET /api/v1/courses/{big}/curriculum (20 sections, 300 lessons)', `/api/v1/courses/${bigId}/curriculum`],
  ['GET /api/v1/courses/{small}/curriculum (1 section, 3 lessons)', `/api/v1/courses/${smallId}/curriculum`],
];
for (const [name, path] of scenarios)
  await measureRequests(`warmup ${name}`, `${address}${path}`, {}, 100, CONCURRENCY);
const http: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, path] of scenarios) {
    const result = await measureRequests(name, `${address}${path}`, {}, REQUESTS, CONCURRENCY);
    if (result.failures > 0) throw new Error(`${name}: ${result.failures} failures`);
    http[name] = [...(http[name] ?? []), result.p95];
    log(`round ${round + 1}: ${name}: p95 ${ms(result.p95)}, ${result.rps.toFixed(0)} req/s`);
  }
}
await app.close();
await handle.close();

const baseline = median(http[scenarios[0]?.[0] ?? ''] ?? []);
log('\nSummary (median of the rounds):');
log(`| measured | p95 | ratio to its baseline |`);
log(`| --- | --- | --- |`);
log(
  `| outline query, big course (in process) | ${ms(median(rounds.map((r) => r.outline)))} | ${(median(rounds.map((r) => r.outline)) / median(rounds.map((r) => r.visibility))).toFixed(2)}x the visibility query |`,
);
for (const [name] of scenarios) {
  const p95 = median(http[name] ?? []);
  log(`| ${name} | ${ms(p95)} | ${(p95 / baseline).toFixed(2)}x health |`);
}
log(`Statements per curriculum.get: ${captured.length} (course visibility, then the outline)`);
