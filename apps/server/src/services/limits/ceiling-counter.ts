/**
 * The per-IP ceiling's counter: every request of every route takes it, so it can't cost a database
 * round trip each time (measured: ~0.8 ms a request, a tenth of the cached catalogue's throughput). Each
 * instance counts locally and adds its counts to the shared row (`rate_limit_counters`, the same table
 * as the exact counters) in one statement per batch: every `syncMs`, and at once when a client is new to
 * this instance or has made a twentieth of its allowance since the last batch. Each batch brings back the
 * shared totals; every `syncMs` the totals of the clients with nothing to send are read back too.
 *
 * So the ceiling is exact within an instance, and across instances it lags by at most one batch: the
 * other instances' unsent counts. That suits a flood ceiling; the limits that must hold exactly under
 * concurrency (sign-in, sign-up, refresh, upload signatures, payment intents) use CounterStore, one
 * statement per call.
 */
import { rateLimitCounters as counters, type Database, queryRows } from '@lectio/db';
import { sql } from 'drizzle-orm';
import type { CounterWindow } from './counter-store';

/** One client's count in one window; a new window gets a new entry, so late answers can't reach it. */
interface Entry {
  /** Hits not yet sent. */
  pending: number;
  /** Hits in the batch being sent. */
  sending: number;
  /** The shared total (all instances) as of the last batch that included this key. */
  shared: number;
  windowMs: number;
  /** Epoch ms when the window ends (the shared row's, once a batch has returned it). */
  resetAt: number;
}

export interface CeilingCounterOptions {
  db: Database;
  now?: () => Date;
  syncMs?: number;
  onError?: (error: unknown) => void;
}

export class CeilingCounter {
  private readonly entries = new Map<string, Entry>();
  private readonly db: Database;
  private readonly now: () => Date;
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;
  private sendAgain = false;

  constructor(options: CeilingCounterOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.onError = options.onError ?? (() => {});
    this.timer = setInterval(() => void this.flush({ refresh: true }), options.syncMs ?? 500);
    this.timer.unref();
  }

  /** Counts a hit on `key` and returns the count in its window as this instance knows it. */
  hit(key: string, windowMs: number, max: number): CounterWindow {
    const now = this.now().getTime();
    let entry = this.entries.get(key);
    const isNew = entry === undefined;
    if (!entry || entry.resetAt <= now) {
      // Hits of an ended window, sent or not, don't count in the new one.
      entry = { pending: 0, sending: 0, shared: 0, windowMs, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.pending += 1;
    if (isNew || entry.pending >= Math.max(1, Math.ceil(max / 20))) void this.flush();
    return { count: entry.shared + entry.sending + entry.pending, resetAt: new Date(entry.resetAt) };
  }

  /**
   * Sends the pending counts (one batch at a time; a call during a batch queues one more). `refresh`
   * also reads the shared totals of the clients that had nothing to send, which other instances may
   * have counted meanwhile.
   */
  flush(options: { refresh?: boolean } = {}): Promise<void> {
    if (this.sending) {
      this.sendAgain = true;
      return this.sending;
    }
    this.sending = this.send(options.refresh ?? false).finally(() => {
      this.sending = undefined;
      if (this.sendAgain) {
        this.sendAgain = false;
        void this.flush();
      }
    });
    return this.sending;
  }

  /** Stops the timer and sends what is pending. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    if (this.sending) await this.sending;
  }

  private async send(refresh: boolean): Promise<void> {
    const now = this.now();
    const batch: { key: string; n: number; window_ms: number }[] = [];
    const entries = new Map<string, Entry>();
    const idle = new Map<string, Entry>();
    for (const [key, entry] of this.entries) {
      // Forget a client whose window has ended: what it didn't send counts for nothing now.
      if (entry.resetAt <= now.getTime()) {
        this.entries.delete(key);
        continue;
      }
      if (entry.pending === 0) {
        if (entry.sending === 0) idle.set(key, entry);
        continue;
      }
      batch.push({ key, n: entry.pending, window_ms: entry.windowMs });
      entries.set(key, entry);
      entry.sending += entry.pending;
      entry.pending = 0;
    }
    if (refresh && idle.size > 0) await this.refreshShared(idle, now);
    if (batch.length === 0) return;
    // Sorted, so that two instances lock overlapping rows in the same order.
    batch.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const at = sql`${now.toISOString()}::timestamptz`;
    const live = sql`${counters}.window_ends_at > ${at}`;
    try {
      const rows = await queryRows<{ key: string; hits: number; window_ends_at: string | Date }>(
        this.db,
        sql`insert into ${counters} (key, hits, window_ends_at)
          select batch.key, batch.n, ${at} + batch.window_ms * interval '1 millisecond'
          from json_to_recordset(${JSON.stringify(batch)}::json) as batch(key text, n integer, window_ms integer)
          order by batch.key
          on conflict (key) do update set
            hits = case when ${live} then ${counters}.hits + excluded.hits else excluded.hits end,
            window_ends_at = case when ${live} then ${counters}.window_ends_at else excluded.window_ends_at end,
            blocked_until = null
          returning key, hits, window_ends_at`,
      );
      const sent = new Map(batch.map((item) => [item.key, item.n]));
      for (const row of rows) {
        const entry = entries.get(row.key);
        if (!entry || this.entries.get(row.key) !== entry) continue;
        entry.sending -= sent.get(row.key) ?? 0;
        entry.shared = Number(row.hits);
        entry.resetAt = new Date(row.window_ends_at).getTime();
      }
    } catch (error) {
      // Kept for the next batch: the local count stays right, the sharing waits for the database.
      for (const item of batch) {
        const entry = entries.get(item.key);
        if (!entry) continue;
        entry.sending -= item.n;
        entry.pending += item.n;
      }
      this.onError(error);
    }
  }

  private async refreshShared(idle: Map<string, Entry>, now: Date): Promise<void> {
    const keys = [...idle.keys()];
    try {
      const rows = await queryRows<{ key: string; hits: number; window_ends_at: string | Date }>(
        this.db,
        sql`select key, hits, window_ends_at from ${counters}
          where key in (select value from json_array_elements_text(${JSON.stringify(keys)}::json))
            and window_ends_at > ${now.toISOString()}::timestamptz`,
      );
      for (const row of rows) {
        const entry = idle.get(row.key);
        if (!entry || this.entries.get(row.key) !== entry || entry.pending > 0 || entry.sending > 0) continue;
        entry.shared = Number(row.hits);
        entry.resetAt = new Date(row.window_ends_at).getTime();
      }
    } catch (error) {
      this.onError(error);
    }
  }
}
