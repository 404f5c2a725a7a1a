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
 * The counter a request takes under a limit: its address, or its signed-in user for per-user limits.
 */
function keyGenerator(name: 'global' | RateLimitName) {
  if (name === 'global' || RATE_LIMITS[name].per !== 'user')
    return (request: FastifyRequest) => `rate:${name}:${clientAddress(request)}`;
  return async (request: FastifyRequest) => {
    const actor = await request.getActor();
    return actor ? `rate:${name}:user:${actor.id}` : `rate:${name}:${clientAddress(request)}`;
  };
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
    async function (this: FastifyRequest, name: 'global' | RateLimitName) {
      const limiter = limiters.get(name);
      if (!limiter) return;
      const result = await limiter(this);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(API_MESSAGES.tooManyRequests, retryAfterSeconds(result.ttl));
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
