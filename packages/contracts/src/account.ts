/**
 * Getting back into an account and proving its e-mail address (docs/decisions/0035-mail-and-account-tokens.md):
 * a password reset asked for by e-mail and done with the single-use link it sends, and the verification
 * link sent at sign-up (and again on request). The links carry a random token; the server keeps only
 * its SHA-256.
 */
import { z } from 'zod';
import { messageResponseSchema, PASSWORDS_MATCH, signupRequestSchema } from './auth.js';
import { ACCOUNT_MESSAGES, VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, PUBLIC } from './permissions.js';
import { inputString } from './schema-formats.js';

/** A reset link is valid this long after it was asked for. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** A verification link is valid this long after it was sent. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
/** Far above the 43 characters of a token the server makes (32 random bytes, base64url). */
export const ACCOUNT_TOKEN_MAX_LENGTH = 200;

/** The web pages the links in the e-mails open, with `?token=`. */
export const ACCOUNT_LINK_PATHS = {
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
} as const;

// The sign-up rules, not copies of them.
const { email, password, confirmPassword } = signupRequestSchema.shape;

/** The token from a link, as the page read it from `?token=`. */
const tokenField = () =>
  inputString({ error: ACCOUNT_MESSAGES.tokenRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.tokenRequired)
    .max(ACCOUNT_TOKEN_MAX_LENGTH, VALIDATION.tooLong('Token', ACCOUNT_TOKEN_MAX_LENGTH));

export const requestPasswordResetSchema = z.object({ email });
export type RequestPasswordReset = z.input<typeof requestPasswordResetSchema>;

export const resetPasswordRequestSchema = z
  .object({ token: tokenField(), password, confirmPassword })
  .refine(...PASSWORDS_MATCH);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const verifyEmailRequestSchema = z.object({ token: tokenField() });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

/** Whether the installation e-mails what it sends (SMTP), or keeps it in files for its operator. */
export const mailDeliverySchema = z
  .object({
    delivers: z.boolean(),
    /** What the reset page tells a visitor when mail is not delivered; null when it is. */
    notice: z.string().nullable(),
  })
  .meta({ id: 'MailDelivery' });
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

export const accountOperations = defineOperations({
  mailDelivery: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Whether this installation e-mails reset and verification links',
    description:
      'False while no SMTP server is configured: messages are then written to files for the operator ' +
      '(DATA_DIR/mail), and the reset page says so.',
    output: mailDeliverySchema,
    rest: { method: 'GET', path: '/account/mail-delivery' },
  },
  requestPasswordReset: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Ask for a password-reset link by e-mail',
    description:
      'Always answers 202 with the same message, whether or not an account has that address: the lookup, ' +
      'the token and the e-mail are done by a background job, so neither the answer nor its timing tells ' +
      `whether the account exists. An active account gets a single-use link valid for ${PASSWORD_RESET_TTL_MINUTES} ` +
      'minutes; a suspended or deleted one gets nothing.',
    input: requestPasswordResetSchema,
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/account/password-reset', status: 202 },
    rateLimit: 'passwordReset',
  },
  resetPassword: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Set a new password with the token of a reset link',
    description:
      'The password follows the sign-up rules. The token works once: an unknown, expired or used one is a 400 ' +
      'with an issue on `token`. Success ends every session of the account and voids its other reset links.',
    input: resetPasswordRequestSchema,
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/account/password-reset/confirm' },
    rateLimit: 'accountToken',
  },
  verifyEmail: {
    kind: 'mutation',
    access: PUBLIC,
    summary: 'Verify the e-mail address with the token of a verification link',
    description: 'The token works once: an unknown, expired or used one is a 400 with an issue on `token`.',
    input: verifyEmailRequestSchema,
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/account/verify-email' },
    rateLimit: 'accountToken',
  },
  resendVerification: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Send a new verification link to your e-mail address',
    description: `A 409 when the address is already verified. The link is valid for ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
    // Nothing to send: an empty object, so that the route has a (JSON) body as every POST does.
    input: z.object({}),
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/account/verify-email/resend', status: 202 },
    errors: ['CONFLICT'],
    rateLimit: 'verificationEmail',
  },
});
