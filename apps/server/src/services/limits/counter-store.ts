/**
 * The abuse-limit counters, in PostgreSQL (`rate_limit_counters`) so that every server instance on the
 * database shares them. Each operation is one statement (an upsert or an update), so PostgreSQL's row
 * lock makes it atomic: however many requests race on one key, on any number of instances, a limit
 * grants at most its number of places. Time comes from the app's clock (tests move it), never from the
 * database's `now()`.
 *
 * Fixed windows: a key's window starts with its first hit and lasts `windowMs`; a row whose window has
 * ended counts as absent (the next hit starts a new window) until the periodic sweep deletes it.
 */
import { rateLimitCounters as counters, type Database } from '@lectio/db';
import { and, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';

export interface CounterWindow {
  /** Hits (or places taken) in the live window, this one included. */
  count: number;
  /** When the window ends. */
  resetAt: Date;
}

export type Reservation = ({ granted: true } & CounterWindow) | { granted: false; retryAt: Date };

export interface SpacingRule {
  /** Attempts granted without any spacing in a window. */
  freeAttempts: number;
  /** Cap of the doubling delay between further attempts. */
  maxDelayMs: number;
  /** The counting restarts after this long without an attempt. */
  windowMs: number;
}

/** The cap on the exponent of the doubling delay: 2^30 s is far beyond any configured maximum. */
const MAX_DOUBLINGS = 30;
/** Rows deleted per sweep statement. */
const SWEEP_BATCH = 5000;

/** An instant as a SQL parameter (ISO text: both drivers take it; a raw Date is not serialised alike). */
const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

export class CounterStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * One more hit on `key`: the row of a first hit (a window of `windowMs` from now), and the update of an
   * existing row, which adds to a live window and starts a new one over an ended window.
   */
  private oneMore(key: string, windowMs: number) {
    const now = this.now();
    const live = sql`${counters.windowEndsAt} > ${at(now)}`;
    return {
      live,
      first: { key, hits: 1, windowEndsAt: new Date(now.getTime() + windowMs) },
      counted: {
        hits: sql`case when ${live} then ${counters.hits} + 1 else 1 end`,
        windowEndsAt: sql`case when ${live} then ${counters.windowEndsAt} else excluded.window_ends_at end`,
      },
    };
  }

  /**
   * Counts a hit on `key`, refused or not (the fixed-window counter @fastify/rate-limit's store
   * interface expects: the caller compares the count with its maximum).
   */
  async hit(key: string, windowMs: number): Promise<CounterWindow> {
    const { first, counted } = this.oneMore(key, windowMs);
    const [row] = await this.db
      .insert(counters)
      .values(first)
      .onConflictDoUpdate({ target: counters.key, set: { ...counted, blockedUntil: null } })
      .returning({ count: counters.hits, resetAt: counters.windowEndsAt });
    if (!row) throw new Error('counter upsert returned no row');
    return row;
  }

  /**
   * Takes one of `limit` places in `key`'s window, or is refused when all are taken; a refusal counts
   * nothing. The place stays taken until the window ends, unless given back.
   */
  async take(key: string, limit: number, windowMs: number): Promise<Reservation> {
    const { first, counted, live } = this.oneMore(key, windowMs);
    const [row] = await this.db
      .insert(counters)
      .values(first)
      .onConflictDoUpdate({
        target: counters.key,
        set: counted,
        setWhere: sql`not (${live}) or ${counters.hits} < ${limit}`,
      })
      .returning({ count: counters.hits, resetAt: counters.windowEndsAt });
    if (row) return { granted: true, ...row };
    return { granted: false, retryAt: await this.endOf(key, (r) => r.windowEndsAt) };
  }

  /**
   * Takes the next attempt of a progressively spaced sequence: the first `freeAttempts` at once, then
   * each one at least 1 s, 2 s, 4 s ... (up to `maxDelayMs`) after the previous one. A refusal counts
   * nothing. The sequence starts over after `windowMs` without an attempt.
   */
  async takeSpaced(key: string, rule: SpacingRule): Promise<Reservation> {
    const now = this.now();
    const live = sql`${counters.windowEndsAt} > ${at(now)}`;
    const next = sql`(case when ${live} then ${counters.hits} + 1 else 1 end)`;
    // When the attempt after this one may come: any time (null) until `freeAttempts` were taken. Null
    // rather than "now": a concurrent attempt may carry an instant read a moment before this one's.
    const blockedAfter = (taken: SQL) =>
      sql`case when ${taken} >= ${rule.freeAttempts}
        then ${at(now)} + least(power(2, least(${taken} - ${rule.freeAttempts}, ${MAX_DOUBLINGS})) * 1000, ${rule.maxDelayMs}) * interval '1 millisecond'
        end`;
    const [row] = await this.db
      .insert(counters)
      .values({
        key,
        hits: 1,
        windowEndsAt: new Date(now.getTime() + rule.windowMs),
        blockedUntil: blockedAfter(sql`1`),
      })
      .onConflictDoUpdate({
        target: counters.key,
        set: {
          hits: next,
          windowEndsAt: sql`excluded.window_ends_at`,
          blockedUntil: blockedAfter(next),
        },
        setWhere: sql`not (${live}) or ${counters.blockedUntil} is null or ${counters.blockedUntil} <= ${at(now)}`,
      })
      .returning({ count: counters.hits, resetAt: counters.windowEndsAt });
    if (row) return { granted: true, ...row };
    return { granted: false, retryAt: await this.endOf(key, (r) => r.blockedUntil ?? r.windowEndsAt) };
  }

  /** Gives back one place taken with `take` (an attempt that turned out not to count). */
  async giveBack(key: string): Promise<void> {
    await this.db
      .update(counters)
      .set({ hits: sql`${counters.hits} - 1` })
      .where(and(eq(counters.key, key), gt(counters.hits, 0), gt(counters.windowEndsAt, this.now())));
  }

  /** Marks `key` as present for `windowMs` (a fact to remember, such as a known sign-in address). */
  async mark(key: string, windowMs: number): Promise<void> {
    const windowEndsAt = new Date(this.now().getTime() + windowMs);
    await this.db
      .insert(counters)
      .values({ key, hits: 1, windowEndsAt })
      .onConflictDoUpdate({ target: counters.key, set: { hits: 1, windowEndsAt, blockedUntil: null } });
  }

  /** Whether `key` has a live window. */
  async isLive(key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: counters.key })
      .from(counters)
      .where(and(eq(counters.key, key), gt(counters.windowEndsAt, this.now())))
      .limit(1);
    return row !== undefined;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(counters).where(eq(counters.key, key));
  }

  /** Deletes the rows whose window has ended, in batches; returns how many. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const ended = this.db
        .select({ key: counters.key })
        .from(counters)
        .where(lte(counters.windowEndsAt, this.now()))
        .limit(SWEEP_BATCH);
      const deleted = await this.db
        .delete(counters)
        .where(inArray(counters.key, ended))
        .returning({ key: counters.key });
      total += deleted.length;
      if (deleted.length < SWEEP_BATCH) return total;
    }
  }

  /**
   * When a refused key frees up, for Retry-After. Read after the refusal, so a concurrent change may
   * have moved it; never earlier than a second from now.
   */
  private async endOf(
    key: string,
    pick: (row: { windowEndsAt: Date; blockedUntil: Date | null }) => Date,
  ): Promise<Date> {
    const [row] = await this.db
      .select({ windowEndsAt: counters.windowEndsAt, blockedUntil: counters.blockedUntil })
      .from(counters)
      .where(eq(counters.key, key))
      .limit(1);
    const soonest = this.now().getTime() + 1000;
    return new Date(Math.max(soonest, row ? pick(row).getTime() : soonest));
  }
}

/** Whole seconds from `now` until `at`, at least 1: the Retry-After of a refusal. */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
