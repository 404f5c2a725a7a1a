/**
 * The named rate limits an operation can declare (`rateLimit` in its declaration, operation.ts). What a
 * limit counts per is a fact of the API, kept here; how many calls it allows in what window is server
 * configuration (RATE_LIMIT_<NAME>_MAX and RATE_LIMIT_<NAME>_WINDOW_SECONDS, apps/server/src/config.ts).
 * The server enforces a declared limit inside the procedure, so REST and tRPC calls count alike, and the
 * OpenAPI document names it (`x-rate-limit`). Every route is also under a per-IP ceiling, and sign-in has
 * its own throttle (docs/decisions/0031).
 *
 * `per: 'email'` counts twice, under the one setting: per e-mail address named by the input's `email` field
 * (trimmed, lower-cased, hashed into the key) and per client address; a call over either is refused
 * (docs/decisions/0035).
 */
export const RATE_LIMITS = {
  signup: { per: 'ip', summary: 'sign-ups per client address' },
  refresh: { per: 'ip', summary: 'session refreshes per client address' },
  uploadSignature: { per: 'user', summary: 'upload targets per signed-in user' },
  paymentIntent: { per: 'user', summary: 'payment intents per signed-in user' },
  passwordReset: {
    per: 'email',
    summary: 'password-reset e-mails per e-mail address and per client address',
  },
  accountToken: { per: 'ip', summary: 'password-reset and verification links used per client address' },
  verificationEmail: { per: 'user', summary: 'verification e-mails per signed-in user' },
} as const satisfies Record<string, { per: 'ip' | 'user' | 'email'; summary: string }>;

export type RateLimitName = keyof typeof RATE_LIMITS;
