/**
 * The production server as it is deployed, for the chaos tier: the built bundle (`node dist/main.js`,
 * rebuilt first when older than its sources) in a process of its own, NODE_ENV=production, test-mode
 * payments, no demo data, under a supervisor as docker-compose runs it (`restart: unless-stopped`): when
 * the process exits, the same command is started again on the same port, data directory and JWT secret,
 * after 100 ms doubling to 1 s while it fails to start. Every exit is recorded (when, its code, its last
 * output, when the new process answered health 200) for the test to judge. CHAOS_SERVER_BUNDLE runs
 * another build of it instead, as is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FATAL_EXIT_MESSAGE } from '../../src/lib/fatal-errors';
import { ensureServerBuild } from '../cluster/cluster-harness';
import { freePort } from '../helpers/free-port';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const defaultBundle = path.join(serverDir, 'dist/main.js');

export interface Restart {
  /** performance.now() when the process exited, and when its successor first answered health 200 (null: not yet). */
  exitedAt: number;
  healthyAt: number | null;
  /** Its exit code or signal. */
  exit: number | string | null;
  /** Whether the process that exited had answered health 200 (a crash while serving, not a failed start). */
  wasServing: boolean;
  /** The last 5,000 characters it wrote. */
  output: string;
  /** Whether it wrote the fatal-error handler's line (src/lib/fatal-errors.ts) at any point. */
  loggedFatal: boolean;
}

export interface ServerProcess {
  url: string;
  /** Whether `node dist/main.js` built the bundle first (it was missing or stale). */
  rebuilt: boolean;
  /** Every exit of a server process so far (each restarted by the supervisor). */
  restarts(): Restart[];
  /** The stdout and stderr of every process so far (the last 200 KB). */
  output(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const running = new Set<ChildProcess>();
let exitHandlerInstalled = false;

export async function startServerProcess(options: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const bundle = process.env.CHAOS_SERVER_BUNDLE ?? defaultBundle;
  const rebuilt = bundle === defaultBundle && ensureServerBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectio-chaos-data-'));
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: dataDir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    PAYMENT_PROVIDER: 'test',
    ALLOW_INSECURE_HTTP: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true;
    process.once('exit', () => {
      for (const process of running) process.kill('SIGKILL');
    });
  }

  let text = '';
  const restarts: Restart[] = [];
  let stopping = false;
  let child: ChildProcess;
  let childText = '';
  let sawFatal = false;
  let seam = '';
  let serving = false;
  let delayMs = 100;

  const isHealthy = async () => {
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      return response.status === 200;
    } catch {
      return false;
    }
  };

  const spawnChild = () => {
    childText = '';
    sawFatal = false;
    seam = '';
    serving = false;
    const started = spawn(process.execPath, [bundle], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    running.add(started);
    const append = (chunk: Buffer) => {
      const piece = chunk.toString('utf8');
      text += piece;
      childText += piece;
      // Looked for in every chunk (with the previous chunk's end), as lines written after it may push it
      // out of the tail.
      if (`${seam}${piece}`.includes(FATAL_EXIT_MESSAGE)) sawFatal = true;
      seam = piece.slice(-FATAL_EXIT_MESSAGE.length);
      if (text.length > 200_000) text = text.slice(-100_000);
      if (childText.length > 20_000) childText = childText.slice(-10_000);
    };
    started.stdout?.on('data', append);
    started.stderr?.on('data', append);
    started.once('exit', (code, signal) => {
      running.delete(started);
      if (stopping) return;
      const restart: Restart = {
        exitedAt: performance.now(),
        healthyAt: null,
        exit: code ?? signal,
        wasServing: serving,
        output: childText.slice(-5000),
        loggedFatal: sawFatal,
      };
      restarts.push(restart);
      void supervise(restart);
    });
  };

  /** Starts the command again until a process answers health 200, as a restart policy would. */
  const supervise = async (restart: Restart) => {
    await sleep(delayMs);
    delayMs = Math.min(delayMs * 2, 1000);
    if (stopping) return;
    spawnChild();
    const current = child;
    while (!stopping && current.exitCode === null && current.signalCode === null) {
      if (await isHealthy()) {
        serving = true;
        delayMs = 100;
        if (restart.healthyAt === null) restart.healthyAt = performance.now();
        // A failed start before this one recorded its own exit; it is healthy again now too.
        for (const earlier of restarts) if (earlier.healthyAt === null) earlier.healthyAt = restart.healthyAt;
        return;
      }
      await sleep(50);
    }
  };

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  spawnChild();
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (restarts.length > 0) {
      await stop();
      throw new Error(`the server exited while starting (${restarts[0]?.exit}):\n${text}`);
    }
    if (await isHealthy()) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy within 60 s:\n${text}`);
    }
    await sleep(100);
  }
  serving = true;
  return { url, rebuilt, restarts: () => restarts, output: () => text, stop };
}
