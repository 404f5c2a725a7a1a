/**
 * The request's rate-limit check, declared apart from the plugin (rate-limit.ts) so that programs which
 * only type-check the tRPC router don't pull in @fastify/rate-limit's types (as request-actor.ts).
 */
import type { RateLimitName } from '@lectio/contracts/rate-limits';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Counts this request against a limit: the per-IP ceiling (`global`) or an operation's named limit.
     * Throws a 429 AppError (with Retry-After) over it; does nothing for a limit configured off.
     */
    enforceRateLimit(name: 'global' | RateLimitName): Promise<void>;
  }
}
