/**
 * The server side of the catalogue benchmark, forked by catalogue-bench.ts so that the load generator
 * does not share an event loop with any server. It seeds the catalogue with bulk inserts (plus one
 * student whose password is known, enrolled in one course, for the authenticated course read), prints
 * the plan of the list query, starts the servers on loopback and reports their URLs and process ids to
 * the parent over IPC. On `stop` (or SIGTERM/SIGINT, or when the parent goes away) it stops every server
 * it started and deletes the rows it seeded.
 *
 * Runtime, as production runs the server:
 *   - "node bundle" (when apps/server/dist/main.js exists and DATABASE_URL is set): each app is
 *     `node apps/server/dist/main.js` in a child process of its own (NODE_ENV=production, its own PORT,
 *     LOG_LEVEL=silent, SEED_DEMO=false, a shared JWT_SECRET, a temporary DATA_DIR), once with the default
 *     CATALOGUE_CACHE_SECONDS and once with CATALOGUE_CACHE_SECONDS=0; main.ts migrates (nothing left to
 *     do: this process migrated) and, with SEED_DEMO=false, seeds nothing. The hello-world is a plain
 *     Fastify in a `node` process of its own.
 *   - "tsx source" (no bundle, or no DATABASE_URL: PGlite in memory can't be shared with another
 *     process): both apps are built with buildApp from the TypeScript source, in this process under tsx,
 *     with the hello-world beside them (how the bench ran before the bundle).
 * BENCH_RUNTIME=node or BENCH_RUNTIME=tsx forces one (node needs the bundle and DATABASE_URL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import { CURRICULUM_TEXT } from '@lectio/contracts/curriculum';
import {
  courseSections,
  courses,
  createDb,
  type DbHandle,
  enrollments,
  lectures,
  migrateDb,
  users,
} from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { loadConfig } from '@lectio/server/config';
import { coursePageQuery, publishedScope } from '@lectio/server/services/courses/list-courses';
import { freePort } from './free-port';

/** What the target reports to catalogue-bench.ts once everything listens. */
export interface Ready {
  type: 'ready';
  runtime: 'node bundle' | 'tsx source';
  /** How the servers run and why (printed as is). */
  runtimeNote: string;
  /** A warning when the bundle is older than some of its sources, else undefined. */
  staleBundle?: string;
  /** The app as configured by default (catalogue cache on). */
  appUrl: string;
  /** The same app with CATALOGUE_CACHE_SECONDS=0. */
  uncachedUrl: string;
  helloUrl: string;
  /** Process ids whose CPU time is the server's (all this process under tsx). */
  pids: { app: number; uncached: number; hello: number };
  /** 'scenario': the parent asks for a V8 profile per scenario; 'process': one per server process at exit. */
  profiles: 'off' | 'scenario' | 'process';
  cacheSeconds: number;
  driver: string;
  seed: { courses: number; published: number; lectures: number; enrollments: number; seconds: number };
  /** A signed-in student for the authenticated course read, enrolled in `courseId`. */
  reader: { email: string; password: string; courseId: string; lectures: number };
  deepCursor?: string;
  explainFirst: string;
  explainDeep: string;
}

const COURSES = Number(process.env.BENCH_COURSES ?? 10_000);
const INSTRUCTORS = 50;
const STUDENTS = 500;
/** Every LECTURE_EVERY-th course gets LECTURES_PER_COURSE lectures, the first a preview. */
const LECTURE_EVERY = 3;
const LECTURES_PER_COURSE = 6;
const ENROLLMENTS_PER_STUDENT = 8;
const CHUNK = 1000;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(repoRoot, 'apps/server');
const bundlePath = path.join(serverDir, 'dist/main.js');
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE ? path.resolve(process.env.BENCH_CPU_PROFILE) : undefined;

const requestedRuntime = process.env.BENCH_RUNTIME;
if (requestedRuntime !== undefined && requestedRuntime !== 'node' && requestedRuntime !== 'tsx') {
  throw new Error(`BENCH_RUNTIME must be "node" or "tsx", not "${requestedRuntime}"`);
}
if (requestedRuntime === 'node' && !existsSync(bundlePath)) {
  throw new Error('BENCH_RUNTIME=node: no apps/server/dist/main.js (pnpm --filter @lectio/server build)');
}
if (requestedRuntime === 'node' && !process.env.DATABASE_URL) {
  throw new Error('BENCH_RUNTIME=node needs DATABASE_URL (in-memory PGlite is not shared across processes)');
}
const useBundle =
  requestedRuntime === 'node' ||
  (requestedRuntime === undefined && existsSync(bundlePath) && Boolean(process.env.DATABASE_URL));

