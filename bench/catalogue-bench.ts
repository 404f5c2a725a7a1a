/**
 * Catalogue benchmark: the public course list over REST and tRPC against a plain Fastify hello-world, on
 * a catalogue of 10,000 courses. The servers run in a child process (catalogue-target.ts: seeds with bulk
 * inserts, prints the list query's plan, serves the real app and the hello-world on loopback); this
 * process only generates load with autocannon, so the two don't share an event loop.
 *   pnpm --filter @lectio/bench bench:catalogue              (PGlite in memory)
 *   DATABASE_URL=postgres://... pnpm --filter @lectio/bench bench:catalogue
 * BENCH_DURATION (seconds per scenario, default 10), BENCH_CONNECTIONS (default 50), BENCH_COURSES.
 * BENCH_CPU_PROFILE=<dir> also writes a V8 CPU profile of the server per scenario (<dir>/<n>.cpuprofile,
 * open in Chrome DevTools); profiling slows the server, so figures from such a run are not comparable.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

type Result = Awaited<ReturnType<typeof autocannon>>;

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 3;

interface Ready {
  type: 'ready';
  appUrl: string;
  uncachedUrl: string;
  cacheSeconds: number;
  helloUrl: string;
  driver: string;
  seed: { courses: number; published: number; lectures: number; enrollments: number; seconds: number };
  deepCursor?: string;
  explainFirst: string;
  explainDeep: string;
}

const child = fork(fileURLToPath(new URL('./catalogue-target.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
  // As the production server runs (Dockerfile, `pnpm start`): tRPC reads NODE_ENV when its routers load
  // (output validation off, internals hidden), so the app's config alone is not enough.
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (message) => resolve(message as Ready));
  child.once('exit', (code) => reject(new Error(`the bench target exited early (${code})`)));
});

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

const listInput = encodeURIComponent(JSON.stringify({ limit: 12 }));
const cached = `cache ${ready.cacheSeconds} s`;
const scenarios = [
  { name: 'hello-world (plain Fastify)', url: `${ready.helloUrl}/` },
  { name: `REST GET /api/v1/courses?limit=12 (${cached})`, url: `${ready.appUrl}/api/v1/courses?limit=12` },
  {
    name: `tRPC GET /trpc/courses.list (${cached})`,
    url: `${ready.appUrl}/trpc/courses.list?input=${listInput}`,
  },
  {
    name: 'REST GET /api/v1/courses?limit=12 (no cache)',
    url: `${ready.uncachedUrl}/api/v1/courses?limit=12`,
  },
  {
    name: 'tRPC GET /trpc/courses.list (no cache)',
    url: `${ready.uncachedUrl}/trpc/courses.list?input=${listInput}`,
  },
  ...(ready.deepCursor
    ? [
        {
          name: 'REST, a page 8,000 courses deep (no cache)',
          url: `${ready.uncachedUrl}/api/v1/courses?limit=12&cursor=${ready.deepCursor}`,
        },
      ]
    : []),
];

/** The server process's CPU time so far, in ms (user + system). */
function serverCpuMs(): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string; usage?: NodeJS.CpuUsage }) => {
      if (message?.type !== 'cpu' || !message.usage) return;
      child.off('message', onMessage);
      resolve((message.usage.user + message.usage.system) / 1000);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;

/** Starts (name undefined) or stops and saves (name given) the server's CPU profile; resolves when done. */
function serverProfile(name?: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string; file?: string }) => {
      if (message?.type !== 'profile') return;
      child.off('message', onMessage);
      if (message.file) console.log(`CPU profile: ${message.file}`);
      resolve();
    };
    child.on('message', onMessage);
    child.send({ type: 'profile', dir: PROFILE_DIR, name });
  });
}

interface Row {
  name: string;
  result: Result;
  /** Server-process CPU per request (ms); the database's own CPU is not included. */
  cpuMsPerRequest: number;
}
const rows: Row[] = [];
for (const scenario of scenarios) {
  await autocannon({ url: scenario.url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  if (PROFILE_DIR) await serverProfile();
  const cpuBefore = await serverCpuMs();
  const result = await autocannon({ url: scenario.url, connections: CONNECTIONS, duration: DURATION });
  const cpuMsPerRequest = (await serverCpuMs()) - cpuBefore;
  if (PROFILE_DIR) await serverProfile(`${rows.length + 1}-${scenario.name.replace(/[^A-Za-z0-9]+/g, '-')}`);
  rows.push({
    name: scenario.name,
    result,
    cpuMsPerRequest: cpuMsPerRequest / Math.max(1, result.requests.total),
  });
  if (result.non2xx || result.errors || result.timeouts) {
    console.warn(
      `${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
}

child.send({ type: 'stop' });

const rps = (index: number) => rows[index]?.result.requests.average ?? 0;
console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s per scenario (after a ${WARMUP_SECONDS} s warm-up)\n`,
);
console.log('| scenario | req/s | p50 ms | p97.5 ms | p99 ms | server CPU ms/req | non-2xx |');
console.log('|---|---|---|---|---|---|---|');
for (const { name, result, cpuMsPerRequest } of rows) {
  console.log(
    `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${cpuMsPerRequest.toFixed(3)} | ${result.non2xx + result.errors} |`,
  );
}
const verdict = (ratio: number, target: number) =>
  `${(ratio * 100).toFixed(1)}% (target >= ${target * 100}%: ${ratio >= target ? 'met' : 'MISSED'})`;
const hello = rps(0);
console.log(`\nWith the default cache (${cached}):`);
console.log(`  REST vs hello-world: ${verdict(rps(1) / hello, 0.25)}`);
console.log(`  tRPC vs REST:        ${verdict(rps(2) / rps(1), 0.8)}`);
console.log('With the cache off (every page computed):');
console.log(`  REST vs hello-world: ${verdict(rps(3) / hello, 0.25)}`);
console.log(`  tRPC vs REST:        ${verdict(rps(4) / rps(3), 0.8)}`);
