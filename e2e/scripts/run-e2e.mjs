#!/usr/bin/env node
/**
 * Runs the Playwright suite against the production build:
 *   1. finds a Chromium (CHROMIUM_PATH, Debian's headless shell or full chromium, Playwright's own;
 *      installs Debian's headless shell with apt-get when none exists and we are root),
 *   2. builds the web app and the server bundle (`pnpm --filter @lectio/web --filter @lectio/server build`),
 *   3. starts one server per Playwright worker as production runs it (`node apps/server/dist/main.js`,
 *      NODE_ENV=production), each on a free port with a fresh temporary DATA_DIR, so the embedded PGlite
 *      database and the demo seed are what gets tested and workers never share data,
 *   4. waits for GET /api/v1/health on each, runs `playwright test` with E2E_SERVERS (JSON, read by
 *      e2e/test.ts and the config; extra CLI arguments are forwarded), then stops the servers and removes
 *      their data directories, also on failure and Ctrl-C.
 * Exits with Playwright's exit code.
 *
 * Knobs: E2E_WORKERS (how many workers and servers; default 2 on a machine with 2 or more cores, 1 when
 * a single spec file is named), E2E_BASE_URL (test an already running server: one worker, no build, no
 * server), E2E_SKIP_BUILD=1 (reuse
 * apps/web/dist and apps/server/dist), E2E_SERVER_ENTRY (server entry file, default
 * apps/server/dist/main.js; a .ts entry such as apps/server/src/main.ts runs from source under tsx),
 * E2E_HEALTH_TIMEOUT_MS (default 90000), E2E_SERVER_LOG=1 (stream server output while tests run).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PACKAGE, DEBIAN_CHROMIUMS } from '../chromium-paths.mjs';

const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = resolve(E2E_DIR, '..');
const RESULTS_DIR = join(E2E_DIR, 'test-results');
/** The first server's log is server.log, the others' server-<n>.log. */
const serverLog = (index) => join(RESULTS_DIR, index === 0 ? 'server.log' : `server-${index}.log`);
const NO_CHROMIUM = `No Chromium found: install Debian's (apt-get install -y ${CHROMIUM_PACKAGE}) or set CHROMIUM_PATH`;
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS ?? 90_000);
const require = createRequire(join(E2E_DIR, 'package.json'));

/**
 * The servers started, one per worker; `tail` is its output kept in memory for a failure message (the
 * full log is in its log file).
 * @type {{ child: import('node:child_process').ChildProcess, dataDir: string, baseUrl: string, tail: string }[]}
 */
const servers = [];
/** @type {import('node:child_process').ChildProcess | null} */
let playwright = null;

function log(message) {
  console.log(`[e2e] ${message}`);
}

/** Prints the reason and exits; the 'exit' handler stops the server and removes its data directory. */
function fail(message, code = 1) {
  console.error(`[e2e] ${message}`);
  process.exit(code);
}

