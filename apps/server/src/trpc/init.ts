/**
 * tRPC setup. Each procedure carries its operation's declaration in `meta`; one middleware enforces the
 * declared access before anything else runs, and a procedure without a declaration is refused (fail
 * closed). REST calls the same procedures (rest/register.ts), so access is enforced here only.
 */
import { type ApiTrpcErrorShape, operations, type ProcedureMeta } from '@lectio/contracts/api';
import { TRPC_CODE_FOR_ERROR } from '@lectio/contracts/errors';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { accessDecision } from '@lectio/contracts/permissions';
import type { RateLimitName } from '@lectio/contracts/rate-limits';
import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError } from 'zod';
import { databaseBreakerFor } from '../lib/database-breaker';
import { refusedValueError } from '../lib/database-errors';
import { databaseUnavailable, databaseUnavailableError } from '../lib/database-unavailable';
import { AppError, forbidden, issuesFromZod, unauthorized } from '../lib/errors';
import { redactedErrorText } from '../lib/log-redaction';
// Brings the FastifyRequest.getActor augmentation into any program that type-checks this file.
import type {} from '../plugins/request-actor';
// ...and FastifyRequest.enforceRateLimit (plugins/rate-limit.ts).
import type {} from '../plugins/request-rate-limit';
import type { TokenService } from '../services/auth/tokens';
import type { Actor, ServiceContext } from '../services/context';

/** The context of every call, over /trpc and over REST alike: the services and the HTTP exchange. */
export function createContextFactory(services: ServiceContext, tokens: TokenService) {
  return ({ req, res }: Pick<CreateFastifyContextOptions, 'req' | 'res'>) => ({ services, tokens, req, res });
}
export type TrpcContext = ReturnType<ReturnType<typeof createContextFactory>>;

/**
 * A service error as a tRPC error with the same message and status; the AppError stays its cause. Its
 * headers (a 429's Retry-After) go on `reply` when given, as the REST error handler sends them.
 */
function toTrpcError(error: AppError, reply?: TrpcContext['res']): TRPCError {
  if (reply && error.headers) reply.headers(error.headers);
  return new TRPCError({ code: TRPC_CODE_FOR_ERROR[error.code], message: error.message, cause: error });
}

/** Counts the call against a rate limit; over it, a 429 in tRPC's shape with Retry-After. */
async function enforceRateLimit(ctx: TrpcContext, name: 'global' | RateLimitName): Promise<void> {
  try {
    await ctx.req.enforceRateLimit(name);
  } catch (error) {
    throw error instanceof AppError ? toTrpcError(error, ctx.res) : error;
  }
}

/**
 * The context of a request to /trpc. The per-IP ceiling is taken here, once per HTTP request (a batch
 * is one, as on REST, and at most TRPC_MAX_BATCH_SIZE calls), so that a refusal has tRPC's error shape;
 * every other route is counted by the rate-limit plugin's hook, on the same counter.
 */
export function createTrpcRequestContext(services: ServiceContext, tokens: TokenService) {
  const createContext = createContextFactory(services, tokens);
  return async (options: Pick<CreateFastifyContextOptions, 'req' | 'res'>): Promise<TrpcContext> => {
    const ctx = createContext(options);
    await enforceRateLimit(ctx, 'global');
    return ctx;
  };
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }): ApiTrpcErrorShape {
      const cause = error.cause;
      const appCode = cause instanceof AppError ? cause.code : undefined;
      const issues =
        cause instanceof ZodError
          ? issuesFromZod(cause)
          : cause instanceof AppError
            ? cause.issues
            : undefined;
      const hideInternals = process.env.NODE_ENV === 'production' && error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        message: hideInternals ? 'Internal server error' : redactedErrorText(error, shape.message),
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          ...(shape.data.path ? { path: shape.data.path } : {}),
          ...(appCode ? { appCode } : {}),
          ...(issues ? { issues } : {}),
          ...(shape.data.stack ? { stack: shape.data.stack } : {}),
        },
      };
    },
  });

export const router = t.router;

/** Loads the actor and applies the operation's declared access: 401/403 before the input is even read. */
const enforceAccess = t.middleware(async ({ meta, ctx, next }) => {
  const access = meta?.operation.access;
  if (!access)
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Procedure declares no access' });
  let actor: Actor | null;
  try {
    actor = await ctx.req.getActor();
  } catch (error) {
    // On public operations a bad or suspended session just means "anonymous".
    if (access.kind === 'public' && error instanceof AppError) actor = null;
    else throw error instanceof AppError ? toTrpcError(error) : error;
  }
  const decision = accessDecision(access, actor);
  if (decision === 401) throw toTrpcError(unauthorized(AUTH_MESSAGES.notSignedIn));
  if (decision === 403) throw toTrpcError(forbidden(AUTH_MESSAGES.forbidden));
  // The operation's own rate limit (its declaration's `rateLimit`), after access: per-user limits key on
  // the actor. REST calls run this procedure too, so both transports count under the one rule.
  const limit = meta.operation.rateLimit;
  if (limit) await enforceRateLimit(ctx, limit);
  // tRPC's `next()` does not throw: a failure downstream comes back as `{ ok: false, error }`, with a
  // service's AppError as the cause of a generic INTERNAL_SERVER_ERROR. Re-throw it with its own status,
  // and PostgreSQL refusing an input value as the 400 it is (plugins/error-handler.ts does so for REST).
  const result = await next({ ctx: { actor } });
  if (result.ok) return result;
  if (result.error.cause instanceof AppError) throw toTrpcError(result.error.cause, ctx.res);
  const refused = refusedValueError(result.error.cause);
  if (refused) {
    ctx.req.log.warn({ err: result.error.cause }, 'the database refused an input value');
    throw toTrpcError(refused);
  }
  return result;
});

/**
 * The database unreachable anywhere below (the actor's session, a rate-limit counter, the resolver) is a
 * 503 with Retry-After (lib/database-unavailable.ts), not a 500. Outermost, so that it sees what
 * `enforceAccess` lets through as well as what it throws; REST gets the same AppError from this. While
 * the database is known to be unreachable the call is answered at once (lib/database-breaker.ts), except
 * the health check: it is the one call that must still try the database, to report on it.
 */
const databaseUnavailableAs503 = t.middleware(async ({ ctx, meta, next }) => {
  const breaker = databaseBreakerFor(ctx.services.db);
  if (breaker.isOpen && meta?.operation !== operations.meta.health)
    throw toTrpcError(databaseUnavailable(), ctx.res);
  const result = await next();
  if (result.ok) return result;
  const unavailable = databaseUnavailableError(result.error.cause);
  if (!unavailable) return result;
  breaker.record(result.error.cause, ctx.req.log);
  throw toTrpcError(unavailable, ctx.res);
});

/** Every procedure starts here; build-router.ts adds the operation's meta, input, output and resolver. */
export const operationProcedure = t.procedure.use(databaseUnavailableAs503).use(enforceAccess);
