/**
 * Draining before a shutdown (SIGTERM in main.ts, SHUTDOWN_DRAIN_SECONDS): the instance keeps serving
 * every request while its health check answers 503, so that a load balancer takes it out of rotation
 * before it closes. Closing at once lost requests in a rolling restart behind HAProxy: Fastify answers
 * 503 to a request that arrives on a kept-alive connection once closing has begun, and a request sent on
 * an idle connection as it is closed is reset (apps/server/test/cluster, docs/decisions/0034).
 */
import type { Config } from '../config';

// Keyed by the app's config object, as the catalogue cache is: one state per app, none global to tests.
const draining = new WeakSet<Config>();

export function startDraining(config: Config): void {
  draining.add(config);
}

export function isDraining(config: Config): boolean {
  return draining.has(config);
}
