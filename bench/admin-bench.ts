/**
 * Admin dashboards at scale, on a real PostgreSQL server:
 *   1. creates (or reuses) a dedicated database and bulk-seeds it in SQL (INSERT ... SELECT
 *      generate_series): 200,000 users, 10,000 courses, 30,000 lectures, 1,000,000 payments spread
 *      over the last 12 months, 1,000,000 enrollments, ~200,000 lecture-progress rows, 150,000 sign-in
 *      sessions, 300,000 course views and 120,000 recent request events. The analytics rollups are
 *      filled by their triggers during these inserts, exactly as for the app's own writes (the
 *      triggers are per statement, so a million-row insert costs one aggregate per rollup);
 *   2. checks the rollups against the base tables;
 *   3. boots the real app (production mode, listening on loopback), signs in an admin and measures
 *      GET /admin/overview, /admin/users/overview and /admin/engagement next to GET /health
 *      (BENCH_REQUESTS per scenario, default 500, with BENCH_CONCURRENCY in flight, default 4, in
 *      BENCH_ROUNDS interleaved rounds, default 3, judged on the median of the rounds' p95);
 *      and the marketplace's figures (issue 14): GET /earnings for the instructor with the most sales (the
 *      instructor earnings page's one request; asked by the admin, which costs the same) and
 *      GET /earnings/platform (the admin's revenue), over a ledger of ~3.8 million rows: a balanced sale
 *      group for every succeeded payment (a 2% provider fee, 20% commission) and a refund group for every
 *      refunded one;
 *   4. runs every query those endpoints issue (captured from the services themselves) under
 *      EXPLAIN (ANALYZE, BUFFERS), with both a custom and a forced generic plan, and fails when any
 *      plan has a sequential scan on payments, enrollments, ledger_entries or ledger_monthly_totals, or
 *      when a median p95 is above 50 ms.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @lectio/bench bench:admin
 *
 * BENCH_DATABASE names the database (default lectio_admin_bench). A database seeded by an earlier run
 * is reused; BENCH_RESEED=1 recreates it and BENCH_DROP_DB=1 drops it at the end.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { CATEGORIES } from '@lectio/contracts/constants';
import { createDb, type DbHandle, migrateDb } from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { buildApp } from '@lectio/server';
import { loadConfig } from '@lectio/server/config';
import { adminOverview } from '@lectio/server/services/admin/admin-overview';
import { engagement } from '@lectio/server/services/admin/engagement';
import { userOverview } from '@lectio/server/services/admin/user-overview';
import { instructorEarnings, platformRevenue } from '@lectio/server/services/earnings/earnings';
import { payoutsOwed } from '@lectio/server/services/payouts/payouts';
import { createStorage } from '@lectio/server/storage/create-storage';
import { type LoopResult, measureRequests } from './request-loop';
import { ensureDatabase, withDatabase } from './search-seed';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const P95_TARGET_MS = 50;
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'lectio_admin_bench';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password' };

const SCALE = {
  users: 200_000,
  instructors: 2_000,
  courses: 10_000,
  lecturesPerCourse: 3,
  payments: 1_000_000,
  sessions: 150_000,
  courseViews: 300_000,
  activeSessions: 2_000,
};
const STUDENTS = SCALE.users - 1 - SCALE.instructors;

if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE))
  throw new Error(`BENCH_DATABASE must be a plain identifier: ${DATABASE}`);

/** The postgres.js client under a drizzle handle (the bench has no direct dependency on postgres). */
interface PgClient {
  unsafe(query: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  reserve(): Promise<PgClient & { release(): void }>;
}
const pgOf = (handle: DbHandle) => (handle.db as unknown as { $client: PgClient }).$client;

const log = (line: string) => console.log(line);
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Database and seed

async function prepareDatabase(): Promise<{ handle: DbHandle; url: string; seeded: boolean }> {
  const url = withDatabase(SERVER_URL, DATABASE);
  await ensureDatabase(SERVER_URL, DATABASE, process.env.BENCH_RESEED === '1');
  const handle = await createDb({ url, maxConnections: 10 });
  await migrateDb(handle);
  const [row] = await pgOf(handle).unsafe(
    "select count(*)::int as n from payments where provider_payment_id like 'bench\\_%'",
  );
  return { handle, url, seeded: row?.n === SCALE.payments };
}

type Connection = PgClient & { release(): void };

/**
 * Bulk-load recipe: drops the table's foreign keys, unique constraints and secondary indexes, runs the
 * load, then re-creates them (one bulk validation and index build instead of per-row checks). The
 * rollup triggers stay enabled throughout.
 */
async function bulkLoad(conn: Connection, table: string, run: () => Promise<unknown>): Promise<void> {
  const constraints = await conn.unsafe(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = $1::regclass and contype in ('f', 'u')`,
    [table],
  );
  const indexes = await conn.unsafe(
    `select indexname as name, indexdef as def from pg_indexes
     where schemaname = 'public' and tablename = $1
       and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)`,
    [table],
  );
  for (const { name } of constraints) await conn.unsafe(`alter table ${table} drop constraint "${name}"`);
  for (const { name } of indexes) await conn.unsafe(`drop index "${name}"`);
  await run();
  for (const { def } of indexes) await conn.unsafe(String(def));
  for (const { name, def } of constraints)
    await conn.unsafe(`alter table ${table} add constraint "${name}" ${String(def)}`);
}

async function seed(handle: DbHandle): Promise<void> {
  log(`Seeding ${DATABASE} (rollups filled by their triggers during the inserts):`);
  const admin = await createUser(handle.db, {
    role: 'admin',
    name: 'Bench Admin',
    email: ADMIN.email,
    password: ADMIN.password,
    createdAt: new Date(Date.now() - 400 * 86_400_000),
  });
  const conn = await pgOf(handle).reserve();
  try {
    await conn.unsafe("set synchronous_commit = off; set maintenance_work_mem = '256MB'");
    await step(`${SCALE.users - 1} users`, () =>
      conn.unsafe(
        `insert into users (name, email, password_hash, role, created_at, updated_at)
         select 'Bench user ' || g, 'bench-' || g || '@example.com', $1,
                case when g <= ${SCALE.instructors} then 'instructor' else 'student' end,
                now() - make_interval(secs => (g::bigint * 7919) % 31536000), now()
         from generate_series(1, ${SCALE.users - 1}) g`,
        [admin.passwordHash],
      ),
    );
    await conn.unsafe(
      `create temp table bench_students as
         select (row_number() over (order by id) - 1)::int as n, id from users where role = 'student';
       create unique index on bench_students (n);
       create temp table bench_instructors as
         select (row_number() over (order by id) - 1)::int as n, id from users where role = 'instructor';
       create unique index on bench_instructors (n);`,
    );
    await step(`${SCALE.courses} courses`, () =>
      conn.unsafe(
        `insert into courses (title, short_description, description, category, level, tags, price_minor,
                              is_published, status, instructor_id, created_at, updated_at)
         select 'Bench course ' || g, 'A benchmark course.', 'A benchmark course.',
                ($1::text[])[1 + g % ${CATEGORIES.length}],
                (array['Beginner', 'Intermediate', 'Advanced'])[1 + g % 3], g::text,
                9900 + (g % 40) * 10000, true, 'published', i.id,
                now() - interval '400 days' + make_interval(secs => (g::bigint * 104729) % 31536000), now()
         from generate_series(0, ${SCALE.courses - 1}) g
         join bench_instructors i on i.n = g % ${SCALE.instructors}`,
        // As a PostgreSQL array literal: the pool runs with fetch_types off (decision 0033), so postgres.js
        // doesn't know the text[] type to serialise a JavaScript array into.
        [`{${CATEGORIES.map((category) => `"${category}"`).join(',')}}`],
      ),
    );
    await conn.unsafe(
      `create temp table bench_courses as
         select tags::int as n, id, category, price_minor from courses where title like 'Bench course %';
       create unique index on bench_courses (n);`,
    );
    await step(`${SCALE.courses * SCALE.lecturesPerCourse} lectures`, () =>
      conn.unsafe(
        `insert into lectures (course_id, title, position, duration_seconds, formatted_duration)
         select c.id, 'Lecture ' || p, p, 300, '5:00'
         from bench_courses c cross join generate_series(1, ${SCALE.lecturesPerCourse}) p`,
      ),
    );
    // Payment i belongs to student i % S and course (student * 7919 + (i / S) * 1237) % C: a distinct
    // (student, course) pair for every i, so each can become an enrollment.
    await step(`${SCALE.payments} payments over 12 months (94% succeeded)`, () =>
      bulkLoad(conn, 'payments', () =>
        conn.unsafe(
          `insert into payments (user_id, course_id, provider, provider_payment_id, amount_minor, currency, status, created_at)
         select s.id, c.id, 'test', 'bench_' || i, c.price_minor, 'INR',
                case when i % 100 < 94 then 'succeeded' when i % 100 < 97 then 'failed'
                     when i % 100 < 99 then 'pending' else 'refunded' end,
                now() - make_interval(secs => ((i * 15485863) % 31536000000) / 1000.0)
         from generate_series(0::bigint, ${SCALE.payments - 1}) i
         join bench_students s on s.n = i % ${STUDENTS}
         join bench_courses c on c.n = ((i % ${STUDENTS}) * 7919 + (i / ${STUDENTS}) * 1237) % ${SCALE.courses}`,
        ),
      ),
    );
    await step(`${SCALE.payments} enrollments`, () =>
      bulkLoad(conn, 'enrollments', () =>
        conn.unsafe(
          `insert into enrollments (user_id, course_id, payment_id, source, created_at)
         select user_id, course_id, case when status = 'succeeded' then id end,
                case when status = 'succeeded' then 'purchase' else 'free' end, created_at
         from payments where provider_payment_id like 'bench\\_%'`,
        ),
      ),
    );
    // A tenth of the enrollments have progress: 1, 2 or all 3 lectures completed.
    await step('lecture progress for 10% of enrollments', () =>
      bulkLoad(conn, 'lecture_progress', () =>
        conn.unsafe(
          `insert into lecture_progress (user_id, lecture_id, course_id, watched_seconds, completed)
         select e.user_id, l.id, e.course_id, 300, true
         from enrollments e
         join lectures l on l.course_id = e.course_id
           and l.position <= 1 + abs(hashtext(e.id::text || 'p')) % ${SCALE.lecturesPerCourse}
         where abs(hashtext(e.id::text)) % 10 = 0`,
        ),
      ),
    );
    await step(`${SCALE.sessions} sign-in sessions over 60 days`, () =>
      conn.unsafe(
        `insert into auth_sessions (user_id, refresh_token_hash, created_at, last_seen_at, expires_at)
         select s.id, md5(x.j::text), x.created, x.created + make_interval(secs => x.j % 7200),
                x.created + interval '30 days'
         from (select j, now() - make_interval(secs => (j::bigint * 7919) % 5184000) as created
               from generate_series(0, ${SCALE.sessions - 1}) j) x
         join bench_students s on s.n = (x.j * 13) % ${STUDENTS}`,
      ),
    );
    await step(`${SCALE.courseViews} course views over 30 days`, () =>
      conn.unsafe(
        `insert into activity_events (user_id, type, course_id, category, created_at)
         select s.id, 'course_view', c.id, c.category, now() - make_interval(secs => (v::bigint * 7919) % 2592000)
         from generate_series(0, ${SCALE.courseViews - 1}) v
         join bench_students s on s.n = (v * 31) % ${STUDENTS}
         join bench_courses c on c.n = (v * 17) % ${SCALE.courses}`,
      ),
    );
  } finally {
    conn.release();
  }
}

/** Request events for the "active in the last 5 minutes" window, fresh on every run. */
async function seedRecentRequests(handle: DbHandle): Promise<void> {
  await step(
    `${SCALE.activeSessions * 60} request events (${SCALE.activeSessions} sessions, last 30 min)`,
    () =>
      pgOf(handle).unsafe(
        `insert into activity_events (user_id, type, created_at)
       select s.id, 'request', now() - make_interval(secs => k * 30 + u % 30)
       from generate_series(0, ${SCALE.activeSessions - 1}) u
       join (select id, row_number() over (order by id) as n from users where role = 'student'
             order by id limit ${SCALE.activeSessions}) s on s.n = u + 1
       cross join generate_series(0, 59) k`,
      ),
  );
}

/**
 * The ledger of the seeded payments, as fulfilment and refunds write it (services/ledger): for every
 * succeeded payment a sale group (provider_balance +net, provider_fees +fee, platform_commission
 * -(cut + fee), instructor_payable -share; fee 2%, cut 20% of the net, both rounded half up), and for every
 * refunded one its sale group plus a full refund's reversal. The group's id is the payment's. The balance
 * check is suspended for the bulk insert and done once over all groups afterwards (checkLedger).
 */
async function seedLedger(handle: DbHandle): Promise<void> {
  const conn = await pgOf(handle).reserve();
  try {
    await conn.unsafe("set synchronous_commit = off; set maintenance_work_mem = '256MB'");
    await conn.unsafe('alter table ledger_entries disable trigger ledger_entries_group_balances');
    await step(
      'ledger: a sale group per succeeded or refunded payment, a refund group per refunded one',
      () =>
        conn.unsafe(
          `with sale as (
           select p.id, p.course_id, c.instructor_id, p.amount_minor as gross, p.created_at, p.status,
                  (p.amount_minor * 2 + 50) / 100 as fee
           from payments p join courses c on c.id = p.course_id
           where p.provider_payment_id like 'bench\\_%' and p.status in ('succeeded', 'refunded')
         ), split as (
           select *, ((gross - fee) * 20 + 50) / 100 as cut from sale
         )
         insert into ledger_entries (entry_group, event, account, instructor_id, amount_minor, currency, payment_id, course_id, created_at)
         select s.id, 'sale', r.account, case when r.account = 'instructor_payable' then s.instructor_id end,
                case r.account when 'provider_balance' then s.gross - s.fee when 'provider_fees' then s.fee
                               when 'platform_commission' then -(s.cut + s.fee) else -(s.gross - s.fee - s.cut) end,
                'INR', s.id, s.course_id, s.created_at
         from split s
         cross join (values ('provider_balance'), ('provider_fees'), ('platform_commission'), ('instructor_payable')) r(account)
         union all
         select md5(s.id::text || 'refund')::uuid, 'refund', r.account,
                case when r.account = 'instructor_payable' then s.instructor_id end,
                case r.account when 'provider_balance' then -s.gross when 'platform_commission' then s.cut + s.fee
                               else s.gross - s.fee - s.cut end,
                'INR', s.id, s.course_id, s.created_at + interval '2 days'
         from split s
         cross join (values ('provider_balance'), ('platform_commission'), ('instructor_payable')) r(account)
         where s.status = 'refunded'`,
        ),
    );
  } finally {
    await conn.unsafe('alter table ledger_entries enable trigger ledger_entries_group_balances');
    conn.release();
  }
}

/** Every entry group balances, and the trigger-kept monthly totals equal the ledger's sums. */
async function checkLedger(handle: DbHandle): Promise<string[]> {
  const [row] = await pgOf(handle).unsafe(
    `select
       (select count(*) from (select entry_group from ledger_entries group by entry_group
                              having sum(amount_minor) <> 0) g)::int as unbalanced,
       (select count(*) from ledger_entries)::int as entries,
       (select coalesce(sum(abs(amount_minor)), 0) from ledger_entries)::text as ledger_volume,
       (select coalesce(sum(abs(amount_minor)), 0) from (select sum(amount_minor) as amount_minor from ledger_entries
          group by date_trunc('month', created_at at time zone 'UTC'), account, event, instructor_id, course_id) x)::text as by_key,
       (select coalesce(sum(abs(amount_minor)), 0) from ledger_monthly_totals)::text as totals_volume,
       (select coalesce(sum(abs(amount_minor)), 0) from (select sum(amount_minor) as amount_minor from ledger_entries
          group by date_trunc('month', created_at at time zone 'UTC'), account, event) x)::text as by_platform_key,
       (select coalesce(sum(abs(amount_minor)), 0) from ledger_platform_monthly_totals)::text as platform_volume`,
  );
  log(
    `  ledger: ${row?.entries} entries, ${row?.unbalanced} unbalanced groups; monthly totals ${row?.totals_volume} ` +
      `vs ledger ${row?.by_key}; platform totals ${row?.platform_volume} vs ledger ${row?.by_platform_key}`,
  );
  const failures: string[] = [];
  if (row?.unbalanced !== 0) failures.push(`${row?.unbalanced} ledger entry groups do not balance`);
  if (row?.totals_volume !== row?.by_key) failures.push('ledger_monthly_totals disagrees with the ledger');
  if (row?.platform_volume !== row?.by_platform_key)
    failures.push('ledger_platform_monthly_totals disagrees with the ledger');
  return failures;
}

async function vacuum(handle: DbHandle): Promise<void> {
  await step('VACUUM (ANALYZE)', () => pgOf(handle).unsafe('vacuum (analyze)'));
}

/** The rollups agree with the base tables (a few whole-table sums; this is setup, not measured). */
async function checkRollups(handle: DbHandle): Promise<string[]> {
  const [row] = await pgOf(handle).unsafe(
    `select
       (select coalesce(sum(amount_minor), 0) from payments where status = 'succeeded')::text as revenue,
       (select coalesce(sum(amount_minor), 0) from daily_revenue)::text as revenue_rollup,
       (select count(*) from enrollments)::int as enrollments,
       (select coalesce(sum(enrollments), 0) from course_stats)::int as enrollments_rollup,
       (select count(*) from users where role = 'student')::int as students,
       (select users from user_role_counts where role = 'student') as students_rollup,
       (select count(*) from course_completions)::int as completions,
       (select coalesce(sum(completed_students), 0) from course_stats)::int as completions_rollup`,
  );
  const failures: string[] = [];
  for (const [base, rollup] of [
    ['revenue', 'revenue_rollup'],
    ['enrollments', 'enrollments_rollup'],
    ['students', 'students_rollup'],
    ['completions', 'completions_rollup'],
  ] as const) {
    const ok = String(row?.[base]) === String(row?.[rollup]);
    log(`  ${base}: table ${row?.[base]}, rollup ${row?.[rollup]} ${ok ? 'ok' : 'MISMATCH'}`);
    if (!ok) failures.push(`rollup ${rollup} disagrees with ${base}`);
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------
// HTTP measurement

type Result = LoopResult;

const measure = (name: string, url: string, init: RequestInit, total = REQUESTS): Promise<Result> =>
  measureRequests(name, url, init, total, CONCURRENCY);

// ---------------------------------------------------------------------------------------------
// EXPLAIN of the queries the endpoints run

interface CapturedQuery {
  endpoint: string;
  query: string;
  params: unknown[];
}

async function captureQueries(url: string): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  let endpoint = '';
  const handle = await createDb({
    url,
    maxConnections: 1,
    schemaLogger: { logQuery: (query, params) => captured.push({ endpoint, query, params }) },
  });
  try {
    const ctx = { db: handle.db, now: () => new Date() };
    endpoint = 'GET /admin/overview';
    await adminOverview(ctx);
    endpoint = 'GET /admin/users/overview';
    await userOverview({ ...ctx, config, storage: createStorage(config) });
    endpoint = 'GET /admin/engagement';
    await engagement(ctx);
    const earningsCtx = { ...ctx, config };
    endpoint = 'GET /earnings?instructorId=… (the top-selling instructor)';
    await instructorEarnings(earningsCtx, benchAdminActor, { instructorId: topInstructor });
    endpoint = 'GET /earnings/platform';
    await platformRevenue(earningsCtx);
    endpoint = 'GET /payouts/owed';
    await payoutsOwed(earningsCtx);
  } finally {
    await handle.close();
  }
  return captured;
}

const literal = (value: unknown) =>
  value === null
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : `'${String(value).replaceAll("'", "''")}'`;

/** EXPLAIN (ANALYZE, BUFFERS) with a custom plan, then with a forced generic plan (as a prepared statement may get). */
async function explain(
  handle: DbHandle,
  captured: CapturedQuery,
): Promise<{ custom: string; generic: string }> {
  const conn = await pgOf(handle).reserve();
  const text = (rows: Record<string, unknown>[]) => rows.map((row) => String(row['QUERY PLAN'])).join('\n');
  try {
    const custom = text(await conn.unsafe(`explain (analyze, buffers) ${captured.query}`, captured.params));
    await conn.unsafe(`prepare bench_query as ${captured.query}`);
    await conn.unsafe('set plan_cache_mode = force_generic_plan');
    const args = captured.params.length > 0 ? `(${captured.params.map(literal).join(', ')})` : '';
    const generic = text(await conn.unsafe(`explain (analyze, buffers) execute bench_query${args}`));
    await conn.unsafe('deallocate bench_query');
    await conn.unsafe('reset plan_cache_mode');
    return { custom, generic };
  } finally {
    conn.release();
  }
}

// ---------------------------------------------------------------------------------------------

const started = performance.now();
const failures: string[] = [];
const { handle, url, seeded } = await prepareDatabase();
if (seeded) log(`Reusing the seeded database ${DATABASE} (BENCH_RESEED=1 to rebuild it).`);
else await seed(handle);
const [ledgerCount] = await pgOf(handle).unsafe('select exists (select 1 from ledger_entries) as seeded');
if (!ledgerCount?.seeded) await seedLedger(handle);
await seedRecentRequests(handle);
await vacuum(handle);
log('Rollups against their base tables:');
failures.push(...(await checkRollups(handle)));
failures.push(...(await checkLedger(handle)));
const [top] = await pgOf(handle).unsafe(
  `select instructor_id, count(*)::int as sales from ledger_entries
   where account = 'instructor_payable' and event = 'sale' group by instructor_id order by 2 desc limit 1`,
);
const topInstructor = String(top?.instructor_id);
log(`The top-selling instructor has ${top?.sales} sales.`);
const [adminRow] = await pgOf(handle).unsafe('select id from users where email = $1', [ADMIN.email]);
const benchAdminActor = {
  id: String(adminRow?.id),
  sessionId: '',
  role: 'admin',
  name: 'Bench Admin',
  email: ADMIN.email,
};

const [counts] = await pgOf(handle).unsafe(
  `select (select count(*) from users)::int as users, (select count(*) from courses)::int as courses,
          (select count(*) from enrollments)::int as enrollments, (select count(*) from payments)::int as payments`,
);
log(`Data: ${JSON.stringify(counts)}`);

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'b'.repeat(48),
  DATA_DIR: '/tmp/lectio-admin-bench',
  SEED_DEMO: 'false',
  // Production refuses test payments and plain http unless asked for explicitly (config.ts).
  PAYMENT_PROVIDER: 'test',
  ALLOW_INSECURE_HTTP: 'true',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
  // Every request comes from one address: the per-address rate limits would measure 429s (decision 0031).
  RATE_LIMIT_GLOBAL_MAX: '0',
  RATE_LIMIT_SIGNUP_MAX: '0',
  RATE_LIMIT_REFRESH_MAX: '0',
});
const app = await buildApp({ config, db: handle.db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const loginResponse = await fetch(`${address}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ADMIN),
});
if (!loginResponse.ok) throw new Error(`admin login failed: ${loginResponse.status}`);
const { accessToken } = (await loginResponse.json()) as { accessToken: string };
const auth = { headers: { authorization: `Bearer ${accessToken}` } };

const scenarios: [string, string, RequestInit][] = [
  ['GET /api/v1/health (baseline)', '/api/v1/health', {}],
  ['GET /api/v1/admin/overview', '/api/v1/admin/overview', auth],
  ['GET /api/v1/admin/users/overview', '/api/v1/admin/users/overview', auth],
  ['GET /api/v1/admin/engagement', '/api/v1/admin/engagement', auth],
  ['GET /api/v1/earnings (top instructor)', `/api/v1/earnings?instructorId=${topInstructor}`, auth],
  ['GET /api/v1/earnings/platform', '/api/v1/earnings/platform', auth],
  ['GET /api/v1/payouts/owed', '/api/v1/payouts/owed', auth],
];
for (const [name, path, init] of scenarios) await measure(`warmup ${name}`, `${address}${path}`, init, 50);
// Rounds run the scenarios interleaved, so a burst of load from elsewhere hits one round of each rather
// than all of one scenario; the check uses the median of the rounds' p95.
const rounds: { load: number; results: Result[] }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const load = loadavg()[0]!;
  const results: Result[] = [];
  for (const [name, path, init] of scenarios) results.push(await measure(name, `${address}${path}`, init));
  rounds.push({ load, results });
}
const sample = await (await fetch(`${address}/api/v1/admin/engagement`, auth)).json();
await app.close();

log('');
log(
  'EXPLAIN (ANALYZE, BUFFERS) of every query the measured endpoints run (custom plan; generic plan below it):',
);
const SEQ_SCAN = /Seq Scan on (payments|enrollments|ledger_entries|ledger_monthly_totals)\b/;
for (const captured of await captureQueries(url)) {
  const plans = await explain(handle, captured);
  log('');
  log(`== ${captured.endpoint}`);
  log(captured.query);
  log(`-- params: ${JSON.stringify(captured.params)}`);
  log(plans.custom);
  log('-- forced generic plan:');
  log(plans.generic);
  for (const [kind, plan] of Object.entries(plans)) {
    if (SEQ_SCAN.test(plan))
      failures.push(`${kind} plan of a ${captured.endpoint} query scans ${SEQ_SCAN.exec(plan)?.[1]}`);
  }
}

log('');
log(`Engagement sample: ${JSON.stringify(sample).slice(0, 300)}...`);
log('');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
log(
  `PostgreSQL (${DATABASE}), ${cpus().length} cores, ${ROUNDS} rounds of ${REQUESTS} requests per scenario, ` +
    `concurrency ${CONCURRENCY}:`,
);
log('| round | 1-min load | scenario | req/s | p50 ms | p95 ms | p99 ms | p95 vs baseline |');
log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [index, { load, results }] of rounds.entries()) {
  const baseline = results[0]!;
  for (const r of results) {
    log(
      `| ${index + 1} | ${load.toFixed(1)} | ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.p95 / baseline.p95).toFixed(2)}x |`,
    );
    if (r.failures > 0) failures.push(`${r.name}: ${r.failures} failed requests in round ${index + 1}`);
  }
}
log('');
log('Median over the rounds:');
log('| scenario | p50 ms | p95 ms | p99 ms | p95 vs baseline |');
log('| --- | --- | --- | --- | --- |');
const baselineP95 = median(rounds.map((round) => round.results[0]!.p95));
for (const [index, [name]] of scenarios.entries()) {
  const of = (pick: (r: Result) => number) => median(rounds.map((round) => pick(round.results[index]!)));
  const p95 = of((r) => r.p95);
  log(
    `| ${name} | ${of((r) => r.p50).toFixed(1)} | ${p95.toFixed(1)} | ${of((r) => r.p99).toFixed(1)} | ${(p95 / baselineP95).toFixed(2)}x |`,
  );
  if (index > 0 && p95 > P95_TARGET_MS)
    failures.push(`${name}: median p95 ${p95.toFixed(1)} ms > ${P95_TARGET_MS} ms`);
}

if (process.env.BENCH_DROP_DB === '1') {
  await handle.close();
  const server = await createDb({ url: SERVER_URL });
  await pgOf(server).unsafe(`drop database if exists ${DATABASE} with (force)`);
  await server.close();
  log(`Dropped ${DATABASE}.`);
} else {
  await handle.close();
}
log(`Total time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (failures.length > 0) {
  log(`FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
log('All checks passed: no sequential scan on payments, enrollments or the ledger, every p95 within 50 ms.');
