/**
 * First-run setup (docs/decisions/0032-first-run-setup.md): while the database has no admin account,
 * `setup.createAdmin` creates the first one for whoever holds the setup token the server printed at
 * start-up (setup-token.ts). Once an admin exists setup is closed for good: every call is a 409.
 *
 * Race-safe: the check and the insert run in one transaction under a transaction-level advisory lock, so of
 * two concurrent calls with the token exactly one creates an admin and the other gets the 409. The token
 * is checked before the password is hashed, so a wrong guess costs no argon2 work.
 */
import { SETUP_MESSAGES } from '@lectio/contracts/messages';
import { type CreateAdminRequest, createAdminRequestSchema } from '@lectio/contracts/setup';
import type { PublicUser } from '@lectio/contracts/user';
import type { Database } from '@lectio/db';
import { hashPassword } from '@lectio/db/password';
import { sql } from 'drizzle-orm';
import { badRequest, conflict } from '../../lib/errors';
import type { ServiceContext } from '../context';
import { presentUser } from '../users/present-user';
import { adminExists, insertAdmin } from './admin-account';
import { isSetupToken } from './setup-token';

/** Serialises the "no admin yet? then insert one" of concurrent setup calls (any instance, one database). */
const FIRST_ADMIN_LOCK = 'lectio:first-admin';

/**
 * Databases known to have an admin. Setup never reopens, so once seen the answer is kept and the page
 * load check every visitor makes (setup.status) costs no query.
 */
const closedDatabases = new WeakSet<Database>();

/** True while the database has no admin account. */
export async function needsSetup(ctx: Pick<ServiceContext, 'db'>): Promise<boolean> {
  if (closedDatabases.has(ctx.db)) return false;
  if (!(await adminExists(ctx.db))) return true;
  closedDatabases.add(ctx.db);
  return false;
}

export async function createFirstAdmin(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  input: CreateAdminRequest,
): Promise<PublicUser> {
  const body = createAdminRequestSchema.parse(input);
  if (!(await needsSetup(ctx))) throw conflict(SETUP_MESSAGES.alreadyComplete);
  if (!isSetupToken(ctx.config.jwtSecret, body.token)) {
    throw badRequest(SETUP_MESSAGES.invalidToken, [{ path: 'token', message: SETUP_MESSAGES.invalidToken }]);
  }
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FIRST_ADMIN_LOCK}))`);
    if (await adminExists(tx)) throw conflict(SETUP_MESSAGES.alreadyComplete);
    return insertAdmin(tx, { name: body.name, email: body.email, passwordHash });
  });
  closedDatabases.add(ctx.db);
  // A new account: no courses and no avatar yet.
  return presentUser(user, [], null);
}
