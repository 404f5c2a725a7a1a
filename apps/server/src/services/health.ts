/**
 * The health check (GET /api/v1/health, meta.health) that load balancers and orchestrators poll: 200 while
 * this instance can serve; 503 with Retry-After while the database doesn't answer `select 1` within
 * HEALTH_DATABASE_DEADLINE_MS (docs/decisions/0033), and while the instance drains before a shutdown.
 */
import { API_MESSAGES } from '@lectio/contracts/messages';
import { sql } from 'drizzle-orm';
import { databaseUnavailable } from '../lib/database-unavailable';
import { AppError } from '../lib/errors';
import type { ServiceContext } from './context';
import { isDraining } from './shutdown-drain';

/**
 * How long the check waits for the database. Shorter than the driver's connect timeout and than a load
 * balancer's check timeout, so that an unreachable database is reported, not waited on.
 */
export const HEALTH_DATABASE_DEADLINE_MS = 3000;

export async function checkHealth(ctx: ServiceContext) {
  // Draining before a shutdown: load balancers stop sending requests here (shutdown-drain.ts).
  if (isDraining(ctx.config)) throw new AppError('SERVICE_UNAVAILABLE', API_MESSAGES.shuttingDown);
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ctx.db.execute(sql`select 1`),
      new Promise((_, reject) => {
        deadline = setTimeout(
          () => reject(new Error(`no answer within ${HEALTH_DATABASE_DEADLINE_MS} ms`)),
          HEALTH_DATABASE_DEADLINE_MS,
        );
      }),
    ]);
  } catch (error) {
    // Whatever failed, the database can't serve this instance's requests now.
    throw databaseUnavailable(error, API_MESSAGES.databaseUnreachable);
  } finally {
    clearTimeout(deadline);
  }
  return { status: 'ok' as const, database: 'ok' as const, version: ctx.config.version };
}
