/**
 * The servers scripts/run-e2e.mjs started, one per Playwright worker (E2E_SERVERS, JSON). Read by the
 * config (how many workers) and by e2e/test.ts (which server a worker uses); kept apart from test.ts so
 * the config does not load the test fixtures.
 */
export interface WorkerServer {
  baseUrl: string;
  /** The server's mail files (no SMTP configured), which the account specs read as an operator would. */
  mailDir?: string;
}

/** The servers run-e2e.mjs started, one per worker; empty without it. */
export function startedServers(): WorkerServer[] {
  const raw = process.env.E2E_SERVERS;
  if (!raw) return [];
  const servers = JSON.parse(raw) as WorkerServer[];
  if (!Array.isArray(servers) || servers.length === 0) throw new Error(`E2E_SERVERS is not a list: ${raw}`);
  return servers;
}
