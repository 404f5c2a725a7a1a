/**
 * Quiz submit under load (issue 26 item 3, decision 0081): 50 learners, each with an open attempt of a
 * 10-question quiz, submit at once, round after round (a new attempt is started, untimed, between rounds);
 * the submit's p95 is compared with GET /api/v1/health at the same concurrency in the same run. The
 * target (bench/README.md): submit p95 <= 30 ms at 50 concurrent.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lectio_quiz_bench pnpm --filter @lectio/bench bench:quiz
 * (an empty database; the bench migrates it) or without DATABASE_URL on PGlite. BENCH_LEARNERS (50) and
 * BENCH_ROUNDS (10) change the load.
 */
import { performance } from 'node:perf_hooks';
import { createDb, migrateDb } from '@lectio/db';
import { createCourse, createEnrollment, createUser } from '@lectio/db/seed/factories';
import { buildApp } from '@lectio/server';
import { loadConfig } from '@lectio/server/config';
import { measureRequests } from './request-loop';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

const handle = await createDb(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, maxConnections: 20 } : {},
);
await migrateDb(handle);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'q'.repeat(48),
  DATA_DIR: '/tmp/lectio-quiz-bench',
  PAYMENT_PROVIDER: 'test',
  ALLOW_INSECURE_HTTP: 'true',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
  RATE_LIMIT_GLOBAL_MAX: '0',
  RATE_LIMIT_SIGNUP_MAX: '0',
  RATE_LIMIT_REFRESH_MAX: '0',
});
const app = await buildApp({ config, db: handle.db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${address}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json as { data: Record<string, unknown> };
}

async function tokenOf(user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${address}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

// A course with a 10-question quiz (every type), saved through the API as its instructor would.
const instructor = await createUser(handle.db, { role: 'instructor' });
const course = await createCourse(handle.db, { instructorId: instructor.id });
const ownerToken = await tokenOf(instructor);
const created = await call('POST', '/videos/lecture', ownerToken, {
  courseId: course.id,
  title: 'Bench quiz',
  kind: 'quiz',
});
const lectureId = (created.data.lecture as { _id: string })._id;
const questions = Array.from({ length: 10 }, (_, i) =>
  i % 4 === 0
    ? {
        type: 'single',
        prompt: `Q${i}`,
        options: [
          { text: 'Right', isCorrect: true },
          { text: 'Wrong', isCorrect: false },
        ],
      }
    : i % 4 === 1
      ? {
          type: 'multiple',
          prompt: `Q${i}`,
          options: [
            { text: 'A', isCorrect: true },
            { text: 'B', isCorrect: true },
            { text: 'C', isCorrect: false },
          ],
        }
      : i % 4 === 2
        ? { type: 'true_false', prompt: `Q${i}`, correctAnswer: true }
        : { type: 'short_answer', prompt: `Q${i}`, acceptedAnswers: ['answer'] },
);
await call('PUT', `/lectures/${lectureId}/quiz`, ownerToken, {
  settings: {
    passMark: 100,
    attemptsAllowed: null,
    shuffleQuestions: true,
    shuffleOptions: true,
    timeLimitMinutes: null,
    showAnswers: true,
  },
  questions,
});

const learners = await Promise.all(
  Array.from({ length: LEARNERS }, async () => {
    const user = await createUser(handle.db, { role: 'student' });
    await createEnrollment(handle.db, { userId: user.id, courseId: course.id });
    return user;
  }),
);
const tokens: string[] = [];
for (const learner of learners) tokens.push(await tokenOf(learner));

interface StartedQuestion {
  _id: string;
  type: string;
  options: { _id: string }[];
}
function answersOf(started: StartedQuestion[]) {
  // Half right, half wrong: every grading path runs; nobody passes (pass mark 100), so no certificate path.
  return started.map((q, i) =>
    q.type === 'true_false'
      ? { questionId: q._id, value: i % 2 === 0 }
      : q.type === 'short_answer'
        ? { questionId: q._id, text: ' Answer ' }
        : { questionId: q._id, optionIds: q.options.slice(0, 1).map((o) => o._id) },
  );
}

const submitTimes: number[] = [];
let failures = 0;
await measureRequests('warmup', `${address}/api/v1/health`, {}, 500, LEARNERS);
const health = await measureRequests(
  'GET /api/v1/health (baseline)',
  `${address}/api/v1/health`,
  {},
  LEARNERS * ROUNDS * 4,
  LEARNERS,
);
const started = performance.now();
for (let round = 0; round < ROUNDS + 1; round++) {
  const attempts = await Promise.all(
    tokens.map(async (token) => {
      const answer = await call('POST', `/lectures/${lectureId}/quiz/attempts`, token);
      const data = answer.data as { attempt: { _id: string }; questions: StartedQuestion[] };
      return { token, id: data.attempt._id, answers: answersOf(data.questions) };
    }),
  );
  await Promise.all(
    attempts.map(async ({ token, id, answers }) => {
      const t0 = performance.now();
      const response = await fetch(`${address}/api/v1/quiz-attempts/${id}/submit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ answers }),
      });
      await response.arrayBuffer();
      // Round 0 warms the path and is not counted.
      if (round > 0) {
        submitTimes.push(performance.now() - t0);
        if (!response.ok) failures += 1;
      }
    }),
  );
}
const seconds = (performance.now() - started) / 1000;
submitTimes.sort((a, b) => a - b);
const pct = (p: number) =>
  submitTimes[Math.min(submitTimes.length - 1, Math.ceil(submitTimes.length * p) - 1)] ?? 0;

console.log(
  `driver: ${handle.driver}, ${LEARNERS} learners concurrent, ${ROUNDS} rounds (+1 warm-up), 10 questions`,
);
console.log('| scenario | requests | failures | p50 ms | p95 ms | p99 ms | p95 vs baseline |');
console.log('|---|---|---|---|---|---|---|');
console.log(
  `| ${health.name} | ${health.requests} | ${health.failures} | ${health.p50.toFixed(2)} | ${health.p95.toFixed(2)} | ${health.p99.toFixed(2)} | 1.00x |`,
);
console.log(
  `| POST /api/v1/quiz-attempts/{id}/submit | ${submitTimes.length} | ${failures} | ${pct(0.5).toFixed(2)} | ${pct(0.95).toFixed(2)} | ${pct(0.99).toFixed(2)} | ${(pct(0.95) / health.p95).toFixed(2)}x |`,
);
console.log(`(the start+submit rounds took ${seconds.toFixed(1)} s)`);
await app.close();
await handle.close();
