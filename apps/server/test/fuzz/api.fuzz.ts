/**
 * The fuzz tier (`pnpm --filter @lectio/server test:fuzz`, vitest.fuzz.config.ts): ≥ 10,000 generated
 * requests, valid-shaped and malformed, against every REST route and tRPC procedure (batches included),
 * as anonymous, student, instructor and admin, on a real database. It asserts that nothing answers 5xx,
 * that every 4xx has the API's error shape (REST `{ message, code?, issues? }`, tRPC's error envelope),
 * and that every /api/v1 answer matches the OpenAPI document; and prints the count and the status
 * histogram.
 *
 * Fixed seed and count, overridable: FUZZ_SEED, FUZZ_RUNS (the request budget), FUZZ_CONCURRENCY.
 */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@lectio/contracts/errors';
import { API_MESSAGES } from '@lectio/contracts/messages';
import { createCourse, createLecture, createPurchase, createUser } from '@lectio/db/seed/factories';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeConformanceProblems } from '../helpers/api-conformance';
import { sampleImage, sampleVideo } from '../helpers/media';
import { bearer, createTestApp, login, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';
import { mutatedToken, SIGNED_TOKEN_POOLS } from './hostile-values';
import { type ActorName, type FuzzCase, type FuzzTarget, fuzzTargets, HOSTILE_CURSOR } from './requests';
import { awkwardText, DictionaryPick } from './schema-arbitrary';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
/** Cases are generated lazily, this many at a time per target (huge strings stay short-lived). */
const CHUNK = 25;

let t: TestApp;
const actorHeaders: Record<ActorName, Record<string, string>> = {
  anonymous: {},
  student: {},
  instructor: {},
  admin: {},
};
const actorIds = new Set<string>();
const actorId: Partial<Record<ActorName, string>> = {};

/** Values the server answered with, by property name, and every uuid seen: requests draw on them. */
const dictionary = new Map<string, string[]>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function remember(name: string, value: string) {
  if (value.length > 500) return;
  if (UUID.test(value)) {
    if (actorIds.has(value)) return;
    if (name !== '*uuid') remember('*uuid', value.toLowerCase());
  }
  const values = dictionary.get(name) ?? [];
  dictionary.set(name, values);
  if (values.length < 200 && !values.includes(value)) values.push(value);
}

/** Harvests a 2xx JSON answer: every string under its property name (cursors and media URLs too). */
function harvest(value: unknown, name = ''): void {
  if (typeof value === 'string') {
    if (name === 'nextCursor') remember('cursor', value);
    if (name === '_id') remember('id', value);
    const media = value.match(/\/api\/v1\/media\/([^?]+)(?:\?(.*))?$/);
    if (media?.[1]) {
      remember('key', decodeURIComponent(media[1]));
      for (const [key, item] of new URLSearchParams(media[2] ?? '')) remember(key, item);
    }
    if (name) remember(name, value);
  } else if (Array.isArray(value)) for (const item of value.slice(0, 20)) harvest(item, name);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) harvest(item, key);
}

/**
 * Replaces dictionary picks by values the server gave (the property's own, else any uuid seen). Picks
 * sit near the top of an input; deeper values (hostile nesting) are left as they are.
 */
