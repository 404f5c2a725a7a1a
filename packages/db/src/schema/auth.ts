/**
 * Sign-in sessions. One row per sign-in, which is also one refresh-token family: rotating the refresh
 * token replaces `refresh_token_hash`; presenting an older token of the family means it was stolen and
 * the whole row is revoked.
 */
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns';
import { users } from './users';

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    /** Hash of the jti of the refresh token currently valid for this session. */
    refreshTokenHash: text('refresh_token_hash').notNull(),
    /** "Keep me logged in" was ticked: the refresh cookie outlives the browser session. */
    persistent: boolean('persistent').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute lifetime; rotation does not extend it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('auth_sessions_user_id_idx').on(t.userId),
    index('auth_sessions_created_at_idx').on(t.createdAt),
  ],
);

export type AuthSession = typeof authSessions.$inferSelect;
export type NewAuthSession = typeof authSessions.$inferInsert;
