/**
 * tRPC setup. Each procedure carries its operation's declaration in `meta`; one middleware enforces the
 * declared access before anything else runs, and a procedure without a declaration is refused (fail
 * closed). REST calls the same procedures (rest/register.ts), so access is enforced here only.
 */
import type { ApiTrpcErrorShape, ProcedureMeta } from '@lectio/contracts/api';
import { TRPC_CODE_FOR_ERROR } from '@lectio/contracts/errors';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { accessDecision } from '@lectio/contracts/permissions';
import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError } from 'zod';
import { AppError, forbidden, issuesFromZod, unauthorized } from '../lib/errors';
// Brings the FastifyRequest.getActor augmentation into any program that type-checks this file.
import type {} from '../plugins/request-actor';
import type { TokenService } from '../services/auth/tokens';
import type { Actor, ServiceContext } from '../services/context';

/** The context of every call, over /trpc and over REST alike: the services and the HTTP exchange. */
export function createContextFactory(services: ServiceContext, tokens: TokenService) {
  return ({ req, res }: Pick<CreateFastifyContextOptions, 'req' | 'res'>) => ({ services, tokens, req, res });
}
export type TrpcContext = ReturnType<ReturnType<typeof createContextFactory>>;

/** A service error as a tRPC error with the same message and status; the AppError stays its cause. */
function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_FOR_ERROR[error.code], message: error.message, cause: error });
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
        message: hideInternals ? 'Internal server error' : shape.message,
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
  // tRPC's `next()` does not throw: a failure downstream comes back as `{ ok: false, error }`, with a
  // service's AppError as the cause of a generic INTERNAL_SERVER_ERROR. Re-throw it with its own status.
  const result = await next({ ctx: { actor } });
  if (!result.ok && result.error.cause instanceof AppError) throw toTrpcError(result.error.cause);
  return result;
});

/** Every procedure starts here; build-router.ts adds the operation's meta, input, output and resolver. */
export const operationProcedure = t.procedure.use(enforceAccess);