function resolve(value: unknown, depth = 0): unknown {
  if (value instanceof DictionaryPick) {
    const pool = dictionary.get(value.name)?.length ? dictionary.get(value.name) : dictionary.get('*uuid');
    const picked = pool?.length ? (pool[value.index % pool.length] as string) : randomUUID();
    return value.mutation === undefined ? picked : mutatedToken(picked, value.mutation);
  }
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => resolve(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, depth + 1)]));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['student', 'instructor', 'admin'] as const) {
    const user = await createUser(t.db, { role, name: `Fuzz ${role}` });
    actorIds.add(user.id);
    actorId[role] = user.id;
    actorHeaders[role] = bearer((await login(t.app, user.email, user.password)).accessToken);
  }
  const otherInstructor = await createUser(t.db, { role: 'instructor' });
  for (let i = 0; i < 24; i += 1) {
    const course = await createCourse(t.db, {
      instructorId: i % 2 === 0 ? actorId.instructor : otherInstructor.id,
      isPublished: i % 3 !== 0,
      priceMinor: i % 4 === 0 ? 0 : 49_900,
    });
    remember('courseId', course.id);
    for (let j = 0; j < 3; j += 1) {
      const lecture = await createLecture(t.db, { courseId: course.id, isPreview: j === 0 });
      remember('lectureId', lecture.id);
      remember('videoId', lecture.id);
    }
    if (i % 5 === 1) await createPurchase(t.db, { userId: actorId.student as string, courseId: course.id });
  }
  for (let i = 0; i < 4; i += 1) remember('id', (await createUser(t.db)).id);
  await signHostileTokens();
  // Harvest a first round of answers (cursors, signed URLs, ids) before the run.
  for (const actor of ['anonymous', 'student', 'instructor', 'admin'] as const)
    for (const url of [
      '/api/v1/courses?limit=2',
      '/api/v1/instructor/courses?limit=2',
      '/api/v1/admin/users/overview',
    ])
      await send({ method: 'GET', url, headers: actorHeaders[actor] }, '10.0.0.1');
  takeConformanceProblems();
}, 120_000);
/**
 * Correctly signed tokens whose claims are wrong (ids that are not uuids, unknown ids, awkward text,
 * other roles): only a forger with the key could send them, but the server must still refuse them cleanly.
 */
async function signHostileTokens() {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const claim = fc.oneof(
    fc.constantFrom(...actorIds),
    fc.uuid(),
    awkwardText.filter((text) => text.length > 0),
  );
  const claims = fc.sample(
    fc.record({
      sub: claim,
      sid: claim,
      jti: claim,
      role: fc.oneof(claim, fc.constantFrom('admin', 'student')),
    }),
    {
      seed: SEED,
      numRuns: 30,
    },
  );
  for (const { sub, sid, jti, role } of claims) {
    const sign = (typ: string, audience: string, extra: Record<string, string>) =>
      new SignJWT({ sid, ...extra })
        .setProtectedHeader({ alg: 'HS256', typ })
        .setIssuer('lectio')
        .setAudience(audience)
        .setSubject(sub)
        .setJti(jti)
        .setExpirationTime('1h')
        .sign(key);
    remember(SIGNED_TOKEN_POOLS.bearer, `Bearer ${await sign('at+jwt', 'lectio-api', { role })}`);
    remember(SIGNED_TOKEN_POOLS.cookie, `lectio_refresh=${await sign('refresh+jwt', 'lectio-refresh', {})}`);
  }
}

afterAll(async () => {
  await t?.close();
});

/** An answer slower than this is a hang: the request is reported and the worker moves on. */
const ANSWER_DEADLINE_MS = Number(process.env.FUZZ_ANSWER_DEADLINE_MS ?? 20_000);

class NoAnswer extends Error {}

async function send(options: InjectOptions, remoteAddress: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer()), ANSWER_DEADLINE_MS);
  });
  const response = await Promise.race([t.app.inject({ ...options, remoteAddress }), deadline]).finally(() =>
    clearTimeout(timer),
  );
  if (
    response.statusCode >= 200 &&
    response.statusCode < 300 &&
    /json/.test(String(response.headers['content-type']))
  )
    try {
      harvest(response.json());
    } catch {
      // Not JSON after all: nothing to learn.
    }
  return response;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function restErrorProblem(body: unknown): string | null {
  const error = body as { message?: unknown; code?: unknown; issues?: unknown };
  if (!error || typeof error !== 'object' || !isString(error.message)) return 'no message';
  if (error.code !== undefined && !(ERROR_CODES as readonly unknown[]).includes(error.code))
    return `unknown code ${String(error.code)}`;
  if (
    error.issues !== undefined &&
    !(
      Array.isArray(error.issues) &&
      error.issues.every((issue) => isString(issue?.path) && isString(issue?.message))
    )
  )
    return 'malformed issues';
  return null;
}

