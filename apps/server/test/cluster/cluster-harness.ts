/**
 * Starts a production-shaped cluster on loopback for the cluster tier: a fresh PostgreSQL database, two
 * processes of the built server bundle (`node dist/main.js`, rebuilt first when older than its sources)
 * sharing that database, one media directory and one JWT secret, and HAProxy in front of them
 * (haproxy.cfg.template). `stop()` kills every process it started and drops the database; a process exit
 * handler kills them too if the test run dies first.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@lectio/db';
import { sql } from 'drizzle-orm';
import { freePort } from '../helpers/free-port';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(serverDir, '../..');
const bundle = path.join(serverDir, 'dist/main.js');
const templateFile = path.join(serverDir, 'test/cluster/haproxy.cfg.template');

export type InstanceName = 'a' | 'b';
export const INSTANCE_NAMES: readonly InstanceName[] = ['a', 'b'];

export interface Instance {
  name: InstanceName;
  port: number;
  /** http://127.0.0.1:<port>: the instance itself, bypassing the balancer. */
  url: string;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
}

export interface ClusterOptions {
  /** Environment for both instances on top of the production settings below. */
  env?: Record<string, string>;
  /** HAProxy's health-check interval in ms. */
  checkIntervalMs?: number;
}

export interface Cluster {
  /** HAProxy's frontend: what clients use. */
  url: string;
  instances: Record<InstanceName, Instance>;
  databaseName: string;
  dataDir: string;
  /** The secret both instances share. */
  jwtSecret: string;
  checkIntervalMs: number;
  /** How long the build check (and build, if stale), the database and each start took. */
  timings: Record<string, number>;
  /**
   * SIGKILL: no shutdown hook runs, the kernel resets its connections. Resolves with performance.now()
   * when the process is known dead (its exit was reaped).
   */
  kill(name: InstanceName): Promise<number>;
  /** SIGTERM: the server's own shutdown (main.ts). Resolves with performance.now() when it has exited. */
  terminate(name: InstanceName): Promise<number>;
  /** Starts a killed instance again on its port and waits until it answers /api/v1/health. */
  restart(name: InstanceName): Promise<void>;
  /** HAProxy's view of each server: 'UP', 'DOWN', 'UP 1/2' (going down), 'DOWN 1/2' (coming up)... */
  serverStates(): Promise<Record<InstanceName, string>>;
  /** Resolves when HAProxy reports `name` in `state` (exactly), with the time it took. */
  waitForState(name: InstanceName, state: string, timeoutMs?: number): Promise<number>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHandlerInstalled = false;

function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true;
    // Last resort if the test run ends without afterAll (a crash, a timeout): no orphans on the ports.
    process.once('exit', () => {
      for (const child of running) child.kill('SIGKILL');
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newestMtime(target: string): number {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds dist/main.js with the package's own build script when it is missing or older than anything it
 * is built from, so the tier always runs the code in the tree. Returns whether it built.
 */
export function ensureServerBuild(): boolean {
  const sources = [
    path.join(serverDir, 'src'),
    path.join(serverDir, 'scripts/build.mjs'),
    path.join(repoRoot, 'packages/contracts/src'),
    path.join(repoRoot, 'packages/db/src'),
    path.join(repoRoot, 'packages/db/migrations'),
  ];
  let built = 0;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    // No bundle yet.
  }
  if (built > 0 && sources.every((source) => newestMtime(source) < built)) return false;
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`the server build failed (node scripts/build.mjs):\n${result.stdout}\n${result.stderr}`);
  return true;
}

/** Fails with the install command when HAProxy isn't there: the tier can't run without it. */
function haproxyBinary(): string {
  for (const candidate of [process.env.HAPROXY_BIN, '/usr/sbin/haproxy', 'haproxy']) {
    if (!candidate) continue;
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  throw new Error(
    'HAProxy is required for the cluster tier: apt-get install -y haproxy (or set HAPROXY_BIN)',
  );
}

/** The template with its {{NAME}} placeholders filled; an unknown or unfilled placeholder is an error. */
export function renderHaproxyConfig(values: Record<string, string>): string {
  const rendered = readFileSync(templateFile, 'utf8').replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`haproxy.cfg.template: no value for {{${key}}}`);
    return value;
  });
  return rendered;
}

