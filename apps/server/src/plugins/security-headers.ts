/**
 * Security headers on every response. The CSP allows the SPA's own scripts plus the hashes of the
 * inline scripts in its index.html (the theme bootstrap that must run before first paint). With the
 * Stripe payment driver it also allows what Stripe.js needs (its script, its card iframes and its API:
 * https://docs.stripe.com/security/guide#content-security-policy); without it, nothing of Stripe's.
 */
import type { FastifyInstance } from 'fastify';

const STRIPE_JS = 'https://js.stripe.com';

export function registerSecurityHeaders(
  app: FastifyInstance,
  inlineScriptHashes: string[],
  secure: boolean,
  /** Where the browser fetches and uploads media (the S3 endpoint, or PUBLIC_URL's origin). */
  mediaOrigins: string[] = [],
  /** True when the checkout loads Stripe.js (PAYMENT_PROVIDER=stripe). */
  stripe = false,
): void {
  const media = mediaOrigins.map((origin) => ` ${origin}`).join('');
  const scriptSources = [
    "'self'",
    ...inlineScriptHashes.map((hash) => `'${hash}'`),
    ...(stripe ? [STRIPE_JS] : []),
  ].join(' ');
  const stripeFrames = stripe ? ` ${STRIPE_JS} https://hooks.stripe.com` : '';
  const stripeApi = stripe ? ` https://api.stripe.com` : '';
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${media}`,
    `media-src 'self' blob: https:${media}`,
    "font-src 'self' data:",
    `connect-src 'self'${media}${stripeApi}`,
    `frame-src 'self'${stripeFrames}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('content-security-policy', csp);
    if (secure) reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
  });
}
