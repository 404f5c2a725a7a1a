/**
 * Lighthouse on the production build (issue 6): `/` and `/courses`, Lighthouse 12's default (mobile)
 * preset: a Moto G Power-sized screen, simulated slow 4G and 4x CPU slowdown. A measurement, not a CI gate;
 * the figures are in bench/README.md ("Lighthouse").
 *
 *   pnpm --filter @lectio/bench bench:lighthouse                     builds the web app, boots the server
 *   pnpm --filter @lectio/bench bench:lighthouse --url=http://127.0.0.1:3000      an already running server
 *
 * Without --url it does what the e2e runner does, apart from where the build goes: it builds the web app
 * into a temporary directory (apps/web/dist, which the e2e runs share, is left alone; set
 * BENCH_BUILD_LOCK=/tmp/lectio-e2e.lock to run the build under `flock` with them), then starts
 * apps/server/src/main.ts in production mode on a free port with a fresh temporary DATA_DIR (embedded
 * PGlite, demo seed) serving that build. BENCH_LIGHTHOUSE_SKIP_BUILD=1 serves apps/web/dist as it is.
 * Each page is measured BENCH_LIGHTHOUSE_RUNS times (default 5) in a fresh headless Chromium
 * (/usr/bin/chromium or CHROMIUM_PATH); the run with the median performance score is printed, with every
 * run's performance score; a run that fails inside Lighthouse (NO_NAVSTART and the like, seen under load)
 * is tried again in a new browser, up to three times. BENCH_LIGHTHOUSE_PAGES=/courses measures a subset
 * (comma-separated paths). JSON reports go to bench/.lighthouse/.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(repoRoot, 'bench', '.lighthouse');
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/courses'];
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// STACK-NOTES: the flags Chromium needs on these machines, plus headless.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

interface LaunchedChrome {
  port: number;
  kill(): Promise<void> | void;
}
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[]; logLevel?: string }): Promise<LaunchedChrome>;
}

/** chrome-launcher is Lighthouse's own dependency; resolving it through Lighthouse keeps the versions paired. */
async function loadChromeLauncher(): Promise<ChromeLauncher> {
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'));
  const module = (await import(
    pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href
  )) as ChromeLauncher & {
    default?: ChromeLauncher;
  };
  return typeof module.launch === 'function' ? module : (module.default as ChromeLauncher);
}

function argument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the server did not become healthy in 90 s');
}

/** Builds the web app and starts the production server; returns its URL and a stop function. */
async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-lighthouse-'));
  let webDist = path.join(repoRoot, 'apps/web/dist');
  if (process.env.BENCH_LIGHTHOUSE_SKIP_BUILD !== '1') {
    webDist = path.join(dataDir, 'web-dist');
    const build = ['pnpm', '--filter', '@lectio/web', 'exec', 'vite', 'build', '--configLoader', 'runner'];
    build.push('--outDir', webDist);
    const lock = process.env.BENCH_BUILD_LOCK;
    const command = lock ? ['flock', lock, ...build] : build;
    console.log(`building the web app: ${command.join(' ')}`);
    const result = spawnSync(command[0] as string, command.slice(1), { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`web build failed (exit ${result.status})`);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      WEB_DIST_DIR: webDist,
      SEED_DEMO: 'true',
      // Production refuses test payments and plain http unless asked for explicitly (config.ts).
      PAYMENT_PROVIDER: 'test',
      ALLOW_INSECURE_HTTP: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(base, child);
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Measurement {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<(typeof METRICS)[number][0], string>;
  failedAudits: string[];
}

/** Lighthouse's own trace failures (NO_NAVSTART, NO_FCP...) that a fresh browser usually doesn't repeat. */
const ATTEMPTS_PER_RUN = 3;

async function measureWithRetry(launcher: ChromeLauncher, url: string, label: string): Promise<Measurement> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(launcher, url, label);
    } catch (error) {
      if (attempt >= ATTEMPTS_PER_RUN) throw error;
      console.log(`${label}: ${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

async function measure(launcher: ChromeLauncher, url: string, label: string): Promise<Measurement> {
  const chrome = await launcher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, '.gitignore'), '*\n');
    writeFileSync(path.join(reportDir, `${label}.json`), JSON.stringify(lhr));
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Measurement['scores'];
    const metrics = Object.fromEntries(
      METRICS.map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? 'n/a']),
    ) as Measurement['metrics'];
    const failedAudits = Object.values(lhr.categories)
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
      .map((audit) => `${audit?.id} (${audit?.score})`);
    return { page: new URL(url).pathname, scores, metrics, failedAudits: [...new Set(failedAudits)] };
  } finally {
    await chrome.kill();
  }
}

async function main(): Promise<void> {
  const given = argument('url')?.replace(/\/$/, '');
  const server = given ? { base: given, stop: async () => {} } : await startServer();
  const launcher = await loadChromeLauncher();
  const rows: string[] = [];
  try {
    for (const pagePath of PAGES) {
      const runs: Measurement[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const label = `${pagePath === '/' ? 'home' : pagePath.replace(/\W+/g, '')}-${run}`;
        const measurement = await measureWithRetry(launcher, `${server.base}${pagePath}`, label);
        console.log(`${pagePath} run ${run}: ${JSON.stringify(measurement.scores)}`);
        runs.push(measurement);
      }
      const sorted = runs.toSorted((a, b) => a.scores.performance - b.scores.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] as Measurement;
      const { scores, metrics } = median;
      rows.push(
        `| \`${pagePath}\` | ${scores.performance} (${runs.map((run) => run.scores.performance).join(', ')}) | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${metrics.FCP} | ${metrics.LCP} | ${metrics.TBT} | ${metrics.CLS} | ${metrics.SI} |`,
      );
      if (median.failedAudits.length > 0) {
        console.log(`${pagePath}: audits below 0.9 in the median run: ${median.failedAudits.join(', ')}`);
      }
    }
  } finally {
    await server.stop();
  }
  console.log(`\nLighthouse ${RUNS} run(s) per page, mobile preset (median run by performance):\n`);
  console.log(
    '| page | performance (runs) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | SI |',
  );
  console.log(
    '| ---- | ------------------ | ------------- | -------------- | --- | --- | --- | --- | --- | -- |',
  );
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
