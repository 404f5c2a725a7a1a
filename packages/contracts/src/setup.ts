/**
 * First-run setup (docs/decisions/0032-first-run-setup.md): a server whose database has no admin account
 * offers one operation that creates the first, guarded by the setup token the server prints in its log at
 * start-up. Once an admin exists setup is closed for good: `status` says so and `createAdmin` answers 409.
 */
import { z } from 'zod';
import { PASSWORDS_MATCH, signupRequestSchema, signupResponseSchema } from './auth.js';
import { SETUP_MESSAGES, VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { PUBLIC } from './permissions.js';
import { REST_PATHS } from './rest-paths.js';
import { inputString } from './schema-formats.js';

/** Far above the printed token's length; only bounds what is hashed for the comparison. */
export const SETUP_TOKEN_MAX_LENGTH = 200;

export const setupStatusSchema = z
  .object({
    /** True while the database has no admin account: the setup page is open. */
    needsSetup: z.boolean(),
  })
  .meta({ id: 'SetupStatus' });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

// The first admin's account follows the sign-up rules: the same field schemas, not copies of them.
const { name, email, password, confirmPassword } = signupRequestSchema.shape;

/** An admin account as `pnpm admin:create` takes it (no token: it runs with the database's credentials). */
export const adminAccountSchema = z
  .object({ name, email, password, confirmPassword })
  .refine(...PASSWORDS_MATCH);
export type AdminAccount = z.input<typeof adminAccountSchema>;

export const createAdminRequestSchema = z
  .object({
    /** The setup token from the server log. */
    token: inputString({ error: SETUP_MESSAGES.tokenRequired })
      .trim()
      .min(1, SETUP_MESSAGES.tokenRequired)
      .max(SETUP_TOKEN_MAX_LENGTH, VALIDATION.tooLong('Setup token', SETUP_TOKEN_MAX_LENGTH)),
    name,
    email,
    password,
    confirmPassword,
  })
  .refine(...PASSWORDS_MATCH);
export type CreateAdminRequest = z.input<typeof createAdminRequestSchema>;

export const setupOperations = defineOperations({
  status: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Whether the server still needs its first admin account (first-run setup)',
    output: setupStatusSchema,
    rest: REST_PATHS.setupStatus,
  },
  createAdmin: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Create the first admin account with the setup token from the server log',
    description:
      'Open only while no admin account exists. A wrong token is a 400 with an issue on `token`; once an ' +
      'admin exists (also when another call created one first) every call is a 409. The new admin then ' +
      'signs in with POST /auth/login.',
    input: createAdminRequestSchema,
    output: signupResponseSchema,
    rest: { method: 'POST', path: '/setup/admin', status: 201 },
    errors: ['CONFLICT'],
    // It creates an account and hashes a password, as sign-up does: the same per-address budget.
    rateLimit: 'signup',
  },
});
