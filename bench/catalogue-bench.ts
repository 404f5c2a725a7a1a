/**
 * Catalogue benchmark: REST /api/v1 against tRPC (the stock Fastify adapter) on the public catalogue and
 * an authenticated course read, each against a plain Fastify hello-world measured in the same run, on a
 * catalogue of 10,000 courses. The servers run in child processes (catalogue-target.ts: seeds with bulk
 * inserts, prints the list query's plan, runs the production bundle `node apps/server/dist/main.js` when it
 * exists, else the TypeScript source under tsx, and says which); this process only generates load with
 * autocannon, so load and servers don't share an event loop.
 *   DATABASE_URL=postgres://... pnpm --filter @lectio/bench bench:catalogue
 *   pnpm --filter @lectio/bench bench:catalogue              (PGlite in memory: tsx source only)
 *
 * Scenarios (anonymous unless said):
 *   - hello-world;
 *   - the uncached catalogue page (the app with CATALOGUE_CACHE_SECONDS=0): REST GET /api/v1/courses?limit=12
 *     and tRPC GET /trpc/courses.list?input={"limit":12}, and REST a page 8,000 courses deep;
 *   - the authenticated course read, as a signed-in student enrolled in the course (token from POST
 *     /api/v1/auth/login, sent as `Authorization: Bearer`): REST GET /api/v1/courses/{id} and tRPC GET
 *     /trpc/courses.get?input={"id":...}, on the app as configured by default;
 *   - the cached catalogue page (the default micro-cache): REST and tRPC, then the conditional GET of each
 *     twice: with the ETag of one warm-up request as If-None-Match for the whole scenario (any answer but
 *     304 counts as an error), and revalidating (If-None-Match follows the ETag of the latest 200, as a
 *     cache in front would: a 200 is a refresh, counted apart). Before those it prints whether the page's
 *     ETag survives a recomputation of the micro-cache (and the first difference if not).
 * BENCH_DURATION (seconds per scenario, default 10; each after a 3 s warm-up), BENCH_CONNECTIONS (default
 * 50), BENCH_COURSES (default 10,000), BENCH_RUNTIME=node|tsx (see catalogue-target.ts).
 * BENCH_CPU_PROFILE=<dir> also writes V8 CPU profiles of the servers (node bundle: one per server process
 * for the whole run, written when it stops; tsx source: one per scenario); profiling slows the servers,
 * so figures from such a run are not comparable.
 */
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Ready } from './catalogue-target';

type Result = Awaited<ReturnType<typeof autocannon>>;
type AutocannonRequest = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 3;
const STOP_TIMEOUT_MS = 30_000;

const loadBefore = loadavg();
const startedAt = new Date();

const child = fork(fileURLToPath(new URL('./catalogue-target.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
  // As the production server runs (Dockerfile, `pnpm start`); the bundle's processes get it explicitly.
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
const childExited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Stops the target (which stops the servers and deletes its rows), killing it if it takes too long. */
async function stopTarget(): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await childExited;
  clearTimeout(timer);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopTarget().then(() => process.exit(130)));
}

// --- helpers ------------------------------------------------------------------------------------------

/** The code measured: HEAD and how many files of the server and its packages differ from it. */
function codeVersion(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        encoding: 'utf8',
      }).trim();
    const head = git('log', '-1', '--format=%h %cI');
    const changed = git('status', '--porcelain', '--', 'apps/server', 'packages/db', 'packages/contracts')
      .split('\n')
      .filter(Boolean).length;
    return `git ${head}${changed ? `, plus ${changed} uncommitted file(s) under apps/server and packages/{db,contracts}` : ''}`;
  } catch {
    return 'unknown (no git)';
  }
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
const CLK_TCK = clockTicks();

/** A process's CPU time so far in ms (user + system, Linux /proc), NaN when it can't be read. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return Number.NaN;
  }
}

/** Starts (name undefined) or stops and saves (name given) the tsx target's per-scenario CPU profile. */
function serverProfile(name?: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string; file?: string }) => {
      if (message?.type !== 'profile') return;
      child.off('message', onMessage);
      if (message.file) console.log(`CPU profile: ${message.file}`);
      resolve();
    };
    child.on('message', onMessage);
    child.send({ type: 'profile', name });
  });
}

