/** Sign-in, sign-up and session payloads (spec sections 3, 5 and 7). */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, PUBLIC, roleSchema } from './permissions.js';
import { REST_PATHS } from './rest-paths.js';
import { inputString } from './schema-formats.js';
import { publicUserSchema } from './user.js';

// Required-ness is checked before shape so that an empty field gets "... is required", not "Invalid ...".
const emailField = inputString({ error: VALIDATION.emailRequired })
  .trim()
  .min(1, VALIDATION.emailRequired)
  .max(EMAIL_MAX_LENGTH, VALIDATION.emailTooLong)
  .pipe(z.email({ error: VALIDATION.emailInvalid }));

const passwordField = inputString({ error: VALIDATION.passwordRequired })
  .min(1, VALIDATION.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, VALIDATION.passwordTooLong);

export const loginRequestSchema = z.object({
  email: emailField,
  password: passwordField,
  /** "Keep me logged in": a persistent refresh cookie instead of a session cookie. */
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * Confirm Password repeats Password (an empty one gets its own "... is required" instead), for every form
 * that sets a password: `.refine(...PASSWORDS_MATCH)` (sign-up, first-run setup).
 */
export const PASSWORDS_MATCH: [
  check: (body: { password: string; confirmPassword: string }) => boolean,
  params: { path: string[]; message: string },
] = [
  (body) => body.confirmPassword === '' || body.password === body.confirmPassword,
  { path: ['confirmPassword'], message: VALIDATION.passwordsDoNotMatch },
];

export const signupRequestSchema = z
  .object({
    name: inputString({ error: VALIDATION.nameRequired })
      .trim()
      .min(1, VALIDATION.nameRequired)
      .max(NAME_MAX_LENGTH, VALIDATION.nameTooLong),
    email: emailField,
    password: passwordField,
    confirmPassword: inputString({ error: VALIDATION.confirmPasswordRequired }).min(
      1,
      VALIDATION.confirmPasswordRequired,
    ),
    // Self-registration only ever creates students; admins promote users later.
    role: inputString()
      .optional()
      .refine((role) => role === undefined || role === 'student', VALIDATION.signupRoleNotAllowed),
  })
  .refine(...PASSWORDS_MATCH);
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** The session payload of login and refresh: `{ accessToken, role, user }`. */
export const authSessionSchema = z
  .object({
    /** A short-lived JWT: send it as `Authorization: Bearer <accessToken>`. */
    accessToken: z.string(),
    role: roleSchema,
    user: publicUserSchema,
  })
  .meta({ id: 'AuthSession' });
export type AuthSession = z.infer<typeof authSessionSchema>;

export const signupResponseSchema = z.object({ message: z.string(), user: publicUserSchema });
export const messageResponseSchema = z.object({ message: z.string() });
export const meResponseSchema = z.object({ user: publicUserSchema });

/** Field errors for a form, keyed by field name, first message only (what the forms show). */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export { roleSchema };

/**
 * Sign-up and the session calls. Login and refresh set the httpOnly refresh cookie, refresh and logout
 * read it, so the web app calls these four over REST (same-origin, cookie path /api/v1/auth); they are
 * procedures as well for other clients.
 */
export const authOperations = defineOperations({
  signup: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Create a student account',
    input: signupRequestSchema,
    output: signupResponseSchema,
    rest: { ...REST_PATHS.authSignup, status: 201 },
    errors: ['CONFLICT'],
    rateLimit: 'signup',
  },
  login: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Sign in; sets the refresh cookie',
    input: loginRequestSchema,
    output: authSessionSchema,
    rest: REST_PATHS.authLogin,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'TOO_MANY_REQUESTS'],
  },
  refresh: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Rotate the refresh cookie and return a new access token',
    output: authSessionSchema,
    rest: REST_PATHS.authRefresh,
    errors: ['UNAUTHORIZED', 'FORBIDDEN'],
    rateLimit: 'refresh',
  },
  logout: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Revoke the session and clear the refresh cookie',
    output: messageResponseSchema,
    rest: REST_PATHS.authLogout,
    errors: ['FORBIDDEN'],
  },
  me: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'The current user',
    output: meResponseSchema,
    rest: { method: 'GET', path: '/auth/me' },
  },
});
