/**
 * Server start-up benchmark: the production bundle (`node apps/server/dist/main.js`, built first with
 * apps/server/scripts/build.mjs) against the server run from TypeScript source (`tsx apps/server/src/main.ts`,
 * how production ran before the bundle).
 *
 * Each run spawns the server with NODE_ENV=production on the embedded PGlite defaults with a fresh
 * temporary DATA_DIR (so every start migrates an empty database and seeds the demo data), and measures:
 *   - start-up: from spawn until GET /api/v1/health answers 200 (polled every 25 ms),
 *   - RSS once settled after start-up, and again after BENCH_START_REQUESTS (default 200) GET
 *     /api/v1/courses (4 in flight): of the server process itself (/proc/<pid>/status VmRSS) and of its
 *     whole process tree (tsx's CLI runs the server in a child node process, which starts esbuild's
 *     service process to compile the sources). Each is taken once settled (sampled every 250 ms until
 *     it moved less than 2 MB over 2 s, at most 30 s) as it is, then again after a full garbage
 *     collection: start-up leaves ~350 MB of garbage (the memory of the WebAssembly instance PGlite
 *     runs initdb in) that only a major GC frees, and when that happens varies from run to run (tsx's
 *     compiling allocates more, so it tends to come sooner), so RSS as it is comes out bimodal. The
 *     collection is triggered with SIGUSR2 through a preload (NODE_OPTIONS=--import of a data: URL,
 *     the same for both) that exposes gc() and calls it on that signal.
 * BENCH_START_RUNS runs of each (default 5), interleaved (built, tsx, then tsx, built, ...) after one
 * uncounted warm-up run of each (tsx keeps its compile cache on disk between runs, as a production host
 * does between restarts). Prints the medians and the ratio built/tsx.
 *   pnpm --filter @lectio/bench bench:start
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';
import { measureRequests } from './request-loop';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const REQUESTS = Number(process.env.BENCH_START_REQUESTS ?? 200);
const HEALTH_TIMEOUT_MS = 120_000;
const SETTLE_SAMPLE_MS = 250;
const SETTLE_WINDOW = 8;
const SETTLE_TOLERANCE = 2 * 1024 * 1024;
const SETTLE_MAX_MS = 30_000;
const MB = 1024 * 1024;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function tsxCli(): string {
  const manifestPath = require.resolve('tsx/package.json');
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  return path.join(path.dirname(manifestPath), typeof bin === 'string' ? bin : (bin.tsx ?? ''));
}

interface Variant {
  name: 'built' | 'tsx';
  args: string[];
}

const VARIANTS: Variant[] = [
  { name: 'built', args: [path.join(repoRoot, 'apps/server/dist/main.js')] },
  { name: 'tsx', args: [tsxCli(), path.join(repoRoot, 'apps/server/src/main.ts')] },
];

interface Memory {
  /** Server process, as it is. */
  rss: number;
  /** Server process, after a full GC. */
  rssGc: number;
  /** Whole process tree, after a full GC. */
  treeGc: number;
}

interface Sample {
  startupMs: number;
  start: Memory;
  after: Memory;
}

/** Preloaded into every node process of a run: a full GC on SIGUSR2. */
const GC_ON_SIGNAL = `data:text/javascript,${encodeURIComponent(
  "import { setFlagsFromString } from 'node:v8'; import { runInNewContext } from 'node:vm'; " +
    "setFlagsFromString('--expose-gc'); const gc = runInNewContext('gc'); process.on('SIGUSR2', () => gc());",
)}`;

function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** `pid` and every process below it (from /proc/<pid>/stat's parent field). */
function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Exited meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

function isNode(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] === process.execPath;
  } catch {
    return false;
  }
}

/** The server itself: under tsx's CLI, its node child; run directly, the spawned process. */
function serverPid(pid: number): number {
  return processTree(pid).slice(1).find(isNode) ?? pid;
}

function treeRss(pid: number): number {
  return processTree(pid).reduce((sum, member) => sum + rssBytes(member), 0);
}

/** The server's RSS once it has stopped moving (see the header). */
async function settledRss(server: number): Promise<number> {
  const window: number[] = [];
  const deadline = performance.now() + SETTLE_MAX_MS;
  for (;;) {
    window.push(rssBytes(server));
    if (window.length > SETTLE_WINDOW) window.shift();
    const settled =
      window.length === SETTLE_WINDOW && Math.max(...window) - Math.min(...window) < SETTLE_TOLERANCE;
    if (settled || performance.now() > deadline) return window.at(-1) ?? 0;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SAMPLE_MS));
  }
}

