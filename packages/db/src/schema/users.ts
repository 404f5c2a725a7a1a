/** Accounts and their roles. E-mail is stored as typed; uniqueness is case-insensitive via an index on lower(email). */
import { ROLES, type Role } from '@lectio/contracts/permissions';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, oneOf, timestamps } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull().default('student'),
    isActive: boolean('is_active').notNull().default(true),
    avatar: text('avatar'),
    /** Set when the owner opened the link of a verification e-mail; unverified accounts can still browse and buy. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Set when the owner deleted the account: the row stays (payments keep pointing at it for the admin's
     * books) but its personal data is replaced, it can't sign in and it is left out of user lists.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_role_check', oneOf(t.role, ROLES)),
    // Admin: sign-ups per day over the last week and the latest registrations.
    index('users_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