interface Scenario {
  key: string;
  name: string;
  url: string;
  pid: number;
  headers?: Record<string, string>;
  /** The only status that counts as a success. */
  expect: 200 | 304;
  /**
   * Revalidate like a cache in front of the server: If-None-Match carries the ETag of the latest 200
   * answer (shared by all connections), so a 200 is a refresh, counted apart, not an error.
   */
  revalidate?: { etag: string };
}

interface Row {
  scenario: Scenario;
  result: Result;
  /** Server-process CPU per request (ms); the database's own CPU is not included. */
  cpuMsPerRequest: number;
  /** Responses with another status than expected, plus connection errors and timeouts. */
  errors: number;
  /** Status code -> count for the unexpected statuses (printed). */
  unexpected: Record<string, number>;
  /** Revalidating scenarios: 200 answers (the page changed, new ETag). */
  refreshes?: number;
}

/** One request, checked: its status must be `expect`. Returns the response's headers. */
async function check(url: string, expect: number, headers: Record<string, string> = {}): Promise<Headers> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (response.status !== expect) {
    throw new Error(`GET ${url}: expected ${expect}, got ${response.status}: ${body.slice(0, 500)}`);
  }
  return response.headers;
}

async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (response.status !== 200 || !body.accessToken) {
    throw new Error(`POST /api/v1/auth/login: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return body.accessToken;
}

async function measure(scenario: Scenario, profiles: Ready['profiles']): Promise<Row> {
  const { revalidate } = scenario;
  const url = new URL(scenario.url);
  const options = revalidate
    ? {
        url: url.origin,
        connections: CONNECTIONS,
        requests: [
          {
            method: 'GET',
            path: `${url.pathname}${url.search}`,
            setupRequest: (request: AutocannonRequest) => ({
              ...request,
              headers: { ...request.headers, ...scenario.headers, 'if-none-match': revalidate.etag },
            }),
            onResponse: (
              status: number,
              _body: string,
              _context: object,
              headers: Record<string, string>,
            ) => {
              const etag = headers.etag ?? headers.ETag;
              if (status === 200 && etag) revalidate.etag = etag;
            },
          },
        ],
      }
    : { url: scenario.url, connections: CONNECTIONS, headers: scenario.headers };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  if (profiles === 'scenario') await serverProfile();
  const cpuBefore = cpuMs(scenario.pid);
  const result = await autocannon({ ...options, duration: DURATION });
  const cpu = cpuMs(scenario.pid) - cpuBefore;
  if (profiles === 'scenario')
    await serverProfile(`${scenario.key}-${scenario.name.replace(/[^A-Za-z0-9]+/g, '-')}`);
  const unexpected: Record<string, number> = {};
  let refreshes = 0;
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (revalidate && status === '200') refreshes = count;
    else if (Number(status) !== scenario.expect) unexpected[status] = count;
  }
  const wrongStatus = Object.values(unexpected).reduce((sum, count) => sum + count, 0);
  // autocannon counts timeouts among its errors too.
  const errors = wrongStatus + result.errors;
  if (errors > 0) {
    console.warn(
      `  ${scenario.name}: ${errors} errors (expected ${scenario.expect}; other statuses ` +
        `${JSON.stringify(unexpected)}, ${result.errors} connection errors, ${result.timeouts} timeouts)`,
    );
  }
  return {
    scenario,
    result,
    cpuMsPerRequest: cpu / Math.max(1, result.requests.total),
    errors,
    unexpected,
    refreshes: revalidate ? refreshes : undefined,
  };
}

/** The first path at which two JSON values differ, with both values (shortened), or undefined. */
function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        Array.isArray(a) ? `${at}[${key}]` : `${at}.${key}`,
      );
      if (found) return found;
    }
    return undefined;
  }
  if (a === b) return undefined;
  const show = (value: unknown) => JSON.stringify(value)?.slice(0, 160);
  return `${at || '(root)'}: ${show(a)} -> ${show(b)}`;
}

// --- the run ------------------------------------------------------------------------------------------

async function main(ready: Ready): Promise<void> {
  console.log(`runtime: ${ready.runtime}: ${ready.runtimeNote}`);
  if (ready.staleBundle) console.warn(`WARNING: ${ready.staleBundle}`);
  console.log(`code: ${codeVersion()}`);
  console.log(
    `machine: ${cpus().length} CPUs; load average before the run ${loadBefore.map((n) => n.toFixed(2)).join(' ')}; ` +
      `started ${startedAt.toISOString()}`,
  );
  console.log(
    `driver: ${ready.driver}; seeded ${ready.seed.courses} courses (${ready.seed.published} published), ` +
      `${ready.seed.lectures} lectures, ${ready.seed.enrollments} enrollments in ${ready.seed.seconds.toFixed(1)} s`,
  );
  console.log('\nEXPLAIN ANALYZE, first page of GET /courses?limit=12:');
  console.log(ready.explainFirst);
  console.log('\nEXPLAIN ANALYZE, a page 8,000 courses deep (keyset cursor):');
  console.log(ready.explainDeep);
  const usesIndex =
    /courses_catalogue_idx/.test(ready.explainFirst) && /courses_catalogue_idx/.test(ready.explainDeep);
  console.log(`\ncatalogue index used for both pages: ${usesIndex ? 'yes' : 'NO'}`);
  if (ready.profiles === 'process') {
    console.log('CPU profiles: one per server process, written when the servers stop');
  }

  const listInput = encodeURIComponent(JSON.stringify({ limit: 12 }));
  const readInput = encodeURIComponent(JSON.stringify({ id: ready.reader.courseId }));
  const cached = `cache ${ready.cacheSeconds} s`;
  const rest = (base: string) => `${base}/api/v1/courses?limit=12`;
  const trpc = (base: string) => `${base}/trpc/courses.list?input=${listInput}`;
  const { pids } = ready;
  const rows = new Map<string, Row>();
  const run = async (scenario: Scenario) => {
    rows.set(scenario.key, await measure(scenario, ready.profiles));
  };

  await run({
    key: 'hello',
    name: 'hello-world (plain Fastify)',
    url: `${ready.helloUrl}/`,
    pid: pids.hello,
    expect: 200,
  });

  // The uncached page: every request computes the page (one query).
  for (const url of [rest(ready.uncachedUrl), trpc(ready.uncachedUrl)]) await check(url, 200);
  await run({
    key: 'restUncached',
    name: 'REST GET /api/v1/courses?limit=12 (no cache)',
    url: rest(ready.uncachedUrl),
    pid: pids.uncached,
    expect: 200,
  });
  await run({
    key: 'trpcUncached',
    name: 'tRPC GET /trpc/courses.list (no cache)',
    url: trpc(ready.uncachedUrl),
    pid: pids.uncached,
    expect: 200,
  });
  if (ready.deepCursor) {
    await run({
      key: 'restDeep',
      name: 'REST, a page 8,000 courses deep (no cache)',
      url: `${rest(ready.uncachedUrl)}&cursor=${ready.deepCursor}`,
      pid: pids.uncached,
      expect: 200,
    });
  }

  // The authenticated course read. A fresh token (15 min by default) covers both scenarios.
  const token = await signIn(ready.appUrl, ready.reader.email, ready.reader.password);
  const auth = { authorization: `Bearer ${token}` };
  const readRest = `${ready.appUrl}/api/v1/courses/${ready.reader.courseId}`;
  const readTrpc = `${ready.appUrl}/trpc/courses.get?input=${readInput}`;
  for (const url of [readRest, readTrpc]) {
    const response = await fetch(url, { headers: auth });
    const body = (await response.json()) as Record<string, unknown>;
    const text = JSON.stringify(body);
    // The answer must be the signed-in view of an enrolled student: every lecture open.
    if (response.status !== 200 || !/"canAccessAll":true/.test(text)) {
      throw new Error(`GET ${url} as the reader: ${response.status} ${text.slice(0, 500)}`);
    }
  }
  console.log(
    `\ncourse read: signed in as ${ready.reader.email} (student, enrolled in the course, ${ready.reader.lectures} lectures)`,
  );
  await run({
    key: 'restRead',
    name: 'REST GET /api/v1/courses/{id} (signed in)',
    url: readRest,
    pid: pids.app,
    headers: auth,
    expect: 200,
  });
  await run({
    key: 'trpcRead',
    name: 'tRPC GET /trpc/courses.get (signed in)',
    url: readTrpc,
    pid: pids.app,
    headers: auth,
    expect: 200,
  });

  // The cached anonymous page, then its conditional GET with the ETag of one warm-up request.
  await run({
    key: 'restCached',
    name: `REST GET /api/v1/courses?limit=12 (${cached})`,
    url: rest(ready.appUrl),
    pid: pids.app,
    expect: 200,
  });
  await run({
    key: 'trpcCached',
    name: `tRPC GET /trpc/courses.list (${cached})`,
    url: trpc(ready.appUrl),
    pid: pids.app,
    expect: 200,
  });
  const etags: Record<string, string> = {};
  for (const [key, url] of [
    ['rest', rest(ready.appUrl)],
    ['trpc', trpc(ready.appUrl)],
  ] as const) {
    const headers = await check(url, 200);
    const etag = headers.get('etag');
    if (!etag) throw new Error(`GET ${url}: no ETag (cache-control: ${headers.get('cache-control')})`);
    const revalidated = await check(url, 304, { 'if-none-match': etag });
    console.log(
      `${key === 'rest' ? 'REST' : 'tRPC'} ETag ${etag} (cache-control: ${headers.get('cache-control')}); ` +
        `If-None-Match -> 304 (etag ${revalidated.get('etag')})`,
    );
    etags[key] = etag;
  }
  // Whether a page (and so its ETag) survives the micro-cache's recomputation: a 304 needs it to.
  {
    const first = await fetch(rest(ready.appUrl));
    const firstBody: unknown = await first.json();
    await new Promise((resolve) => setTimeout(resolve, (ready.cacheSeconds + 1.1) * 1000));
    const second = await fetch(rest(ready.appUrl));
    const secondBody: unknown = await second.json();
    const difference = firstDifference(firstBody, secondBody);
    console.log(
      `ETag across a micro-cache refresh (${ready.cacheSeconds + 1.1} s apart): ${
        first.headers.get('etag') === second.headers.get('etag')
          ? 'unchanged'
          : `CHANGED, ${first.headers.get('etag')} -> ${second.headers.get('etag')}; first difference ${difference}`
      }`,
    );
  }
  // As asked of a CDN or browser holding one copy: the ETag of one warm-up request, kept for the run.
  await run({
    key: 'rest304',
    name: 'REST conditional GET, one fixed ETag -> 304',
    url: rest(ready.appUrl),
    pid: pids.app,
    headers: { 'if-none-match': etags.rest ?? '' },
    expect: 304,
  });
  await run({
    key: 'trpc304',
    name: 'tRPC conditional GET, one fixed ETag -> 304',
    url: trpc(ready.appUrl),
    pid: pids.app,
    headers: { 'if-none-match': etags.trpc ?? '' },
    expect: 304,
  });
  // Revalidating: If-None-Match follows the latest 200's ETag, so every request after a change is a 304.
  await run({
    key: 'rest304Tracked',
    name: 'REST conditional GET, latest ETag -> 304',
    url: rest(ready.appUrl),
    pid: pids.app,
    expect: 304,
    revalidate: { etag: etags.rest ?? '' },
  });
  await run({
    key: 'trpc304Tracked',
    name: 'tRPC conditional GET, latest ETag -> 304',
    url: trpc(ready.appUrl),
    pid: pids.app,
    expect: 304,
    revalidate: { etag: etags.trpc ?? '' },
  });

  // The host's drift over the run (it is shared): the same hello-world again, last.
  await run({
    key: 'helloLast',
    name: 'hello-world again, last (drift check)',
    url: `${ready.helloUrl}/`,
    pid: pids.hello,
    expect: 200,
  });

  // --- report ---
  const rps = (key: string) => rows.get(key)?.result.requests.average ?? Number.NaN;
  const hello = rps('hello');
  const pct = (ratio: number) => (Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)}%` : 'n/a');
  /** tRPC row -> its REST counterpart. */
  const restOf: Record<string, string> = {
    trpcUncached: 'restUncached',
    trpcRead: 'restRead',
    trpcCached: 'restCached',
    trpc304: 'rest304',
    trpc304Tracked: 'rest304Tracked',
  };

  console.log(
    `\n${ready.runtime}; ${CONNECTIONS} connections, ${DURATION} s per scenario (after a ${WARMUP_SECONDS} s warm-up); ` +
      `load average after ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
  );
  console.log(
    '| scenario | req/s (mean) | p50 ms | p99 ms | server CPU ms/req | errors | vs hello-world | tRPC/REST |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [key, { scenario, result, cpuMsPerRequest, errors, refreshes }] of rows) {
    const partner = restOf[key];
    const cells = [
      scenario.name,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      Number.isFinite(cpuMsPerRequest) ? cpuMsPerRequest.toFixed(3) : 'n/a',
      refreshes === undefined ? String(errors) : `${errors} (+${refreshes} 200 refreshes)`,
      key === 'hello' ? '' : pct(result.requests.average / hello),
      partner ? pct(result.requests.average / rps(partner)) : '',
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }

  const verdict = (value: string, met: boolean, target: string) =>
    `${value} (target ${target}: ${met ? 'met' : 'MISSED'})`;
  const ratioVerdict = (ratio: number, target: number) =>
    verdict(pct(ratio), ratio >= target, `>= ${target * 100}%`);
  const OLD_UNCACHED_RPS = 1050;
  console.log('\nTargets:');
  console.log(
    `  uncached page, tRPC vs REST:      ${ratioVerdict(rps('trpcUncached') / rps('restUncached'), 0.85)}`,
  );
  console.log(`  course read, tRPC vs REST:        ${ratioVerdict(rps('trpcRead') / rps('restRead'), 0.85)}`);
  console.log(
    `  uncached page, REST req/s:        ${verdict(
      rps('restUncached').toFixed(0),
      rps('restUncached') >= OLD_UNCACHED_RPS,
      `>= ~${OLD_UNCACHED_RPS} (the fast path's figure)`,
    )}`,
  );
  console.log(`  cached page, REST vs hello-world: ${ratioVerdict(rps('restCached') / hello, 0.25)}`);
  console.log('Other ratios (no target; "vs hello-world" is against the first hello-world row):');
  console.log(`  cached page, tRPC vs REST:        ${pct(rps('trpcCached') / rps('restCached'))}`);
  for (const [label, suffix] of [
    ['one fixed ETag', ''],
    ['latest ETag', 'Tracked'],
  ] as const) {
    const restKey = `rest304${suffix}`;
    const trpcKey = `trpc304${suffix}`;
    console.log(
      `  304 (${label}): REST vs hello-world ${pct(rps(restKey) / hello)}, tRPC vs hello-world ` +
        `${pct(rps(trpcKey) / hello)}, tRPC vs REST ${pct(rps(trpcKey) / rps(restKey))}; ` +
        `share of answers that were 304: REST ${pct(share304(restKey))}, tRPC ${pct(share304(trpcKey))}`,
    );
  }
  const failed = [...rows.values()].filter((row) => row.errors > 0);
  function share304(key: string): number {
    const row = rows.get(key);
    if (!row) return Number.NaN;
    const answers = Object.values(row.result.statusCodeStats ?? {}).reduce(
      (sum, { count }) => sum + count,
      0,
    );
    return (row.result.statusCodeStats?.['304']?.count ?? 0) / answers;
  }
  console.log(
    failed.length === 0
      ? 'Errors: none (every answer had the expected status: 200, or 304 for the conditional GETs)'
      : `Errors in: ${failed.map((row) => `${row.scenario.name} (${row.errors}: ${JSON.stringify(row.unexpected)})`).join('; ')}`,
  );
}

// --- go -----------------------------------------------------------------------------------------------

const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (message) => resolve(message as Ready));
  child.once('exit', (code) => reject(new Error(`the bench target exited early (${code})`)));
});

try {
  await main(ready);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopTarget();
}