function capture(child: ChildProcess): () => string {
  let text = '';
  const append = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    if (text.length > 200_000) text = text.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => text;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends `signal` and resolves with performance.now() once the process has exited. */
function signal(child: ChildProcess, name: NodeJS.Signals): Promise<number> {
  const gone = new Promise<number>((resolve) => child.once('exit', () => resolve(performance.now())));
  child.kill(name);
  return gone;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the instance at ${url} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`the instance at ${url} did not become healthy in ${timeoutMs} ms:\n${output()}`);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const timings: Record<string, number> = {};
  const children: ChildProcess[] = [];
  let databaseName = '';
  const adminUrl =
    process.env.CLUSTER_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const workDir = mkdtempSync(path.join(tmpdir(), 'lectio-cluster-'));

  const stop = async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    if (databaseName) {
      const admin = await createDb({ url: adminUrl, maxConnections: 1 });
      try {
        await admin.db.execute(sql.raw(`drop database if exists "${databaseName}" with (force)`));
      } finally {
        await admin.close();
      }
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const haproxy = haproxyBinary();
    let started = performance.now();
    const rebuilt = ensureServerBuild();
    timings[rebuilt ? 'buildMs' : 'buildCheckMs'] = Math.round(performance.now() - started);

    started = performance.now();
    databaseName = `lectio_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = await createDb({ url: adminUrl, maxConnections: 1 });
    try {
      await admin.db.execute(sql.raw(`create database "${databaseName}"`));
    } finally {
      await admin.close();
    }
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${databaseName}`;
    timings.createDatabaseMs = Math.round(performance.now() - started);

    const [portA, portB, frontendPort, statsPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    if (!portA || !portB || !frontendPort || !statsPort) throw new Error('no free ports');
    const url = `http://127.0.0.1:${frontendPort}`;
    const dataDir = path.join(workDir, 'data');
    const jwtSecret = randomBytes(48).toString('base64url');
    const checkIntervalMs = options.checkIntervalMs ?? 1000;

    // Production settings, the same for both: only PORT differs.
    const environment = (port: number): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: workDir,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl.toString(),
      // One storage: the local driver under DATA_DIR/media, one directory for both.
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      PUBLIC_URL: url,
      ALLOW_INSECURE_HTTP: 'true',
      PAYMENT_PROVIDER: 'test',
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    });

    const instances = {} as Record<InstanceName, Instance>;
    const processes = {} as Record<InstanceName, ChildProcess>;
    const spawnInstance = (name: InstanceName, port: number) => {
      const child = spawn(process.execPath, [bundle], {
        cwd: serverDir,
        env: environment(port),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      track(child);
      children.push(child);
      processes[name] = child;
      const output = capture(child);
      instances[name] = { name, port, url: `http://127.0.0.1:${port}`, output };
      return { child, output };
    };

    // Both at once on the empty database, as an orchestrator starts replicas: they race to migrate it.
    started = performance.now();
    await Promise.all(
      (
        [
          ['a', portA],
          ['b', portB],
        ] as const
      ).map(async ([name, port]) => {
        const { child, output } = spawnInstance(name, port);
        await waitForHealth(`http://127.0.0.1:${port}`, child, output);
        timings[`start${name.toUpperCase()}Ms`] = Math.round(performance.now() - started);
      }),
    );

    const configFile = path.join(workDir, 'haproxy.cfg');
    writeFileSync(
      configFile,
      renderHaproxyConfig({
        FRONTEND_BIND: `127.0.0.1:${frontendPort}`,
        STATS_BIND: `127.0.0.1:${statsPort}`,
        CHECK_INTERVAL: `${checkIntervalMs}ms`,
        SERVER_A: `127.0.0.1:${portA}`,
        SERVER_B: `127.0.0.1:${portB}`,
      }),
    );
    const balancer = spawn(haproxy, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    track(balancer);
    children.push(balancer);
    const balancerOutput = capture(balancer);

    const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
    const serverStates = async (): Promise<Record<InstanceName, string>> => {
      const csv = await (await fetch(statsUrl, { signal: AbortSignal.timeout(2000) })).text();
      const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
      const columns = header?.split(',') ?? [];
      const at = (name: string) => columns.indexOf(name);
      const states = {} as Record<InstanceName, string>;
      for (const row of rows) {
        const cells = row.split(',');
        const server = cells[at('svname')] as InstanceName;
        if (cells[at('pxname')] === 'lectio' && INSTANCE_NAMES.includes(server))
          states[server] = cells[at('status')] ?? '';
      }
      return states;
    };
    const waitForState = async (name: InstanceName, state: string, timeoutMs = 30_000) => {
      const begun = performance.now();
      for (;;) {
        if (balancer.exitCode !== null) throw new Error(`HAProxy exited:\n${balancerOutput()}`);
        try {
          if ((await serverStates())[name] === state) return performance.now() - begun;
        } catch {
          // Stats listener not up yet.
        }
        if (performance.now() - begun > timeoutMs)
          throw new Error(
            `HAProxy did not report ${name} ${state} within ${timeoutMs} ms:\n${balancerOutput()}`,
          );
        await sleep(50);
      }
    };
    started = performance.now();
    await Promise.all(INSTANCE_NAMES.map((name) => waitForState(name, 'UP')));
    timings.balancerUpMs = Math.round(performance.now() - started);

    return {
      url,
      instances,
      databaseName,
      dataDir,
      jwtSecret,
      checkIntervalMs,
      timings,
      kill: (name) => signal(processes[name], 'SIGKILL'),
      terminate: (name) => signal(processes[name], 'SIGTERM'),
      restart: async (name) => {
        await exited(processes[name]);
        const { child, output } = spawnInstance(name, instances[name].port);
        await waitForHealth(instances[name].url, child, output);
      },
      serverStates,
      waitForState,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
