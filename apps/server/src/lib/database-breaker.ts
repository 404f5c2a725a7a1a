/**
 * Fail fast while PostgreSQL can't be connected to (docs/decisions/0033). postgres.js queues every query
 * while its connections retry, and each failed connection attempt fails just one queued query, one
 * attempt per connection per reconnect delay: under load, requests wait longer and longer for their 503
 * (about 2.3 s at 30 concurrent clients in the chaos tier, growing without bound with the request rate).
 *
 * So the first error proving that no connection can be made now (refused, timed out, "starting up":
 * `cannotConnectToDatabase`) opens this breaker. While open, calls are answered 503 at once, before
 * anything touches the pool, and one probe (`select 1`) retries every DATABASE_PROBE_INTERVAL_MS; its
 * first success closes the breaker. A session lost under a query (a terminated backend) does not open it:
 * the pool's next connection may well work, and if it can't, that error opens it.
 *
 * One breaker per database handle (so per app), held here like the catalogue cache is per config.
 */
import type { Database } from '@lectio/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { cannotConnectToDatabase, databasePoolClosed } from './database-unavailable';

export const DATABASE_PROBE_INTERVAL_MS = 250;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class DatabaseBreaker {
  private openedAt: number | undefined;
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly db: Database,
    private readonly probeIntervalMs: number = DATABASE_PROBE_INTERVAL_MS,
  ) {}

  /** True while the database is known to be unreachable: answer 503 without trying it. */
  get isOpen(): boolean {
    return this.openedAt !== undefined;
  }

  /**
   * Notes a failed call; an error proving the database can't be connected to opens the breaker. The
   * opening and the closing are logged (with `log`), once each, rather than every call answered meanwhile.
   */
  record(error: unknown, log?: FastifyBaseLogger): void {
    if (this.isOpen || !cannotConnectToDatabase(error)) return;
    this.openedAt = Date.now();
    this.log = log;
    log?.error(
      { err: error },
      'the database is unreachable: calls are answered 503 until a probe gets through',
    );
    void this.probeUntilAnswered();
  }

  /** Never rejects: every failure is caught, and the loop ends when a probe succeeds or the pool is closed. */
  private async probeUntilAnswered(): Promise<void> {
    while (this.isOpen) {
      await pause(this.probeIntervalMs);
      try {
        await this.db.execute(sql`select 1`);
        this.log?.warn(`the database answers again, after ${Date.now() - (this.openedAt ?? Date.now())} ms`);
        this.openedAt = undefined;
      } catch (error) {
        // The pool itself was closed (the app is shutting down): nothing left to probe.
        if (databasePoolClosed(error)) this.openedAt = undefined;
      }
    }
  }
}

const breakers = new WeakMap<Database, DatabaseBreaker>();

export function databaseBreakerFor(db: Database): DatabaseBreaker {
  let breaker = breakers.get(db);
  if (!breaker) {
    breaker = new DatabaseBreaker(db);
    breakers.set(db, breaker);
  }
  return breaker;
}