function trpcErrorProblem(item: unknown): string | null {
  const error = (item as { error?: Record<string, unknown> })?.error;
  if (!error) return 'no error';
  const data = error.data as Record<string, unknown> | undefined;
  if (
    !isString(error.message) ||
    typeof error.code !== 'number' ||
    !data ||
    !isString(data.code) ||
    typeof data.httpStatus !== 'number'
  )
    return 'not the tRPC error envelope';
  if (data.httpStatus >= 500) return `item answered ${data.httpStatus}: ${error.message}`;
  return null;
}

/**
 * What is wrong with an answer, or null: a 5xx, a 4xx without the error shape, or a failed batch item
 * whose status is a 5xx. tRPC's adapter sends some refusals (an unsupported content type, say) with a
 * JSON body labelled text/plain: their shape is checked all the same, and they are counted apart.
 */
function answerProblem(method: string, url: string, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`;
  if (method === 'HEAD' || status === 304 || status === 204 || status < 200) return null;
  const trpc = url.startsWith('/trpc');
  if (status < 400 && !trpc) return null;
  const json = /json/.test(String(response.headers['content-type']));
  if (!json && !trpc) return `${status} is not JSON (${String(response.headers['content-type'])})`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return status >= 400 ? `${status} body is not JSON: ${response.body.slice(0, 120)}` : null;
  }
  if (!trpc) return restErrorProblem(body);
  const items = Array.isArray(body) ? body : [body];
  for (const item of items) {
    if (item && typeof item === 'object' && 'result' in item) continue;
    // Refusals before tRPC runs (body limit, rate limits) come in the REST shape.
    const problem =
      item && typeof item === 'object' && 'error' in item ? trpcErrorProblem(item) : restErrorProblem(item);
    if (problem) return `${status} ${problem}: ${response.body.slice(0, 200)}`;
  }
  return null;
}

/**
 * A cursor no server wrote (`hostileCursor`) is never accepted, and is refused before the database is
 * asked: PostgreSQL refusing it would answer API_MESSAGES.valueRefused (lib/database-errors.ts).
 */
function hostileCursorProblem(response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 200 && status < 300) return `a hostile cursor was accepted (${status})`;
  if (status === 400 && response.body.includes(API_MESSAGES.valueRefused))
    return 'a hostile cursor reached the database';
  return null;
}

/** A seeded shuffle (mulberry32), so the interleaving of targets is the same on every run. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Each target's cases, generated CHUNK at a time from a seed of its own. */
function* casesOf(target: FuzzTarget, index: number, count: number): Generator<FuzzCase> {
  for (let chunk = 0; chunk * CHUNK < count; chunk += 1)
    yield* fc.sample(target.cases, {
      seed: SEED + index * 7_919 + chunk,
      numRuns: Math.min(CHUNK, count - chunk * CHUNK),
    });
}

describe('fuzzing the API', () => {
  it(`answers ${RUNS} generated requests without a 5xx, in the error shape, as documented`, async () => {
    const targets = fuzzTargets({ video: sampleVideo(), image: sampleImage() });
    const totalWeight = targets.reduce((sum, target) => sum + target.weight, 0);
    const counts = targets.map((target) => Math.max(10, Math.round((RUNS * target.weight) / totalWeight)));
    const generators = targets.map((target, i) => casesOf(target, i, counts[i] as number));
    const schedule = shuffled(
      counts.flatMap((count, i) => Array<number>(count).fill(i)),
      SEED,
    );

    const statuses = new Map<number, number>();
    const byTarget = new Map<string, Map<number, number>>();
    const byKind = new Map<string, number>();
    const problems: string[] = [];
    /** 5xx answers by target, kind and the start of their message: what to fix, grouped. */
    const serverErrors = new Map<string, number>();
    let refusedByInject = 0;
    let trpcPlainText = 0;
    let sent = 0;
    const started = performance.now();

    let next = 0;
    async function worker() {
      while (next < schedule.length) {
        const targetIndex = schedule[next++] as number;
        const fuzzCase = (generators[targetIndex] as Generator<FuzzCase>).next().value as
          | FuzzCase
          | undefined;
        if (!fuzzCase) continue;
        const options = fuzzCase.build(resolve) as {
          method: string;
          url: string;
          headers?: Record<string, string>;
        };
        const headers = resolve({ ...actorHeaders[fuzzCase.actor], ...options.headers }) as Record<
          string,
          string
        >;
        let response: LightMyRequestResponse;
        try {
          response = await send({ ...options, headers } as never, fuzzCase.remoteAddress);
        } catch (error) {
          if (error instanceof NoAnswer) {
            const body = JSON.stringify((options as { payload?: unknown }).payload ?? null)?.slice(0, 300);
            problems.push(
              `${fuzzCase.target} (${fuzzCase.kind}, ${fuzzCase.actor}): no answer within ${ANSWER_DEADLINE_MS} ms: ${options.method} ${options.url.slice(0, 300)} ${body}`,
            );
            continue;
          }
          // light-my-request refused to build the request (an invalid header value, say): no server answer.
          refusedByInject += 1;
          continue;
        }
        sent += 1;
        const status = response.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const perTarget = byTarget.get(fuzzCase.target) ?? new Map<number, number>();
        perTarget.set(status, (perTarget.get(status) ?? 0) + 1);
        byTarget.set(fuzzCase.target, perTarget);
        byKind.set(fuzzCase.kind, (byKind.get(fuzzCase.kind) ?? 0) + 1);
        if (
          options.url.startsWith('/trpc') &&
          !/json/.test(String(response.headers['content-type'])) &&
          status >= 400
        )
          trpcPlainText += 1;
        if (status >= 500) {
          const what = `${fuzzCase.target} [${fuzzCase.kind}] ${status} ${response.body.replace(/[0-9a-f-]{36}/g, '<id>').slice(0, 120)}`;
          serverErrors.set(what, (serverErrors.get(what) ?? 0) + 1);
        }
        const problem =
          answerProblem(options.method, options.url, response) ??
          (fuzzCase.kind === HOSTILE_CURSOR ? hostileCursorProblem(response) : null);
        if (problem && problems.length < 500)
          problems.push(
            `${fuzzCase.target} [${fuzzCase.kind}, ${fuzzCase.actor}] ${options.method} ${options.url.slice(0, 200)}: ${problem}`,
          );
        if (sent % 500 === 0) problems.push(...takeConformanceProblems().slice(0, 50));
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    problems.push(...takeConformanceProblems().slice(0, 50));
    const seconds = (performance.now() - started) / 1000;

    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`);
    const kinds = [...byKind.entries()]
      .sort(([, a], [, b]) => b - a)
      .map(([kind, count]) => `${kind} ${count}`);
    const perTarget = [...byTarget.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([target, map]) =>
          `  ${target}: ${[...map.entries()]
            .sort(([a], [b]) => a - b)
            .map(([s, c]) => `${s}×${c}`)
            .join(' ')}`,
      );
    console.log(
      [
        `fuzz: seed ${SEED}, ${sent} requests answered in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), ${refusedByInject} not sendable, ${targets.length} targets`,
        `fuzz: status histogram  ${histogram.join('  ')}`,
        `fuzz: tRPC errors labelled text/plain (JSON bodies, checked): ${trpcPlainText}`,
        `fuzz: 5xx ${[...statuses.entries()].filter(([s]) => s >= 500).reduce((sum, [, c]) => sum + c, 0)}, problems ${problems.length}`,
        `fuzz: by kind  ${kinds.join(', ')}`,
        ...[...serverErrors.entries()]
          .sort(([, a], [, b]) => b - a)
          .map(([what, count]) => `fuzz: 5xx ×${count} ${what}`),
        'fuzz: by target',
        ...perTarget,
      ].join('\n'),
    );
    expect(problems.slice(0, 40)).toEqual([]);
    // The default budget is the tier's promise: at least 10,000 answered requests.
    if (process.env.FUZZ_RUNS === undefined) expect(sent).toBeGreaterThanOrEqual(10_000);
  });
});
