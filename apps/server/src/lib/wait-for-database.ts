/**
 * Start-up while the database can't be reached (docs/decisions/0042): a process restarted during an
 * outage waits for PostgreSQL and then migrates and listens, rather than exiting and being restarted again
 * and again (Docker's restart policy doubles its delay up to a minute, which would leave the instance down
 * long after the database is back). Only connection-class failures wait; anything else ends the start-up.
 */
import { isDatabaseUnavailable } from './database-unavailable';

export async function retryWhileDatabaseUnreachable<T>(
  work: () => Promise<T>,
  options: { delayMs?: number; onWaiting?: (error: unknown) => void } = {},
): Promise<T> {
  const delayMs = options.delayMs ?? 1000;
  let told = false;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (!told) options.onWaiting?.(error);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
