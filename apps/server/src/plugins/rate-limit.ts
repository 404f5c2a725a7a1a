/**
 * Rate limits (docs/decisions/0031-abuse-limits-shared-in-postgresql.md) through @fastify/rate-limit,
 * with custom stores over the shared PostgreSQL counters, so every instance counts together:
 *
 * - the per-IP ceiling on every route, by the plugin's own onRequest hook, except on /trpc: there the
 *   same counter is taken once per HTTP request in the tRPC context (trpc/init.ts), so that a refusal
 *   comes in tRPC's error shape. Its store batches the counts (services/limits/ceiling-counter.ts): a
 *   database round trip on every request would cost more than most requests do;
 * - each operation's named limit (`rateLimit` in its declaration, contracts/src/rate-limits.ts), through
 *   the plugin's public `createRateLimit` (its documented way to limit tRPC procedures), called by the
 *   procedure middleware: a REST call and a tRPC call of the operation run the same procedure, so they
 *   count under one rule. Its store is exact, one statement per call (services/limits/counter-store.ts).
 *   `createRateLimit` uses the store of the registration that decorated it, so these come from a second
 *   registration, in a scope of its own that adds no hook to any route.
 *
 * Every refusal is a 429 AppError with Retry-After, which each transport renders in its error shape.
 * Ended counters are swept every minute by each instance.
 */
import { createHash } from 'node:crypto';
import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import { API_MESSAGES } from '@lectio/contracts/messages';
import { RATE_LIMITS, type RateLimitName } from '@lectio/contracts/rate-limits';
import type { Database } from '@lectio/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { tooManyRequests } from '../lib/errors';
import { CeilingCounter } from '../services/limits/ceiling-counter';
import type { CounterStore } from '../services/limits/counter-store';
import './request-actor';
import './request-rate-limit';

const SWEEP_INTERVAL_MS = 60_000;
const TRPC_PREFIX = '/trpc/';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's documented custom store interface, over the exact shared counters. */
function exactStore(counters: CounterStore, now: () => Date): FastifyRateLimitStoreCtor {
  return class ExactCounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number) {
      counters.hit(key, timeWindow).then(
        ({ count, resetAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetAt.getTime() - now().getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return new ExactCounterStore();
    }
  };
}

/** The same interface over the batched ceiling counter. */
function ceilingStore(ceiling: CeilingCounter, now: () => Date): FastifyRateLimitStoreCtor {
  return class CeilingCounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      const { count, resetAt } = ceiling.hit(key, timeWindow, max);
      callback(null, { current: count, ttl: Math.max(0, resetAt.getTime() - now().getTime()) });
    }

    child(): FastifyRateLimitStore {
      return new CeilingCounterStore();
    }
  };
}

const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * The counter a request takes under a limit: its address, or its signed-in user for per-user limits. A
 * per-e-mail limit counts the address here too; the e-mail's own counter is taken in `enforceRateLimit`.
 */
function keyGenerator(name: 'global' | RateLimitName) {
  if (name === 'global' || RATE_LIMITS[name].per !== 'user')
    return (request: FastifyRequest) => `rate:${name}:${clientAddress(request)}`;
  return async (request: FastifyRequest) => {
    const actor = await request.getActor();
    return actor ? `rate:${name}:user:${actor.id}` : `rate:${name}:${clientAddress(request)}`;
  };
}

/** A per-e-mail counter's key: the address trimmed and lower-cased, hashed (no address is stored). */
function emailKey(name: RateLimitName, email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  return `rate:${name}:email:${digest}`;
}

const isTrpcRequest = (request: FastifyRequest) => request.routeOptions.url?.startsWith(TRPC_PREFIX) === true;

const retryAfterSeconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

export interface RateLimitDeps {
  config: Config;
  db: Database;
  counters: CounterStore;
  now: () => Date;
}

/** Registers the limits; call before any route is added, so that the ceiling's hook reaches them all. */
export async function registerRateLimits(
  app: FastifyInstance,
  { config, db, counters, now }: RateLimitDeps,
): Promise<void> {
  type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
  const limiters = new Map<'global' | RateLimitName, Limiter>();

  // The exact limits first: registered after the root one, this scope would inherit its decorator.
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, { global: false, store: exactStore(counters, now) });
    for (const name of Object.keys(RATE_LIMITS) as RateLimitName[]) {
      const { max, windowSeconds } = config.rateLimits[name];
      if (max > 0)
        limiters.set(
          name,
          scope.createRateLimit({ max, timeWindow: windowSeconds * 1000, keyGenerator: keyGenerator(name) }),
        );
    }
  });

  const ceiling = config.rateLimits.global;
  const ceilingCounter = new CeilingCounter({
    db,
    now,
    onError: (error) => app.log.warn({ err: error }, 'per-IP ceiling counts not shared yet'),
  });
  app.addHook('onClose', async () => ceilingCounter.close());
  await app.register(fastifyRateLimit, {
    global: ceiling.max > 0,
    max: Math.max(1, ceiling.max),
    timeWindow: ceiling.windowSeconds * 1000,
    hook: 'onRequest',
    store: ceilingStore(ceilingCounter, now),
    keyGenerator: keyGenerator('global'),
    allowList: isTrpcRequest,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(API_MESSAGES.tooManyRequests, retryAfterSeconds(context.ttl)),
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
  // The hook's allow list leaves /trpc out; the tRPC context takes the ceiling through this instead.
  if (ceiling.max > 0) limiters.set('global', app.createRateLimit({ allowList: [] }));

  app.decorateRequest(
    'enforceRateLimit',
    async function (this: FastifyRequest, name: 'global' | RateLimitName, email?: string) {
      const limiter = limiters.get(name);
      if (!limiter) return;
      const result = await limiter(this);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(API_MESSAGES.tooManyRequests, retryAfterSeconds(result.ttl));
      if (name === 'global' || RATE_LIMITS[name].per !== 'email' || email === undefined) return;
      // The same fixed window as the plugin's stores count (CounterStore.hit), on the address's own key.
      const { max, windowSeconds } = config.rateLimits[name];
      const { count, resetAt } = await counters.hit(emailKey(name, email), windowSeconds * 1000);
      if (count > max)
        throw tooManyRequests(
          API_MESSAGES.tooManyRequests,
          retryAfterSeconds(resetAt.getTime() - now().getTime()),
        );
    },
  );

  const sweep = setInterval(() => {
    counters
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit counter sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
