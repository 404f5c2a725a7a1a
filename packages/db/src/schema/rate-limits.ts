/**
 * Abuse-limit counters shared by every server instance: the login throttle, the per-operation rate
 * limits and the per-IP ceiling (apps/server/src/services/limits/). One row per key (`login:pair:...`,
 * `rate:signup:203.0.113.7`, ...), changed only by single-statement upserts, so concurrent requests on
 * any instance can't take more than a limit allows. Rows whose window has ended are deleted by a
 * periodic sweep; an ended row still present counts as absent.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    /** Hits (or reserved attempts) counted in the current window. */
    hits: integer('hits').notNull(),
    /** When the window ends: the row is then dead and the next hit starts a new one. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** Progressive delay: no further attempt is granted before this instant (null: none pending). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);

export type RateLimitCounter = typeof rateLimitCounters.$inferSelect;
