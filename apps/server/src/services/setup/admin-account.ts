/**
 * Creating an admin account: the one insert that first-run setup (first-run-setup.ts) and the
 * `pnpm admin:create` command line (cli/create-admin.ts) share. The account is checked with the contracts'
 * sign-up rules (`adminAccountSchema`).
 */

import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { type AdminAccount, adminAccountSchema } from '@lectio/contracts/setup';
import type { PublicUser } from '@lectio/contracts/user';
import { type Database, isUniqueViolation, type User, users } from '@lectio/db';
import { hashPassword } from '@lectio/db/password';
import { eq } from 'drizzle-orm';
import { conflict } from '../../lib/errors';
import { presentUser } from '../users/present-user';

export interface NewAdmin {
  name: string;
  email: string;
  passwordHash: string;
}

/** Inserts the admin; an e-mail already registered (any case) is a 409. */
export async function insertAdmin(db: Database, admin: NewAdmin): Promise<User> {
  try {
    const [user] = await db
      .insert(users)
      .values({ name: admin.name, email: admin.email, passwordHash: admin.passwordHash, role: 'admin' })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailAlreadyRegistered);
    throw error;
  }
}

/** Whether any admin account exists, active or suspended (a suspended admin does not reopen setup). */
export async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}

/** An admin account from the command line, whether or not other admins exist. */
export async function createAdminAccount(ctx: { db: Database }, input: AdminAccount): Promise<PublicUser> {
  const account = adminAccountSchema.parse(input);
  const user = await insertAdmin(ctx.db, {
    name: account.name,
    email: account.email,
    passwordHash: await hashPassword(account.password),
  });
  // A new account: no courses and no avatar yet (the command line has no storage to ask).
  return presentUser(user, [], null);
}
