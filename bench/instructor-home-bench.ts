/**
 * The instructor home at scale (issue 30 item 4): one instructor with 10 courses of 12 lectures and 30,000
 * enrollments (3,000 a course), 70% of them started with a prefix of lectures completed, on a platform
 * with 100,000 more enrollments in other instructors' courses. Measures GET /api/v1/instructor/home as
 * that instructor next to GET /api/v1/health (interleaved rounds, median of the rounds' p95), then prints
 * EXPLAIN ANALYZE of the home's statement and each of its parts alone, so the costly part shows.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @lectio/bench bench:instructor-home
 *
 * BENCH_DATABASE names the database (default lectio_home_bench); a seeded one is reused, BENCH_RESEED=1
 * rebuilds it. BENCH_REQUESTS (300), BENCH_CONCURRENCY (4), BENCH_ROUNDS (3). Target: p95 <= 20 ms.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDb, hashPassword, migrateDb } from '@lectio/db';
import { buildApp } from '@lectio/server';
import { loadConfig } from '@lectio/server/config';
import { readParts } from '@lectio/server/services/admin/read-parts';
import * as parts from '@lectio/server/services/instructor/home-parts';
import { lastWeeks } from '@lectio/server/services/instructor/instructor-home';
import { PgDialect } from 'drizzle-orm/pg-core';
import { measureRequests } from './request-loop';
import { ensureDatabase, pgOf, withDatabase } from './search-seed';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const P95_TARGET_MS = 20;
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'lectio_home_bench';
const SCALE = { courses: 10, lectures: 12, students: 30_000, otherCourses: 40, otherEnrollments: 100_000 };
const INSTRUCTOR = { email: 'bench-home-instructor@example.com', password: 'bench-password' };

const log = (line: string) => console.log(line);
const databaseUrl = withDatabase(SERVER_URL, DATABASE);

await ensureDatabase(SERVER_URL, DATABASE, process.env.BENCH_RESEED === '1');
const handle = await createDb({ url: databaseUrl, maxConnections: 10 });
await migrateDb(handle);
const pg = pgOf(handle);

const [existing] = await pg.unsafe('select id from users where email = $1', [INSTRUCTOR.email]);
let instructorId = existing ? String(existing.id) : '';
if (!instructorId) {
  const t0 = performance.now();
  const sql = await pg.reserve();
  try {
    await sql.unsafe('begin');
    const [instructor, other] = await sql.unsafe(
      `insert into users (name, email, password_hash, role) values
         ('Bench Instructor', $1, $2, 'instructor'), ('Other Instructor', 'bench-home-other@example.com', 'x', 'instructor')
       returning id`,
      [INSTRUCTOR.email, await hashPassword(INSTRUCTOR.password)],
    );
    instructorId = String(instructor?.id);
    await sql.unsafe(
      `insert into users (name, email, password_hash, role, created_at)
       select 'Student ' || g, 'home-bench-' || g || '@example.com', 'x', 'student', now() - (g % 365) * interval '1 day'
       from generate_series(1, ${SCALE.students}) g`,
    );
    await sql.unsafe(
      `insert into courses (title, category, level, price_minor, is_published, status, instructor_id, created_at)
       select 'Bench course ' || g, 'Web Development', 'Beginner', 1999, true, 'published',
              case when g <= ${SCALE.courses} then $1::uuid else $2::uuid end, now() - g * interval '1 hour'
       from generate_series(1, ${SCALE.courses + SCALE.otherCourses}) g`,
      [instructorId, String(other?.id)],
    );
    await sql.unsafe(
      `insert into course_sections (course_id, title, position)
       select c.id, 'Part ' || s, s from courses c cross join generate_series(1, 2) s`,
    );
    await sql.unsafe(
      `insert into lectures (course_id, section_id, title, position, duration_seconds)
       select c.id, cs.id, 'Lecture ' || n, n, 300
       from courses c cross join generate_series(1, ${SCALE.lectures}) n
       join course_sections cs on cs.course_id = c.id and cs.position = case when n <= ${SCALE.lectures / 2} then 1 else 2 end`,
    );
    await sql.unsafe(`create temp table bench_students as
       select (row_number() over (order by id) - 1)::int as n, id from users where email like 'home-bench-%'`);
    await sql.unsafe(
      `create temp table bench_courses as
       select (row_number() over (order by c.created_at desc, c.id) - 1)::int as n, c.id, c.instructor_id = $1::uuid as mine
       from courses c`,
      [instructorId],
    );
    // Each student in one of the instructor's courses, enrolled over the last 12 weeks.
    await sql.unsafe(
      `insert into enrollments (user_id, course_id, source, created_at)
       select s.id, c.id, 'purchase', now() - (s.n % 84) * interval '1 day' - (s.n % 997) * interval '1 minute'
       from bench_students s join bench_courses c on c.mine and c.n = s.n % ${SCALE.courses}`,
    );
    // The rest of the platform: other instructors' courses.
    await sql.unsafe(
      `insert into enrollments (user_id, course_id, source, created_at)
       select distinct on (s.id, c.id) s.id, c.id, 'purchase', now() - (g % 300) * interval '1 day'
       from generate_series(0, ${SCALE.otherEnrollments - 1}) g
       join bench_students s on s.n = g % ${SCALE.students}
       join bench_courses c on not c.mine and c.n = ${SCALE.courses} + (g / ${SCALE.students} * 7 + g) % ${SCALE.otherCourses}`,
    );
    // 70% started: a prefix of k lectures completed (0..12, so some finished the course) and the next one begun.
    await sql.unsafe(
      `insert into lecture_progress (user_id, lecture_id, course_id, watched_seconds, credited_seconds, completed, completed_at)
       select e.user_id, l.id, l.course_id,
              case when l.position <= k.k then 300 else 40 end, case when l.position <= k.k then 300 else 40 end,
              l.position <= k.k, case when l.position <= k.k then now() end
       from bench_students s
       join enrollments e on e.user_id = s.id
       join bench_courses c on c.id = e.course_id and c.mine
       cross join lateral (select (s.n * 7919) % 13 as k) k
       join lectures l on l.course_id = e.course_id and l.position <= least(k.k + 1, ${SCALE.lectures})
       where s.n % 10 < 7`,
    );
    await sql.unsafe(
      `insert into reviews (course_id, user_id, rating, body)
       select e.course_id, e.user_id, 1 + s.n % 5, 'Bench review'
       from bench_students s join enrollments e on e.user_id = s.id join bench_courses c on c.id = e.course_id and c.mine
       where s.n % 20 = 0`,
    );
    await sql.unsafe('commit');
  } catch (error) {
    await sql.unsafe('rollback');
    throw error;
  } finally {
    sql.release();
  }
  await pg.unsafe('vacuum analyze');
  log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
}
const [counts] = await pg.unsafe(
  `select (select count(*)::int from enrollments e join courses c on c.id = e.course_id where c.instructor_id = $1) as mine,
          (select count(*)::int from enrollments) as enrollments,
          (select count(*)::int from lecture_progress) as progress`,
  [instructorId],
);
log(
  `The instructor has ${counts?.mine} enrollments; the platform ${counts?.enrollments}, with ${counts?.progress} lecture-progress rows.`,
);

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'h'.repeat(48),
  DATA_DIR: '/tmp/lectio-home-bench',
  DATABASE_URL: databaseUrl,
  PAYMENT_PROVIDER: 'test',
  ALLOW_INSECURE_HTTP: 'true',
  RATE_LIMIT_GLOBAL_MAX: '0',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
});
const app = await buildApp({ config, db: handle.db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(INSTRUCTOR),
});
const token = ((await login.json()) as { accessToken: string }).accessToken;
const signedIn = { headers: { authorization: `Bearer ${token}` } };
const check = await fetch(`${address}/api/v1/instructor/home`, signedIn);
const home = (await check.json()) as unknown;
if (!check.ok) throw new Error(`GET /instructor/home: ${check.status} ${JSON.stringify(home)}`);

const load = loadavg()[0]?.toFixed(1);
await measureRequests('warm-up', `${address}/api/v1/instructor/home`, signedIn, 50, CONCURRENCY);
const rounds: { health: number; home: number }[] = [];
let failures = 0;
for (let round = 0; round < ROUNDS; round++) {
  const health = await measureRequests('health', `${address}/api/v1/health`, {}, REQUESTS, CONCURRENCY);
  const measured = await measureRequests(
    'home',
    `${address}/api/v1/instructor/home`,
    signedIn,
    REQUESTS,
    CONCURRENCY,
  );
  failures += health.failures + measured.failures;
  rounds.push({ health: health.p95, home: measured.p95 });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const healthP95 = median(rounds.map((r) => r.health));
const homeP95 = median(rounds.map((r) => r.home));
log(
  `\n1-minute load average at the start: ${load}; ${ROUNDS} interleaved rounds of ${REQUESTS} requests, ${CONCURRENCY} in flight.`,
);
log('| scenario | p95 ms (median of rounds) | rounds’ p95 | vs baseline |');
log('|---|---|---|---|');
log(
  `| GET /api/v1/health (baseline) | ${healthP95.toFixed(1)} | ${rounds.map((r) => r.health.toFixed(1)).join(', ')} | 1.00x |`,
);
log(
  `| GET /api/v1/instructor/home (${counts?.mine} enrollments) | ${homeP95.toFixed(1)} | ${rounds.map((r) => r.home.toFixed(1)).join(', ')} | ${(homeP95 / healthP95).toFixed(2)}x |`,
);

// Each part alone under EXPLAIN ANALYZE: the execution time PostgreSQL reports (median of 3).
const dialect = new PgDialect();
const weeks = lastWeeks(new Date());
const partQueries = {
  courses: parts.coursesPart(instructorId),
  students: parts.studentsPart(instructorId),
  completion: parts.completionPart(instructorId),
  notStarted: parts.notStartedPart(instructorId),
  rating: parts.ratingPart(instructorId),
  recent: parts.recentPart(instructorId),
  weeks: parts.weeksPart(instructorId, weeks.start),
  dropOff: parts.dropOffPart(instructorId),
};
log('\n| part | execution ms (EXPLAIN ANALYZE, median of 3) |');
log('|---|---|');
for (const [name, part] of Object.entries(partQueries)) {
  const { sql: text, params } = dialect.sqlToQuery(part);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const rows = await pg.unsafe(`explain (analyze, format json) ${text}`, params as never[]);
    const plan = (rows[0]?.['QUERY PLAN'] as { 'Execution Time': number }[] | undefined)?.[0];
    times.push(plan?.['Execution Time'] ?? Number.NaN);
  }
  log(`| ${name} | ${median(times).toFixed(2)} |`);
}
// The home's one statement (every part, as instructorHome runs it), timed from here: median of 20.
const statementTimes: number[] = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  await readParts(handle.db, 'instructor_home', partQueries);
  statementTimes.push(performance.now() - t0);
}
log(
  `\nThe home's one statement, round trip from the bench: median ${median(statementTimes).toFixed(2)} ms of 20.`,
);
const sequential = await measureRequests(
  'home, one at a time',
  `${address}/api/v1/instructor/home`,
  signedIn,
  50,
  1,
);
const sequentialHealth = await measureRequests(
  'health, one at a time',
  `${address}/api/v1/health`,
  {},
  50,
  1,
);
log(
  `One request at a time: home p50 ${sequential.p50.toFixed(2)} ms, health p50 ${sequentialHealth.p50.toFixed(2)} ms.`,
);
const data = home as { students: number; notStarted: number; dropOff: unknown[] };
log(
  `\nThe answer: ${data.students} students, ${data.notStarted} not started, ${data.dropOff.length} drop-off rows, the first ${JSON.stringify(data.dropOff[0])}`,
);

await app.close();
await handle.close();
if (failures > 0) {
  console.error(`${failures} requests failed`);
  process.exit(1);
}
if (homeP95 > P95_TARGET_MS) {
  console.error(`FAIL: the instructor home's p95 ${homeP95.toFixed(1)} ms is above ${P95_TARGET_MS} ms`);
  process.exit(1);
}
