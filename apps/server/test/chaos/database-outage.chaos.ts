/**
 * The chaos tier (`pnpm --filter @lectio/server test:chaos`, docs/decisions/0033): the production bundle
 * under steady load (steady-load.ts) while its PostgreSQL goes away, on a throwaway server of the
 * machine's installation (throwaway-postgres.ts) so that nothing else notices.
 *
 * 1. PostgreSQL is stopped (`pg_ctl stop -m fast`) for 5 s and started again.
 * 2. Every connection the server holds is cut with pg_terminate_backend, three times, a second apart.
 *
 * Each time: every failed answer is a 503 with Retry-After in the API's error shape (never a 500) and
 * comes within HANG_BOUND_MS; the health check reports the outage; and within 10 s of the database's
 * return everything succeeds again. The server runs under a supervisor, as deployed (server-process.ts):
 * a process that exits while serving must have logged the fatal line (src/lib/fatal-errors.ts; postgres.js
 * 3.4.9 can crash when a connection is cut inside a transaction, docs/decisions/0042), and a request may
 * go unanswered only while a process is down (from its exit until its successor answers health 200).
 * Then every acknowledged purchase is in the database exactly once. The figures, restarts included, are
 * printed at the end (and recorded in bench/README.md, "Database outage").
 */
import { API_MESSAGES } from '@lectio/contracts/messages';
import {
  createDb,
  type DbHandle,
  enrollments,
  payments,
  queryRows,
  testPaymentIntents,
  users,
} from '@lectio/db';
import { createCourse, createLecture, createUser } from '@lectio/db/seed/factories';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Restart, type ServerProcess, startServerProcess } from './server-process';
import { type Exchange, type Purchase, purchaseKey, SteadyLoad, type Student } from './steady-load';
import { createThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/** How long PostgreSQL stays stopped. */
const OUTAGE_MS = 5000;
/** The bound: everything succeeds again within this long after the database's return. */
const RECOVERY_BOUND_MS = 10_000;
/**
 * The longest any answer may take, outage or not: the driver's connect timeout (5 s, for a host that
 * doesn't answer; a stopped server refuses at once) plus its capped reconnect delay (1 s) plus slack.
 */
const HANG_BOUND_MS = 7000;
/** Success this long after the last failure ends a recovery observation. */
const SETTLED_MS = 3000;
const DATABASE = 'lectio_chaos';
const STUDENTS = 16;
const PAID_COURSES = 24;
const FREE_COURSES = 6;

interface CourseFixture {
  id: string;
  free: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A 2xx, or the 409 a retried purchase expects (steady-load.ts). */
const ok = (exchange: Exchange) =>
  (exchange.status >= 200 && exchange.status < 300) || exchange.expected === true;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

let postgres: ThrowawayPostgres;
let server: ServerProcess;
let students: Student[];
let courses: CourseFixture[];
const pending: Purchase[] = [];
let load: SteadyLoad;
const timings: Record<string, number> = {};
const figures: Record<string, Record<string, string | number>> = {};

/** Runs `work` on a database handle of the test's own (the server has its pool), closed afterwards. */
async function withDatabase<T>(work: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await createDb({ url: postgres.url(DATABASE), maxConnections: 2 });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

beforeAll(async () => {
  let started = performance.now();
  postgres = await createThrowawayPostgres();
  timings.postgresStartMs = performance.now() - started;
  const admin = await createDb({ url: postgres.url('postgres'), maxConnections: 1 });
  try {
    await admin.db.execute(sql.raw(`create database ${DATABASE}`));
  } finally {
    await admin.close();
  }

  started = performance.now();
  server = await startServerProcess({
    databaseUrl: postgres.url(DATABASE),
    env: {
      // One client address makes the whole load: the per-address ceiling and the per-user payment limit are
      // lifted far above it, but their counters still run (and still use the database).
      RATE_LIMIT_GLOBAL_MAX: '1000000',
      RATE_LIMIT_PAYMENT_INTENT_MAX: '1000000',
    },
  });
  timings[server.rebuilt ? 'buildAndServerStartMs' : 'serverStartMs'] = performance.now() - started;

  // The server migrated the database; the fixtures go in with the factories the integration tests use.
  const fixtures = await withDatabase(async ({ db }) => {
    const instructor = await createUser(db, { role: 'instructor' });
    const created: CourseFixture[] = [];
    for (let n = 0; n < PAID_COURSES + FREE_COURSES; n += 1) {
      const free = n >= PAID_COURSES;
      const course = await createCourse(db, {
        instructorId: instructor.id,
        title: `Chaos course ${n + 1}`,
        priceMinor: free ? 0 : 49_900 + n * 100,
      });
      await createLecture(db, { courseId: course.id });
      created.push({ id: course.id, free });
    }
    const people = [];
    for (let n = 0; n < STUDENTS; n += 1)
      people.push(await createUser(db, { email: `chaos-student-${n + 1}@example.com` }));
    return { courses: created, people };
  });
  courses = fixtures.courses;
  students = [];
  for (const person of fixtures.people) {
    const response = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    const { accessToken } = (await response.json()) as { accessToken: string };
    students.push({ id: person.id, email: person.email, password: person.password, accessToken });
  }
  pending.push(
    ...shuffle(
      students.flatMap((student) =>
        courses.map((course) => ({ studentId: student.id, courseId: course.id, free: course.free })),
      ),
    ),
  );
  load = new SteadyLoad(server.url, students, pending, {
    catalogueClients: 6,
    signedInClients: 4,
    signInClients: 1,
    purchaseClients: 3,
    thinkMs: 20,
    healthPollMs: 100,
  });
}, 180_000);

afterAll(async () => {
  await load?.stop();
  printFigures();
  await server?.stop();
  postgres?.destroy();
});

function printFigures(): void {
  const lines = ['', '=== chaos tier: database outage figures ==='];
  for (const [name, value] of Object.entries(timings)) lines.push(`setup ${name}: ${Math.round(value)} ms`);
  for (const [scenario, values] of Object.entries(figures)) {
    lines.push(`-- ${scenario}`);
    for (const [name, value] of Object.entries(values)) lines.push(`   ${name}: ${value}`);
  }
  console.log(lines.join('\n'));
}

/** Resolves when everything has succeeded for SETTLED_MS after the last failure (since `from`), or at `timeoutMs`. */
async function settled(from: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const failures = load.between(from).filter((exchange) => !ok(exchange));
    const lastFailureEnd = Math.max(from, ...failures.map((exchange) => exchange.endedAt));
    if (performance.now() - lastFailureEnd >= SETTLED_MS) return;
    await sleep(100);
  }
}

/** The server's exits (each followed by a restart) since `from`. */
const exitsSince = (from: number) => server.restarts().filter((restart) => restart.exitedAt >= from);

/**
 * Whether an exchange overlapped a time when no process served: in flight at an exit (its connection
 * reset) or sent before the successor answered health 200. Only then may a request go unanswered.
 */
function whileDown(exchange: Exchange, exits: Restart[]): boolean {
  const RESET_SLACK_MS = 100;
  return exits.some(
    (restart) =>
      exchange.endedAt >= restart.exitedAt - RESET_SLACK_MS &&
      exchange.startedAt <= (restart.healthyAt ?? Number.POSITIVE_INFINITY),
  );
}

/**
 * The checks every scenario shares, over the exchanges since `from`: the answers during the fault, the
 * recovery after `returnedAt` (the database is back), and the process. Returns the scenario's figures.
 */
function judge(
  name: string,
  from: number,
  faultAt: number,
  returnedAt: number,
): Record<string, string | number> {
  const all = load.between(from);
  const exits = exitsSince(from);
  const inRestart = (exchange: Exchange) => whileDown(exchange, exits);
  const before = all.filter((exchange) => exchange.endedAt < faultAt);
  const during = all.filter((exchange) => exchange.startedAt >= faultAt && exchange.startedAt < returnedAt);
  const failures = all.filter((exchange) => !ok(exchange));
  const unanswered = failures.filter((exchange) => exchange.status === 0);
  const lostInRestart = unanswered.filter(inRestart);
  const lost = unanswered.filter((exchange) => !inRestart(exchange));
  const not503 = failures.filter((exchange) => exchange.status !== 503 && exchange.status !== 0);
  const without = failures.filter(
    (exchange) => exchange.status === 503 && (exchange.retryAfter === null || !exchange.errorShapeOk),
  );
  const lateFailures = failures.filter((exchange) => exchange.endedAt > returnedAt);
  const recoveryMs = Math.max(0, ...lateFailures.map((exchange) => exchange.endedAt - returnedAt));
  const health = all.filter((exchange) => exchange.kind === 'health');
  const healthBack = health.find((exchange) => exchange.startedAt >= returnedAt && ok(exchange));
  const firstHealth503 = health.find((exchange) => exchange.startedAt >= faultAt && exchange.status === 503);
  const slowest = all.reduce((worst, exchange) => Math.max(worst, exchange.endedAt - exchange.startedAt), 0);
  const failureLatencies = failures
    .map((exchange) => exchange.endedAt - exchange.startedAt)
    .sort((a, b) => a - b);
  const median = failureLatencies[Math.floor(failureLatencies.length / 2)] ?? 0;

  const byKind = (exchanges: Exchange[]) =>
    Object.entries(
      exchanges.reduce<Record<string, number>>((counts, exchange) => {
        counts[exchange.kind] = (counts[exchange.kind] ?? 0) + 1;
        return counts;
      }, {}),
    )
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ');
  const result = {
    'requests (whole scenario)': all.length,
    'requests started during the fault': during.length,
    '  of which answered 2xx (before the fault took effect)': during.filter(ok).length,
    '503 with Retry-After (whole scenario)': failures.filter((exchange) => exchange.status === 503).length,
    '503 by kind': byKind(failures.filter((exchange) => exchange.status === 503)),
    'other errors (500, other 5xx, 4xx)': not503.length,
    'process exits (each restarted by the supervisor)': exits.length,
    'restart: exit to health 200 (max)': exits.length
      ? seconds(Math.max(...exits.map((restart) => (restart.healthyAt ?? Number.NaN) - restart.exitedAt)))
      : 'no restart',
    'requests unanswered while a process was down': lostInRestart.length,
    'requests lost (no HTTP answer) otherwise': lost.length,
    'latency of 503s (median / max)': `${Math.round(median)} ms / ${Math.round(failureLatencies.at(-1) ?? 0)} ms`,
    'slowest answer of the scenario': `${Math.round(slowest)} ms`,
    'health: first 503 after the fault': firstHealth503 ? seconds(firstHealth503.endedAt - faultAt) : 'none',
    'health: 200 again after the database returned': healthBack
      ? seconds(healthBack.endedAt - returnedAt)
      : 'never',
    'recovery (last failure after the database returned)': seconds(recoveryMs),
  };
  // Recorded before the checks, so that a failing run still prints what it saw.
  figures[name] = { ...(figures[name] ?? {}), ...result };
  for (const restart of exits) {
    expect(restart.healthyAt, `a process exited and none answered again:\n${restart.output}`).not.toBeNull();
    if (restart.wasServing) {
      // A crash while serving: the handler logged it and exited 1 (not a kill, not a silent death).
      expect(restart.exit, restart.output).toBe(1);
      expect(restart.loggedFatal, `the fatal log line of the process that exited:\n${restart.output}`).toBe(
        true,
      );
    }
  }
  expect(before.length, 'load before the fault').toBeGreaterThan(20);
  expect(
    before.filter((exchange) => !ok(exchange)),
    'failures before the fault',
  ).toEqual([]);
  expect(lost, 'exchanges without any HTTP answer (lost)').toEqual([]);
  expect(not503, 'failures other than 503').toEqual([]);
  expect(without, '503s without Retry-After or the error shape').toEqual([]);
  expect(slowest, 'the slowest answer (ms)').toBeLessThan(HANG_BOUND_MS);
  expect(recoveryMs, 'recovery after the database returned (ms)').toBeLessThan(RECOVERY_BOUND_MS);
  expect(healthBack, 'a healthy answer after the database returned').toBeDefined();
  expect((healthBack?.endedAt ?? Number.POSITIVE_INFINITY) - returnedAt).toBeLessThan(RECOVERY_BOUND_MS);
  // After the recovery, nothing fails any more.
  const afterRecovery = all.filter((exchange) => exchange.startedAt > returnedAt + recoveryMs);
  expect(afterRecovery.length, 'load after the recovery').toBeGreaterThan(20);
  expect(afterRecovery.filter((exchange) => !ok(exchange))).toEqual([]);

  return result;
}

describe('the database goes away under steady load', () => {
  it('PostgreSQL stopped for 5 s and started again: 503 with Retry-After meanwhile, recovery within 10 s', async () => {
    const from = performance.now();
    const acknowledgedBefore = load.acknowledged.size;
    load.start();
    await sleep(3000);
    const stopAt = performance.now();
    await postgres.stop();
    const stoppedAt = performance.now();
    await sleep(OUTAGE_MS);
    const startAt = performance.now();
    await postgres.start();
    const returnedAt = performance.now();
    await settled(returnedAt, RECOVERY_BOUND_MS + SETTLED_MS + 2000);
    await sleep(1000);
    await load.stop();

    figures['stop 5 s, start'] = {
      'pg_ctl stop -m fast took': seconds(stoppedAt - stopAt),
      'pg_ctl start -w took': seconds(returnedAt - startAt),
      'database unavailable for': seconds(returnedAt - stopAt),
    };
    judge('stop 5 s, start', from, stopAt, returnedAt);
    // While it was down (asked after the stop completed, answered before the start began), the health
    // check said so. (A check answered after the start may rightly be 200.)
    const health = load
      .between(stoppedAt + 200, startAt)
      .filter((exchange) => exchange.kind === 'health' && exchange.endedAt < startAt);
    expect(health.length).toBeGreaterThanOrEqual(3);
    figures['stop 5 s, start']['health checks during the outage: 503 / unanswered (process down)'] =
      `${health.filter((exchange) => exchange.status === 503).length} / ${health.filter((exchange) => exchange.status === 0).length}`;
    // Unless the process had exited (decision 0042): then nothing answered until its successor did.
    const exits = exitsSince(from);
    for (const answer of health.filter((exchange) => !whileDown(exchange, exits))) {
      expect(answer.status).toBe(503);
      expect(answer.errorMessage).toBe(API_MESSAGES.databaseUnreachable);
    }
    figures['stop 5 s, start'].purchasesAcknowledged = load.acknowledged.size - acknowledgedBefore;
  }, 90_000);

  it('every connection cut with pg_terminate_backend, three times: 503s at most, recovery within 10 s', async () => {
    const from = performance.now();
    const acknowledgedBefore = load.acknowledged.size;
    load.start();
    await sleep(2000);
    const admin = await createDb({ url: postgres.url('postgres'), maxConnections: 1 });
    const cutAt = performance.now();
    let cut = 0;
    try {
      for (let round = 0; round < 3; round += 1) {
        if (round > 0) await sleep(1000);
        const rows = await queryRows<{ terminated: boolean }>(
          admin.db,
          sql`select pg_terminate_backend(pid) as terminated from pg_stat_activity
              where datname = ${DATABASE} and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        );
        cut += rows.filter((row) => row.terminated).length;
      }
    } finally {
      await admin.close();
    }
    const lastCutAt = performance.now();
    await settled(lastCutAt, RECOVERY_BOUND_MS + SETTLED_MS + 2000);
    await sleep(1000);
    await load.stop();

    expect(cut, 'connections terminated').toBeGreaterThan(0);
    figures['pg_terminate_backend x3'] = { 'connections terminated': cut };
    judge('pg_terminate_backend x3', from, cutAt, lastCutAt);
    figures['pg_terminate_backend x3'].purchasesAcknowledged = load.acknowledged.size - acknowledgedBefore;
  }, 60_000);

  it('every acknowledged payment and enrollment is in the database exactly once; none is doubled', async () => {
    expect(load.acknowledged.size, 'purchases acknowledged over both scenarios').toBeGreaterThan(10);
    const ledger = await withDatabase(async ({ db }) => {
      const enrolled = await db
        .select({
          userId: enrollments.userId,
          courseId: enrollments.courseId,
          paymentId: enrollments.paymentId,
        })
        .from(enrollments);
      const succeeded = await db
        .select({ id: payments.id, userId: payments.userId, courseId: payments.courseId })
        .from(payments)
        .where(eq(payments.status, 'succeeded'));
      const intents = await queryRows<{ key: string; n: number }>(
        db,
        sql`select (${testPaymentIntents.metadata}->>'userId') || ':' || (${testPaymentIntents.metadata}->>'courseId') as key,
              count(*)::int as n
            from ${testPaymentIntents} group by 1`,
      );
      const [studentCount] = await db.select({ n: count() }).from(users).where(eq(users.role, 'student'));
      return { enrolled, succeeded, intents, students: studentCount?.n ?? 0 };
    });
    expect(ledger.students).toBe(STUDENTS);

    const enrollmentsOf = new Map<string, typeof ledger.enrolled>();
    for (const row of ledger.enrolled) {
      const key = purchaseKey({ studentId: row.userId, courseId: row.courseId });
      enrollmentsOf.set(key, [...(enrollmentsOf.get(key) ?? []), row]);
    }
    const paymentsOf = new Map<string, typeof ledger.succeeded>();
    for (const row of ledger.succeeded) {
      const key = purchaseKey({ studentId: row.userId, courseId: row.courseId ?? '' });
      paymentsOf.set(key, [...(paymentsOf.get(key) ?? []), row]);
    }
    const free = new Set(courses.filter((course) => course.free).map((course) => course.id));
    const missing: string[] = [];
    for (const key of load.acknowledged.keys()) {
      const courseId = key.split(':')[1] ?? '';
      const rows = enrollmentsOf.get(key) ?? [];
      if (rows.length !== 1) missing.push(`${key}: ${rows.length} enrollments`);
      if (free.has(courseId)) continue;
      const paid = paymentsOf.get(key) ?? [];
      if (paid.length !== 1) missing.push(`${key}: ${paid.length} succeeded payments`);
      else if (rows[0]?.paymentId !== paid[0]?.id)
        missing.push(`${key}: the enrollment is not linked to its payment`);
    }
    expect(missing, 'acknowledged purchases not in the database exactly once').toEqual([]);
    // Nothing doubled anywhere, acknowledged or not: one enrollment, one succeeded payment and one intent
    // per buyer and course, and no succeeded payment without its enrollment.
    expect([...enrollmentsOf.values()].filter((rows) => rows.length > 1)).toEqual([]);
    expect([...paymentsOf.values()].filter((rows) => rows.length > 1)).toEqual([]);
    expect(ledger.intents.filter((row) => row.n > 1)).toEqual([]);
    const linked = new Set(ledger.enrolled.map((row) => row.paymentId));
    expect(ledger.succeeded.filter((row) => !linked.has(row.id))).toEqual([]);
    // A committed purchase whose answer was lost was found owned on retry, and is in the ledger too.
    for (const key of load.committedUnacknowledged) expect(enrollmentsOf.get(key)?.length, key).toBe(1);

    figures.purchases = {
      acknowledged: load.acknowledged.size,
      'in the database exactly once': load.acknowledged.size - missing.length,
      'lost or doubled': missing.length,
      'committed, answer lost (found owned on retry)': load.committedUnacknowledged.size,
      'enrollments in the database': ledger.enrolled.length,
      'succeeded payments in the database': ledger.succeeded.length,
    };
  });
});
