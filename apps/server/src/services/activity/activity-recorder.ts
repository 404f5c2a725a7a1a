/**
 * Records what the engagement analytics need (authenticated requests, course-detail views) without
 * putting a database write on any request's path: `record()` only appends to an in-memory buffer, and
 * a timer (every ACTIVITY_FLUSH_INTERVAL_MS, default 2 s), a full buffer (ACTIVITY_FLUSH_MAX_EVENTS,
 * default 500) or the app closing flushes it with one multi-row INSERT into activity_events and one
 * UPDATE of auth_sessions.last_seen_at (one row per session, its latest request).
 *
 * - 'request' events are coalesced: at most one per session per ACTIVITY_REQUEST_COALESCE_SECONDS
 *   (default 30 s, always below the 5-minute "active" window), which is all "active in the last 5
 *   minutes" needs and keeps the table small. Every request still moves the session's last_seen_at.
 * - Analytics are best effort: a failed flush is logged and its events are dropped, never retried or
 *   thrown; when the database can't keep up the buffer is capped and further events are counted as
 *   dropped. Events of an instance that crashes before its next flush are lost (at most one interval).
 */
import { activityEvents, authSessions, type Database, type NewActivityEvent } from '@lectio/db';
import { sql } from 'drizzle-orm';

export type ActivityEventInput =
  | { type: 'request'; userId: string; sessionId: string }
  | { type: 'course_view'; courseId: string; category: string; userId?: string | null };

/** What services see as `ctx.activity`. */
export interface ActivitySink {
  record(event: ActivityEventInput): void;
}

export interface ActivityRecorderOptions {
  db: Database;
  now: () => Date;
  flushIntervalMs: number;
  /** Rows per INSERT; reaching it in the buffer triggers a flush. */
  maxBatch: number;
  requestCoalesceSeconds: number;
  onError: (error: unknown) => void;
  /** Events held at most while flushes are slow or failing (default 20 batches). */
  maxBuffered?: number;
}

export interface ActivityRecorderStats {
  flushes: number;
  eventInserts: number;
  eventsWritten: number;
  sessionUpdates: number;
  dropped: number;
  failures: number;
}

export class ActivityRecorder implements ActivitySink {
  readonly stats: ActivityRecorderStats = {
    flushes: 0,
    eventInserts: 0,
    eventsWritten: 0,
    sessionUpdates: 0,
    dropped: 0,
    failures: 0,
  };
  private events: NewActivityEvent[] = [];
  /** Session id -> its latest request time, for the last_seen_at update. */
  private sessionsSeen = new Map<string, Date>();
  /** Session id -> time (ms) of its last recorded 'request' event, for coalescing. */
  private lastRequestEvent = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private flushQueued = false;
  private closed = false;
  private readonly maxBuffered: number;
  private readonly coalesceMs: number;

  constructor(private readonly options: ActivityRecorderOptions) {
    this.maxBuffered = options.maxBuffered ?? options.maxBatch * 20;
    this.coalesceMs = options.requestCoalesceSeconds * 1000;
  }

  /** Starts the flush timer (unref'd: it never keeps the process alive). */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  /** Buffers an event; synchronous, never throws, never touches the database. */
  record(event: ActivityEventInput): void {
    if (this.closed) return;
    const at = this.options.now();
    if (event.type === 'request') {
      const seen = this.sessionsSeen.get(event.sessionId);
      if (!seen || seen < at) this.sessionsSeen.set(event.sessionId, at);
      const last = this.lastRequestEvent.get(event.sessionId);
      const elapsed = last === undefined ? Number.POSITIVE_INFINITY : at.getTime() - last;
      if (elapsed >= 0 && elapsed < this.coalesceMs) return;
      this.lastRequestEvent.set(event.sessionId, at.getTime());
    }
    if (this.events.length >= this.maxBuffered) {
      this.stats.dropped += 1;
      return;
    }
    this.events.push(
      event.type === 'request'
        ? { type: 'request', userId: event.userId, sessionId: event.sessionId, createdAt: at }
        : {
            type: 'course_view',
            userId: event.userId ?? null,
            courseId: event.courseId,
            category: event.category,
            createdAt: at,
          },
    );
    if (this.events.length >= this.options.maxBatch && !this.flushQueued) {
      this.flushQueued = true;
      void this.flush();
    }
  }

  /** Writes everything buffered so far; resolves when it is written (or the failure logged). */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.write());
    return this.chain;
  }

  /** Stops the timer and writes what is left. Later events are ignored. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    this.closed = true;
  }

  private async write(): Promise<void> {
    this.flushQueued = false;
    const events = this.events;
    const sessions = this.sessionsSeen;
    this.events = [];
    this.sessionsSeen = new Map();
    this.forgetOldRequestMarks();
    if (events.length === 0 && sessions.size === 0) return;
    this.stats.flushes += 1;
    const { db, maxBatch } = this.options;
    try {
      // One INSERT per flush at normal load; a backlog larger than a batch goes in batch-sized statements.
      for (let start = 0; start < events.length; start += maxBatch) {
        const batch = events.slice(start, start + maxBatch);
        await db.insert(activityEvents).values(batch);
        this.stats.eventInserts += 1;
        this.stats.eventsWritten += batch.length;
      }
      const seen = [...sessions];
      for (let start = 0; start < seen.length; start += maxBatch) {
        await touchSessions(db, seen.slice(start, start + maxBatch));
        this.stats.sessionUpdates += 1;
      }
    } catch (error) {
      this.stats.failures += 1;
      this.options.onError(error);
    }
  }

  private forgetOldRequestMarks(): void {
    const cutoff = this.options.now().getTime() - this.coalesceMs;
    for (const [sessionId, at] of this.lastRequestEvent) {
      if (at <= cutoff) this.lastRequestEvent.delete(sessionId);
    }
  }
}

/** One UPDATE for many sessions; last_seen_at only moves forward. */
async function touchSessions(db: Database, seen: [sessionId: string, at: Date][]): Promise<void> {
  const rows = sql.join(
    seen.map(([sessionId, at]) => sql`(${sessionId}::uuid, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${authSessions} as s
    set last_seen_at = v.seen
    from (values ${rows}) as v(id, seen)
    where s.id = v.id and s.last_seen_at < v.seen`);
}

/** A sink that drops everything (scripts and tests that build a ServiceContext by hand). */
export const discardActivity: ActivitySink = { record() {} };
