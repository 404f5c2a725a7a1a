/**
 * The named rate limits an operation can declare (`rateLimit` in its declaration, operation.ts). What a
 * limit counts per is a fact of the API, kept here; how many calls it allows in what window is server
 * configuration (RATE_LIMIT_<NAME>_MAX and RATE_LIMIT_<NAME>_WINDOW_SECONDS, apps/server/src/config.ts).
 * The server enforces a declared limit inside the procedure, so REST and tRPC calls count alike, and the
 * OpenAPI document names it (`x-rate-limit`). Every route is also under a per-IP ceiling, and sign-in has
 * its own throttle (docs/decisions/0031).
 */
export const RATE_LIMITS = {
  signup: { per: 'ip', summary: 'sign-ups per client address' },
  refresh: { per: 'ip', summary: 'session refreshes per client address' },
  uploadSignature: { per: 'user', summary: 'upload targets per signed-in user' },
  paymentIntent: { per: 'user', summary: 'payment intents per signed-in user' },
} as const satisfies Record<string, { per: 'ip' | 'user'; summary: string }>;

export type RateLimitName = keyof typeof RATE_LIMITS;
