/**
 * The server side of the catalogue benchmark, run as a child process of catalogue-bench.ts so that the
 * load generator does not share this event loop. It seeds the catalogue with bulk inserts, prints the
 * plan of the list query, then starts the real app (production mode) and a plain Fastify hello-world
 * on loopback, in this one process, and reports their URLs to the parent over IPC.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import { courses, createDb, type DbHandle, enrollments, lectures, migrateDb, users } from '@lectio/db';
import { buildApp } from '@lectio/server';
import { loadConfig } from '@lectio/server/config';
import { coursePageQuery, publishedScope } from '@lectio/server/services/courses/list-courses';

if (process.env.NODE_ENV !== 'production') {
  // catalogue-bench.ts sets it; tRPC reads it when the routers load, so setting it here would be too late.
  console.warn(
    'catalogue-target: NODE_ENV is not "production": tRPC validates outputs, unlike in production',
  );
}

const COURSES = Number(process.env.BENCH_COURSES ?? 10_000);
const INSTRUCTORS = 50;
const STUDENTS = 500;
/** Every LECTURE_EVERY-th course gets LECTURES_PER_COURSE lectures, the first a preview. */
const LECTURE_EVERY = 3;
const LECTURES_PER_COURSE = 6;
const ENROLLMENTS_PER_STUDENT = 8;
const CHUNK = 1000;

// Fastify is a dependency of the server, not of the bench package: load the very copy the app runs on.
type HelloServer = {
  get(path: string, handler: () => unknown): void;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
};
const requireFromServer = createRequire(import.meta.resolve('@lectio/server'));
const Fastify = requireFromServer('fastify') as (options?: { logger?: boolean }) => HelloServer;

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

const lectureValues = courseIds
  .filter((_, i) => i % LECTURE_EVERY === 0)
  .flatMap((courseId) =>
    Array.from({ length: LECTURES_PER_COURSE }, (_, position) => ({
      courseId,
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

const enrollmentValues = studentRows.flatMap((student, s) =>
  Array.from({ length: ENROLLMENTS_PER_STUDENT }, (_, k) => ({
    userId: student.id,
    courseId: courseIds[(s * 37 + k * 101) % Math.min(courseIds.length, 200)]!,
    source: 'seed' as const,
  })),
);
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

const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-catalogue-bench-'));
const configWith = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'c'.repeat(48),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
// The app as configured by default (anonymous catalogue pages cached for CATALOGUE_CACHE_SECONDS), and
// the same app with the cache off, to show what every page costs when computed.
const app = await buildApp({ config: configWith({}), db });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const uncachedApp = await buildApp({ config: configWith({ CATALOGUE_CACHE_SECONDS: '0' }), db });
const uncachedUrl = await uncachedApp.listen({ port: 0, host: '127.0.0.1' });

const hello = Fastify({ logger: false });
hello.get('/', () => ({ hello: 'world' }));
const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });

if (!process.send) console.log(`app ${appUrl}, uncached app ${uncachedUrl}, hello-world ${helloUrl}`);
process.send?.({
  type: 'ready',
  appUrl,
  uncachedUrl,
  cacheSeconds: configWith({}).catalogueCacheSeconds,
  helloUrl,
  driver: handle.driver,
  seed: {
    courses: courseIds.length,
    published: courseValues.filter((course) => course.isPublished).length,
    lectures: lectureValues.length,
    enrollments: uniqueEnrollments.length,
    seconds: seedSeconds,
  },
  deepCursor,
  explainFirst,
  explainDeep,
});

async function stop(): Promise<never> {
  await hello.close();
  await app.close();
  await uncachedApp.close();
  if (process.env.DATABASE_URL) {
    // Leave the shared database as it was.
    const benchUsers = 'select id from users where email like $1';
    const pattern = `bench-%-${stamp}-%@example.com`;
    await rawQuery(handle, `delete from courses where instructor_id in (${benchUsers})`, [pattern]);
    await rawQuery(handle, `delete from users where id in (${benchUsers})`, [pattern]);
  }
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
// CPU profiles on request (BENCH_CPU_PROFILE in catalogue-bench.ts), through the inspector protocol.
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

process.on('message', (message: { type?: string; dir?: string; name?: string }) => {
  if (message?.type === 'profile' && message.dir) {
    void profile(message.dir, message.name).then((file) => process.send?.({ type: 'profile', file }));
  }
  if (message?.type === 'stop') void stop();
  // CPU time this process has used so far (µs), so the parent can report server CPU per request.
  if (message?.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() });
});
process.once('SIGTERM', () => void stop());
