/**
 * The named rate limits an operation can declare (`rateLimit` in its declaration, operation.ts). What a
 * limit counts per is a fact of the API, kept here; how many calls it allows in what window is server
 * configuration (RATE_LIMIT_<NAME>_MAX and RATE_LIMIT_<NAME>_WINDOW_SECONDS, apps/server/src/config.ts).
 * The server enforces a declared limit inside the procedure, so REST and tRPC calls count alike, and the
 * OpenAPI document names it (`x-rate-limit`). Every route is also under a per-IP ceiling, and sign-in has
 * its own throttle (docs/decisions/0031).
 *
 * Nothing is limited per e-mail address: a stranger could then block the owner (decision 0047).
 */
export const RATE_LIMITS = {
  signup: { per: 'ip', summary: 'sign-ups per client address' },
  refresh: { per: 'ip', summary: 'session refreshes per client address' },
  uploadSignature: { per: 'user', summary: 'upload targets per signed-in user' },
  paymentIntent: { per: 'user', summary: 'payment intents per signed-in user' },
  // Per client address only: a cap per e-mail address would let a stranger block the owner's own
  // request. What an address gets is capped where the mail is sent instead (PASSWORD_RESET_MAILS_PER_HOUR,
  // decision 0047), and a request over that cap answers like any other.
  passwordReset: { per: 'ip', summary: 'password-reset requests per client address' },
  accountToken: { per: 'ip', summary: 'password-reset and verification links used per client address' },
  verificationEmail: { per: 'user', summary: 'verification e-mails per signed-in user' },
  // Each announcement e-mails every student of a course: a slip (or a stolen session) can't spam them.
  announcement: { per: 'user', summary: 'announcements posted per signed-in user' },
} as const satisfies Record<string, { per: 'ip' | 'user'; summary: string }>;

export type RateLimitName = keyof typeof RATE_LIMITS;
