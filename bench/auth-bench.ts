/**
 * Auth hot-path benchmark: how much an authenticated request costs (JWT verify + the per-request user and
 * session check) relative to the health route, measured in the same run on a real listening server.
 * Bounded: a fixed number of requests per scenario, loopback only.
 *   pnpm bench                      (PGlite in memory)
 *   DATABASE_URL=postgres://... pnpm bench
 */
import { createDb, migrateDb } from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { buildApp } from '@lectio/server';
import { loadConfig } from '@lectio/server/config';
import { measureRequests } from './request-loop';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const run = (name: string, url: string, init: RequestInit, total = REQUESTS) =>
  measureRequests(name, url, init, total, CONCURRENCY);

const handle = await createDb(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
await migrateDb(handle);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'b'.repeat(48),
  DATA_DIR: '/tmp/lectio-bench',
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
const user = await createUser(handle.db, { role: 'student' });
const loginResponse = await fetch(`${address}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: user.email, password: user.password }),
});
const { accessToken } = (await loginResponse.json()) as { accessToken: string };
const auth = { headers: { authorization: `Bearer ${accessToken}` } };

// Warm up JIT and connection pools before measuring.
await run('warmup', `${address}/api/v1/health`, {}, 500);
const results = [
  await run('GET /api/v1/health (baseline)', `${address}/api/v1/health`, {}),
  await run('GET /api/v1/auth/me (REST, authenticated)', `${address}/api/v1/auth/me`, auth),
  await run('GET /trpc/auth.me (tRPC, authenticated)', `${address}/trpc/auth.me`, auth),
  await run(
    'POST /api/v1/auth/login (argon2id)',
    `${address}/api/v1/auth/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    },
    200,
  ),
];
const baseline = results[0]!;
console.log(`driver: ${handle.driver}, concurrency ${CONCURRENCY}`);
console.log('| scenario | requests | failures | req/s | p50 ms | p95 ms | p95 vs baseline |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.requests} | ${r.failures} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.p95 / baseline.p95).toFixed(2)}x |`,
  );
}
await app.close();
await handle.close();
