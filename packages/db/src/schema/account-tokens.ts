/**
 * Single-use tokens sent by e-mail: password reset and e-mail verification. Only a hash of the token is
 * stored; the token itself exists in the message alone. A token is spent by setting `used_at` in the same
 * statement that checks it is unused and unexpired, so it works once whatever the concurrency.
 */
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref } from './columns';
import { users } from './users';

export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_verification'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique('account_tokens_token_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('account_tokens_purpose_check', oneOf(t.purpose, ACCOUNT_TOKEN_PURPOSES)),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

export type AccountToken = typeof accountTokens.$inferSelect;
export type NewAccountToken = typeof accountTokens.$inferInsert;