/** RSS as it is, then after a full GC in every node process of the tree (esbuild's service is not one). */
async function memory(server: number, root: number): Promise<Memory> {
  const rss = await settledRss(server);
  for (const pid of processTree(root).filter(isNode)) process.kill(pid, 'SIGUSR2');
  const rssGc = await settledRss(server);
  return { rss, rssGc, treeGc: treeRss(root) };
}

async function waitForHealth(base: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = performance.now() + HEALTH_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${stderr()}`,
      );
    try {
      const response = await fetch(`${base}/api/v1/health`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS / 1000} s:\n${stderr()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function run(variant: Variant): Promise<Sample> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-start-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Embedded PGlite under the fresh DATA_DIR: never a DATABASE_URL from the caller's shell.
  const { DATABASE_URL: _ignored, ...inheritedEnv } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, {
    cwd: repoRoot,
    env: {
      ...inheritedEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      // What `pnpm start` runs: the demo seed, test payments and plain http, each asked for explicitly.
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'test',
      ALLOW_INSECURE_HTTP: 'true',
      NODE_OPTIONS: [inheritedEnv.NODE_OPTIONS, `--import=${GC_ON_SIGNAL}`].filter(Boolean).join(' '),
    },
    // Own process group, so stopping it also stops tsx's child and esbuild's service.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-10_000);
  });
  try {
    await waitForHealth(base, child, () => stderr);
    const startupMs = performance.now() - started;
    const pid = child.pid ?? 0;
    const server = serverPid(pid);
    const start = await memory(server, pid);
    const loop = await measureRequests('courses', `${base}/api/v1/courses`, {}, REQUESTS, 4);
    if (loop.failures > 0) throw new Error(`${loop.failures} of ${REQUESTS} GET /api/v1/courses failed`);
    return { startupMs, start, after: await memory(server, pid) };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

console.log('building apps/server/dist (node apps/server/scripts/build.mjs)');
const build = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/scripts/build.mjs')], {
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error(`server build failed (exit ${build.status})`);

console.log('warm-up: one uncounted run of each');
for (const variant of VARIANTS) await run(variant);

const samples: Record<Variant['name'], Sample[]> = { built: [], tsx: [] };
for (let i = 0; i < RUNS; i++) {
  const order = i % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
  for (const variant of order) {
    const sample = await run(variant);
    samples[variant.name].push(sample);
    const mb = (bytes: number) => (bytes / MB).toFixed(0);
    console.log(
      `run ${i + 1} ${variant.name.padEnd(5)} start-up ${sample.startupMs.toFixed(0)} ms; RSS MB as is / after GC / tree after GC: ` +
        `start-up ${mb(sample.start.rss)} / ${mb(sample.start.rssGc)} / ${mb(sample.start.treeGc)}, ` +
        `after ${REQUESTS} requests ${mb(sample.after.rss)} / ${mb(sample.after.rssGc)} / ${mb(sample.after.treeGc)}`,
    );
  }
}

const rows: { label: string; pick: (sample: Sample) => number; unit: 'ms' | 'MB' }[] = [
  { label: 'start-up to healthy', pick: (s) => s.startupMs, unit: 'ms' },
  { label: 'RSS after start-up, server, as is', pick: (s) => s.start.rss, unit: 'MB' },
  { label: 'RSS after start-up, server, after GC', pick: (s) => s.start.rssGc, unit: 'MB' },
  { label: 'RSS after start-up, tree, after GC', pick: (s) => s.start.treeGc, unit: 'MB' },
  { label: `RSS after ${REQUESTS} GET /courses, server, as is`, pick: (s) => s.after.rss, unit: 'MB' },
  { label: `RSS after ${REQUESTS} GET /courses, server, after GC`, pick: (s) => s.after.rssGc, unit: 'MB' },
  { label: `RSS after ${REQUESTS} GET /courses, tree, after GC`, pick: (s) => s.after.treeGc, unit: 'MB' },
];
const format = (value: number, unit: 'ms' | 'MB') =>
  unit === 'ms' ? `${value.toFixed(0)} ms` : `${(value / MB).toFixed(1)} MB`;
const labelWidth = Math.max(...rows.map((row) => row.label.length));
console.log(`\nmedians of ${RUNS} runs each (PGlite, fresh DATA_DIR, demo seed, NODE_ENV=production)`);
console.log(
  `machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} (the runs share it with whatever else runs)`,
);
console.log(`${'metric'.padEnd(labelWidth)}  ${'built'.padStart(9)}  ${'tsx'.padStart(9)}  built/tsx`);
for (const row of rows) {
  const built = median(samples.built.map(row.pick));
  const tsx = median(samples.tsx.map(row.pick));
  console.log(
    `${row.label.padEnd(labelWidth)}  ${format(built, row.unit).padStart(9)}  ${format(tsx, row.unit).padStart(9)}  ${(built / tsx).toFixed(2).padStart(9)}`,
  );
}