if (!useBundle && process.env.NODE_ENV !== 'production') {
  // catalogue-bench.ts sets it; under tsx the app is built in this process, so it must be set already.
  console.warn('catalogue-target: NODE_ENV is not "production"');
}

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Raw SQL through the driver underneath drizzle (drizzle-orm itself is not a dependency of the bench).
 * PGlite has `query(text, params)`, postgres.js `unsafe(text, params)`.
 */
async function rawQuery<Row>(handle: DbHandle, text: string, params: unknown[] = []): Promise<Row[]> {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.driver === 'pglite') {
    const result = await (
      client as { query(text: string, params: unknown[]): Promise<{ rows: Row[] }> }
    ).query(text, params);
    return result.rows;
  }
  return [
    ...(await (client as { unsafe(text: string, params: unknown[]): Promise<Row[]> }).unsafe(text, params)),
  ];
}

/** Files under `dirs` modified after `since` (ms), newest first: sources the bundle may not contain. */
function filesNewerThan(since: number, dirs: string[]): { file: string; mtimeMs: number }[] {
  const found: { file: string; mtimeMs: number }[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.test\.tsx?$/.test(entry.name)) {
        const { mtimeMs } = statSync(full);
        if (mtimeMs > since) found.push({ file: path.relative(repoRoot, full), mtimeMs });
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return found.sort((a, b) => b.mtimeMs - a.mtimeMs);
}

// --- seed ---------------------------------------------------------------------------------------------

const handle = await createDb(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
await migrateDb(handle);
const { db } = handle;

const seedStarted = performance.now();
const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNo';
const stamp = Date.now().toString(36);
const instructorRows = await db
  .insert(users)
  .values(
    Array.from({ length: INSTRUCTORS }, (_, i) => ({
      name: `Bench Instructor ${i}`,
      email: `bench-instructor-${stamp}-${i}@example.com`,
      role: 'instructor' as const,
      passwordHash,
    })),
  )
  .returning({ id: users.id });
const studentRows = await db
  .insert(users)
  .values(
    Array.from({ length: STUDENTS }, (_, i) => ({
      name: `Bench Student ${i}`,
      email: `bench-student-${stamp}-${i}@example.com`,
      role: 'student' as const,
      passwordHash,
    })),
  )
  .returning({ id: users.id });
// The one account the bench signs in with: a real argon2 hash of the factory's known password.
const reader = await createUser(db, {
  name: 'Bench Reader',
  email: `bench-student-${stamp}-reader@example.com`,
  role: 'student',
});

const base = Date.now();
const courseValues = Array.from({ length: COURSES }, (_, i) => ({
  title: `Bench course ${i}: ${CATEGORIES[i % CATEGORIES.length]} in depth`,
  shortDescription: `Short description of bench course ${i}`,
  description: `Long description of bench course ${i}. `.repeat(5),
  category: CATEGORIES[i % CATEGORIES.length]!,
  level: LEVELS[i % LEVELS.length]!,
  requirements: ['A computer', 'Curiosity'],
  whatYouWillLearn: ['The basics', 'The details', 'The practice'],
  tags: `bench, tag${i % 50}`,
  priceMinor: (i % 20) * 10_000,
  // One in ten is a draft: the catalogue index must skip them, not filter them row by row.
  isPublished: i % 10 !== 0,
  status: i % 10 !== 0 ? 'published' : 'draft',
  instructorId: instructorRows[i % INSTRUCTORS]!.id,
  createdAt: new Date(base - i * 1000),
  updatedAt: new Date(base - i * 1000),
}));
const courseIds: string[] = [];
for (const part of chunks(courseValues)) {
  const inserted = await db.insert(courses).values(part).returning({ id: courses.id });
  courseIds.push(...inserted.map((row) => row.id));
}

// One section per course with lectures, as migration 0014 leaves an existing course (decision 0075).
const sectionOf = new Map<string, string>();
for (const part of chunks(courseIds.filter((_, i) => i % LECTURE_EVERY === 0))) {
  const inserted = await db
    .insert(courseSections)
    .values(part.map((courseId) => ({ courseId, title: CURRICULUM_TEXT.defaultSection, position: 1 })))
    .returning({ id: courseSections.id, courseId: courseSections.courseId });
  for (const row of inserted) sectionOf.set(row.courseId, row.id);
}

const lectureValues = courseIds
  .filter((_, i) => i % LECTURE_EVERY === 0)
  .flatMap((courseId) =>
    Array.from({ length: LECTURES_PER_COURSE }, (_, position) => ({
      courseId,
      sectionId: sectionOf.get(courseId) as string,
      title: `Lecture ${position + 1}`,
      description: 'What this lecture covers',
      position: position + 1,
      isPreview: position === 0,
      videoKey: `courses/${courseId}/lecture/bench-${position}.mp4`,
      durationSeconds: 300 + position * 30,
      formattedDuration: `${5 + Math.floor((position * 30) / 60)}:${String((position * 30) % 60).padStart(2, '0')}`,
    })),
  );
for (const part of chunks(lectureValues)) await db.insert(lectures).values(part);

// The course the reader reads: published (index not a multiple of 10) with lectures (a multiple of 3).
const readIndex = courseIds.findIndex((_, i) => i % 10 !== 0 && i % LECTURE_EVERY === 0);
const readCourseId = courseIds[readIndex];
if (!readCourseId) throw new Error('BENCH_COURSES is too small for the course read (need at least 4)');

const enrollmentValues = [
  ...studentRows.flatMap((student, s) =>
    Array.from({ length: ENROLLMENTS_PER_STUDENT }, (_, k) => ({
      userId: student.id,
      courseId: courseIds[(s * 37 + k * 101) % Math.min(courseIds.length, 200)]!,
      source: 'seed' as const,
    })),
  ),
  { userId: reader.id, courseId: readCourseId, source: 'seed' as const },
];
const uniqueEnrollments = [
  ...new Map(enrollmentValues.map((row) => [`${row.userId}|${row.courseId}`, row])).values(),
];
for (const part of chunks(uniqueEnrollments)) await db.insert(enrollments).values(part);
await rawQuery(handle, 'analyze');
const seedSeconds = (performance.now() - seedStarted) / 1000;

// The plan of the catalogue's first page and of a deep page (keyset: no OFFSET, the same index range).
async function explain(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const rows = await rawQuery<Record<string, string>>(
    handle,
    `explain (analyze, costs off, timing off, summary off) ${text}`,
    params,
  );
  return rows.map((row) => Object.values(row)[0]).join('\n');
}
const explainFirst = await explain(coursePageQuery(db, null, publishedScope(), { limit: 12 }));
const [deep] = await rawQuery<{ created_at: string; id: string }>(
  handle,
  `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, id
     from courses where is_published order by created_at desc, id desc offset 8000 limit 1`,
);
const deepCursor = deep
  ? Buffer.from(`${deep.created_at}|${deep.id}`, 'utf8').toString('base64url')
  : undefined;
const explainDeep = deepCursor
  ? await explain(coursePageQuery(db, null, publishedScope(), { limit: 12, cursor: deepCursor }))
  : '';

// --- servers ------------------------------------------------------------------------------------------

const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-catalogue-bench-'));
/** Shared by both apps, so a session works on either (the default is one generated per DATA_DIR). */
const jwtSecret = randomBytes(36).toString('base64url');
const baseEnv = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  // Production refuses test payments and plain http unless asked for explicitly (config.ts).
  PAYMENT_PROVIDER: 'test',
  ALLOW_INSECURE_HTTP: 'true',
  JWT_SECRET: jwtSecret,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  // The load comes from one address: the per-IP ceiling would turn it into 429s (decision 0031).
  RATE_LIMIT_GLOBAL_MAX: '0',
};
/** The default catalogue cache, as the app's config computes it without CATALOGUE_CACHE_SECONDS. */
const cacheSeconds = loadConfig({ ...baseEnv, DATA_DIR: dataDir }).catalogueCacheSeconds;

interface RunningServer {
  url: string;
  pid: number;
  close(): Promise<void>;
}

const children = new Set<ChildProcess>();

/** Stops a child with SIGTERM (the app's own shutdown), SIGKILL if it hasn't exited in time. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  children.delete(child);
}

/** `node <args>` with exactly `env` (nothing inherited but PATH and HOME), ready when `readyPath` is 200. */
async function spawnServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profileArgs = PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...profileArgs, ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-10_000);
  });
  const deadline = performance.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      children.delete(child);
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${stderr}`,
      );
    }
    if (performance.now() > deadline) {
      await stopChild(child);
      throw new Error(`${name} not ready after ${START_TIMEOUT_MS / 1000} s:\n${stderr}`);
    }
    try {
      const response = await fetch(`${url}${readyPath}`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, pid: child.pid ?? 0, close: () => stopChild(child) };
}

/** A plain Fastify hello-world in a node process of its own, on the very Fastify the server depends on. */
const HELLO_WORLD_SOURCE = `
import { createRequire } from 'node:module';
const Fastify = createRequire(process.env.FASTIFY_FROM)('fastify');
const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
`;

/** Every server started so far, so that a failure half-way still stops them. */
const started: RunningServer[] = [];
const track = async (server: Promise<RunningServer>): Promise<RunningServer> => {
  const running = await server;
  started.push(running);
  return running;
};

let stopping: Promise<never> | undefined;
function stop(exitCode = 0): Promise<never> {
  stopping ??= (async () => {
    let code = exitCode;
    try {
      // The apps first: their shutdown flushes the activity they buffered (course views), deleted below.
      await Promise.all(started.map((server) => server.close()));
      if (process.env.DATABASE_URL) {
        // Leave the shared database as it was.
        const benchUsers = 'select id from users where email like $1';
        const pattern = `bench-%-${stamp}-%@example.com`;
        await rawQuery(
          handle,
          `delete from activity_events where user_id in (${benchUsers})
              or course_id in (select id from courses where instructor_id in (${benchUsers}))`,
          [pattern],
        );
        await rawQuery(handle, `delete from courses where instructor_id in (${benchUsers})`, [pattern]);
        await rawQuery(handle, `delete from users where id in (${benchUsers})`, [pattern]);
      }
      await handle.close();
    } catch (error) {
      console.error('catalogue-target: stopping failed:', error);
      code = 1;
    } finally {
      for (const child of children) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
    process.exit(code);
  })();
  return stopping;
}

process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') void stop();
});
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
// The parent went away without asking: don't leave servers running.
process.once('disconnect', () => void stop());
// Last resort (an uncaught error): no server outlives this process.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

async function startServers(): Promise<{
  runtimeNote: string;
  staleBundle?: string;
  app: RunningServer;
  uncached: RunningServer;
  hello: RunningServer;
}> {
  if (useBundle) {
    const built = statSync(bundlePath).mtime;
    const newer = filesNewerThan(built.getTime(), [
      path.join(serverDir, 'src'),
      path.join(repoRoot, 'packages/db/src'),
      path.join(repoRoot, 'packages/db/migrations'),
      path.join(repoRoot, 'packages/contracts/src'),
    ]);
    const staleBundle =
      newer.length === 0
        ? undefined
        : `apps/server/dist/main.js is older than ${newer.length} source file(s), e.g. ` +
          `${newer
            .slice(0, 3)
            .map((entry) => entry.file)
            .join(', ')}: rebuild it (pnpm --filter @lectio/server build) to measure the current code`;
    const runtimeNote =
      `node ${process.version} apps/server/dist/main.js (built ${built.toISOString()}), one process per ` +
      'app, NODE_ENV=production LOG_LEVEL=silent SEED_DEMO=false; hello-world: node + fastify, own process';
    const appEnv = (name: string, extra: Record<string, string>) => ({
      ...baseEnv,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DATA_DIR: path.join(dataDir, name),
      ...extra,
    });
    // One after the other: each runs the migrator on start.
    const app = await track(
      spawnServer('app-cached', [bundlePath], appEnv('app-cached', {}), '/api/v1/health'),
    );
    const uncached = await track(
      spawnServer(
        'app-uncached',
        [bundlePath],
        appEnv('app-uncached', { CATALOGUE_CACHE_SECONDS: '0' }),
        '/api/v1/health',
      ),
    );
    const hello = await track(
      spawnServer(
        'hello-world',
        ['--input-type=module', '-e', HELLO_WORLD_SOURCE],
        { FASTIFY_FROM: path.join(serverDir, 'package.json') },
        '/',
      ),
    );
    return { runtimeNote, staleBundle, app, uncached, hello };
  }

  const reason =
    requestedRuntime === 'tsx'
      ? 'BENCH_RUNTIME=tsx'
      : existsSync(bundlePath)
        ? 'no DATABASE_URL: in-memory PGlite cannot be shared with a child process'
        : 'no apps/server/dist/main.js: pnpm --filter @lectio/server build';
  const runtimeNote =
    `buildApp imported in the bench target (node ${process.version} under tsx), both apps and the ` +
    `hello-world in that one process (${reason})`;
  const { buildApp } = await import('@lectio/server');
  const inProcess = async (env: Record<string, string>): Promise<RunningServer> => {
    const app = await buildApp({ config: loadConfig({ ...baseEnv, DATA_DIR: dataDir, ...env }), db });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url, pid: process.pid, close: () => app.close() };
  };
  // Fastify is a dependency of the server, not of the bench package: load the very copy the app runs on.
  type HelloServer = {
    get(path: string, handler: () => unknown): void;
    listen(options: { port: number; host: string }): Promise<string>;
    close(): Promise<void>;
  };
  const Fastify = createRequire(path.join(serverDir, 'package.json'))('fastify') as (options?: {
    logger?: boolean;
  }) => HelloServer;
  const startHello = async (): Promise<RunningServer> => {
    const hello = Fastify({ logger: false });
    hello.get('/', () => ({ hello: 'world' }));
    const url = await hello.listen({ port: 0, host: '127.0.0.1' });
    return { url, pid: process.pid, close: () => hello.close() };
  };
  return {
    runtimeNote,
    app: await track(inProcess({})),
    uncached: await track(inProcess({ CATALOGUE_CACHE_SECONDS: '0' })),
    hello: await track(startHello()),
  };
}

const servers = await startServers().catch((error: unknown) => {
  console.error('catalogue-target: the servers did not start:', error);
  return stop(1);
});

const ready: Ready = {
  type: 'ready',
  runtime: useBundle ? 'node bundle' : 'tsx source',
  runtimeNote: servers.runtimeNote,
  staleBundle: servers.staleBundle,
  appUrl: servers.app.url,
  uncachedUrl: servers.uncached.url,
  helloUrl: servers.hello.url,
  pids: { app: servers.app.pid, uncached: servers.uncached.pid, hello: servers.hello.pid },
  profiles: PROFILE_DIR ? (useBundle ? 'process' : 'scenario') : 'off',
  cacheSeconds,
  driver: handle.driver,
  seed: {
    courses: courseIds.length,
    published: courseValues.filter((course) => course.isPublished).length,
    lectures: lectureValues.length,
    enrollments: uniqueEnrollments.length,
    seconds: seedSeconds,
  },
  reader: {
    email: reader.email,
    password: reader.password,
    courseId: readCourseId,
    lectures: LECTURES_PER_COURSE,
  },
  deepCursor,
  explainFirst,
  explainDeep,
};
if (process.send) process.send(ready);
else console.log(JSON.stringify({ ...ready, explainFirst: undefined, explainDeep: undefined }, null, 2));

// CPU profiles per scenario under tsx (BENCH_CPU_PROFILE in catalogue-bench.ts), through the inspector.
let profiler: Session | undefined;
async function profile(dir: string, name: string | undefined): Promise<string | undefined> {
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      profiler?.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  if (!profiler) {
    profiler = new Session();
    profiler.connect();
    await post('Profiler.enable');
  }
  if (name === undefined) {
    await post('Profiler.start');
    return undefined;
  }
  const { profile: data } = await post<{ profile: object }>('Profiler.stop');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

process.on('message', (message: { type?: string; name?: string }) => {
  if (message?.type === 'profile' && PROFILE_DIR && !useBundle) {
    void profile(PROFILE_DIR, message.name).then((file) => process.send?.({ type: 'profile', file }));
  }
});
