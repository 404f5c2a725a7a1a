/**
 * The production server as it is deployed, for the chaos tier: the built bundle (`node dist/main.js`,
 * rebuilt first when older than its sources) in a process of its own, NODE_ENV=production, test-mode
 * payments, no demo data. Its exit is watched, so that a crash during an outage is a test failure with
 * the process's output, not a string of refused connections. CHAOS_SERVER_BUNDLE runs another build of
 * it instead (one with a patched dependency, say), as is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from '../cluster/cluster-harness';
import { freePort } from '../helpers/free-port';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const defaultBundle = path.join(serverDir, 'dist/main.js');

export interface ServerProcess {
  url: string;
  /** Whether `node dist/main.js` built the bundle first (it was missing or stale). */
  rebuilt: boolean;
  /** null while it runs; its exit code or signal once it has exited. */
  exit(): number | string | null;
  /** Its stdout and stderr so far (the last 200 KB). */
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
  const child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    env: {
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true;
    process.once('exit', () => {
      for (const process of running) process.kill('SIGKILL');
    });
  }
  let text = '';
  const append = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    if (text.length > 200_000) text = text.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exit = () => child.exitCode ?? child.signalCode ?? null;
  const stop = async () => {
    if (exit() === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exit() !== null) {
      await stop();
      throw new Error(`the server exited while starting (${exit()}):\n${text}`);
    }
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy within 60 s:\n${text}`);
    }
    await sleep(100);
  }
  return { url, rebuilt, exit, output: () => text, stop };
}