// ---------------------------------------------------------------------------------------------------
// Chromium

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function playwrightBundledChromium() {
  try {
    const { chromium } = require('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * Returns the path to launch, or '' for Playwright's own browser. The config applies the same order;
 * we export CHROMIUM_PATH so both always agree.
 */
function resolveChromium() {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!existsSync(fromEnv)) fail(`CHROMIUM_PATH=${fromEnv} does not exist. ${NO_CHROMIUM}`);
    return fromEnv;
  }
  const debian = () => DEBIAN_CHROMIUMS.find((path) => existsSync(path));
  const installed = debian();
  if (installed) return installed;
  if (playwrightBundledChromium()) return '';
  if (isRoot() && commandExists('apt-get')) {
    log(`no Chromium found; installing Debian's ${CHROMIUM_PACKAGE} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', CHROMIUM_PACKAGE], { stdio: 'inherit', env })
        : update;
    const fresh = install.status === 0 ? debian() : undefined;
    if (fresh) return fresh;
  }
  console.error(NO_CHROMIUM);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------
// Build and server

function buildApps() {
  log('building the web app and the server (pnpm --filter @lectio/web --filter @lectio/server build)');
  const result = spawnSync('pnpm', ['--filter', '@lectio/web', '--filter', '@lectio/server', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (result.error) fail(`could not run pnpm: ${result.error.message}`);
  if (result.status !== 0) fail(`build failed (exit ${result.status})`);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function tsxBinary() {
  const candidates = [
    join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    join(REPO_ROOT, 'apps', 'server', 'node_modules', '.bin', 'tsx'),
  ];
  return candidates.find((candidate) => existsSync(candidate)) ?? 'tsx';
}

function startServer(index, port, baseUrl) {
  const entry = process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.js';
  if (!existsSync(resolve(REPO_ROOT, entry)))
    fail(`server entry ${entry} does not exist yet (build it: pnpm --filter @lectio/server build)`);

  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-e2e-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    WEB_DIST_DIR: join(REPO_ROOT, 'apps', 'web', 'dist'),
    // The specs sign in with the seeded demo accounts, which production never seeds unless asked.
    SEED_DEMO: 'true',
    // The specs buy courses with test cards, over plain http on loopback: both refused in production
    // unless asked for explicitly (apps/server/src/config.ts).
    PAYMENT_PROVIDER: 'test',
    ALLOW_INSECURE_HTTP: 'true',
    // Every spec runs from 127.0.0.1 and signs up, signs in and reloads far more often than one person
    // would: the per-address limits would count the whole suite as one client (docs/decisions/0031).
    RATE_LIMIT_GLOBAL_MAX: '0',
    RATE_LIMIT_SIGNUP_MAX: '0',
    RATE_LIMIT_REFRESH_MAX: '0',
  };
  // The embedded PGlite default is what the suite tests; never a database from the caller's shell.
  delete env.DATABASE_URL;

  mkdirSync(RESULTS_DIR, { recursive: true });
  const logPath = serverLog(index);
  const logFile = createWriteStream(logPath);
  const streamLog = process.env.E2E_SERVER_LOG === '1';
  log(`starting server ${index + 1} on ${baseUrl} (DATA_DIR=${dataDir}, log: ${logPath})`);
  // The bundle runs on node itself; a TypeScript entry under tsx.
  const [command, args] = entry.endsWith('.ts') ? [tsxBinary(), [entry]] : [process.execPath, [entry]];
  // Own process group (detached), so stopping it also stops the node process tsx spawns.
  const child = spawn(command, args, { cwd: REPO_ROOT, env, detached: true, stdio: 'pipe' });
  const server = { child, dataDir, baseUrl, tail: '' };
  servers.push(server);
  const onOutput = (chunk) => {
    logFile.write(chunk);
    server.tail = (server.tail + chunk.toString()).slice(-20_000);
    if (streamLog) process.stdout.write(chunk);
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  child.on('exit', () => logFile.end());
  return server;
}

async function waitForHealth(server) {
  const { baseUrl, child } = server;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = signal ?? `exit code ${code}`;
  });
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      const body = await response.json().catch(() => null);
      if (response.ok && body?.status === 'ok') return;
      lastProblem = `HTTP ${response.status} ${JSON.stringify(body)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? (error.cause?.code ?? error.message) : String(error);
    }
    await new Promise((wake) => setTimeout(wake, 300));
  }
  const reason = exited
    ? `the server exited (${exited}) before it was healthy`
    : `the server was not healthy after ${HEALTH_TIMEOUT_MS / 1000} s (last: ${lastProblem})`;
  console.error(`[e2e] ${baseUrl}: ${reason}. Server output:\n${server.tail || '(none)'}`);
  fail(reason);
}

function serverGroupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to a server's process group, up to 5 s to finish (PGlite closes cleanly), then SIGKILL. */
async function stopServer(child) {
  const pid = child.pid;
  if (!pid || !serverGroupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (serverGroupAlive(pid) && Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, 100));
  }
  if (serverGroupAlive(pid)) process.kill(-pid, 'SIGKILL');
}

function running(child) {
  return Boolean(child && child.exitCode === null && child.signalCode === null);
}

/** Lets Playwright close its browsers (Ctrl-C reaches it too), at most 10 s. */
async function stopPlaywright() {
  if (!running(playwright)) return;
  const exited = new Promise((resolveExit) => playwright?.once('exit', resolveExit));
  playwright?.kill('SIGINT');
  await Promise.race([exited, new Promise((wake) => setTimeout(wake, 10_000))]);
}

/** Last resort for exits that can't wait (the 'exit' event, a failure before the tests ran). */
function cleanupNow() {
  if (running(playwright)) playwright?.kill('SIGKILL');
  for (const { child, dataDir } of servers) {
    if (child.pid && serverGroupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** @type {Promise<void> | null} */
let cleanupPromise = null;
function cleanUp() {
  cleanupPromise ??= (async () => {
    await stopPlaywright();
    await Promise.all(servers.map(({ child }) => stopServer(child)));
    for (const { dataDir } of servers) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleanupPromise;
}

process.on('exit', cleanupNow);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    log(`${signal}: stopping the server and removing its data directory`);
    cleanUp().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------------------------------------------
// Main

/**
 * A --reporter on the command line replaces the config's reporters; keep the JSON one alongside so
 * scripts/test-summary.mjs still finds this run's results.
 */
function keepJsonReporter(args) {
  return args.flatMap((arg, index) => {
    if (arg.startsWith('--reporter=') && !arg.split('=')[1]?.split(',').includes('json')) {
      return [`${arg},json`];
    }
    if (arg === '--reporter' && args[index + 1] && !args[index + 1]?.split(',').includes('json')) {
      args[index + 1] = `${args[index + 1]},json`;
    }
    return [arg];
  });
}

/**
 * How many workers (each with its own server): E2E_WORKERS, else 2 where the machine has two or more
 * cores (the browser, the server and the test runner of one worker leave a core idle much of the time,
 * waiting on each other), but 1 when the arguments name a single spec file, which one worker runs anyway.
 */
function workerCount(args) {
  const asked = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  const files = args.filter((arg) => !arg.startsWith('-') && /\.spec\.ts(:\d+)*$/.test(arg));
  if (files.length === 1) return 1;
  return Math.min(2, availableParallelism());
}

async function main() {
  const extraArgs = keepJsonReporter(process.argv.slice(2));
  const chromiumPath = resolveChromium();
  log(`Chromium: ${chromiumPath || "Playwright's own"}`);

  // A stale report must never be mistaken for this run's (scripts/test-summary.mjs reads it).
  rmSync(join(RESULTS_DIR, 'results.json'), { force: true });

  const cli = require.resolve('@playwright/test/cli');
  const env = {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: join(RESULTS_DIR, 'results.json'),
  };
  if (chromiumPath) env.CHROMIUM_PATH = chromiumPath;
  const baseUrl = process.env.E2E_BASE_URL?.replace(/\/$/, '');
  if (baseUrl) {
    log(`E2E_BASE_URL is set: testing ${baseUrl} (one worker, no build, no server)`);
    env.E2E_BASE_URL = baseUrl;
    delete env.E2E_SERVERS;
  } else {
    if (process.env.E2E_SKIP_BUILD === '1')
      log('E2E_SKIP_BUILD=1: using the existing apps/web/dist and apps/server/dist');
    else buildApps();
    const count = workerCount(extraArgs);
    const started = Date.now();
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      startServer(index, port, `http://127.0.0.1:${port}`);
    }
    await Promise.all(servers.map((server) => waitForHealth(server)));
    log(`${count} server(s) healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The servers' mail files (no SMTP: each message is written there), which are the operator's to read:
    // the account specs take reset and verification links from them, as an operator would.
    env.E2E_SERVERS = JSON.stringify(
      servers.map((server) => ({ baseUrl: server.baseUrl, mailDir: join(server.dataDir, 'mail') })),
    );
    env.E2E_BASE_URL = servers[0]?.baseUrl ?? '';
  }

  log(`playwright test ${extraArgs.join(' ')}`.trimEnd());
  playwright = spawn(process.execPath, [cli, 'test', ...extraArgs], { cwd: E2E_DIR, env, stdio: 'inherit' });
  const code = await new Promise((resolveCode) => {
    playwright?.on('exit', (exitCode, signal) => resolveCode(exitCode ?? (signal ? 1 : 0)));
    playwright?.on('error', (error) => {
      console.error(`[e2e] could not start Playwright: ${error.message}`);
      resolveCode(1);
    });
  });
  await cleanUp();
  process.exit(code);
}

main().catch((error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
