/** Accounts and their roles. E-mail is stored as typed; uniqueness is case-insensitive via an index on lower(email). */
import { ROLES, type Role } from '@lectio/contracts/permissions';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from './columns';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
