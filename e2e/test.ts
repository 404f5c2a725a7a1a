/**
 * The `test` every spec imports: Playwright's, with `baseURL` set to this worker's own server.
 *
 * scripts/run-e2e.mjs starts one production server per Playwright worker, each on its own port with its
 * own PGlite data directory and demo seed, and passes them in E2E_SERVERS (JSON: [{ baseUrl, mailDir }]).
 * A worker uses the server at its `parallelIndex` (0..workers-1, kept by a worker that replaces a failed
 * one), so specs in different workers never see each other's data, and a spec sees only what earlier
 * specs of its own worker left, as with one worker. Without E2E_SERVERS (a server started by hand) there
 * is one worker and the config's E2E_BASE_URL.
 */
import { test as base } from '@playwright/test';
import { startedServers, type WorkerServer } from './worker-servers';

export * from '@playwright/test';
export type { WorkerServer } from './worker-servers';

function serverAt(parallelIndex: number): WorkerServer {
  const servers = startedServers();
  const fallback = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
  return servers[parallelIndex % Math.max(servers.length, 1)] ?? { baseUrl: fallback };
}

export const test = base.extend<Record<never, never>, { workerServer: WorkerServer }>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use, workerInfo) => use(serverAt(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.baseUrl),
});

/** The running test's server (for helpers outside a fixture, e.g. reading its mail files). */
export function currentServer(): WorkerServer {
  return serverAt(test.info().parallelIndex);
}
