/**
 * tRPC setup. Every procedure declares its access in `meta` (the same Access type as the REST table);
 * one middleware enforces it, and a procedure without a declaration is refused (fail closed).
 */
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import {
  type Access,
  AUTHENTICATED,
  accessDecision,
  type Permission,
  PUBLIC,
  requires,
} from '@lectio/contracts/permissions';
import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError, z } from 'zod';
import { AppError, issuesFromZod } from '../lib/errors';
// Brings the FastifyRequest.getActor augmentation into any program that type-checks this file (the web app does).
import type {} from '../plugins/request-actor';
import type { TokenService } from '../services/auth/tokens';
import type { Actor, ServiceContext } from '../services/context';

export interface TrpcMeta {
  access: Access;
}

export function createContextFactory(services: ServiceContext, tokens: TokenService) {
  return ({ req, res }: CreateFastifyContextOptions) => ({
    services,
    tokens,
    req,
    res,
    getActor: () => req.getActor(),
  });
}
export type TrpcContext = Awaited<ReturnType<ReturnType<typeof createContextFactory>>>;

const TRPC_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_ERROR: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;

/** Service errors become tRPC errors with the same message and status. */
export function toTrpcError(error: unknown): unknown {
  if (error instanceof AppError)
    return new TRPCError({ code: TRPC_CODE[error.code], message: error.message, cause: error });
  return error;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<TrpcMeta>()
  .create({
    errorFormatter({ shape, error }) {
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
          path: shape.data.path,
          appCode,
          ...(issues ? { issues } : {}),
        },
      };
    },
  });

export const router = t.router;

/**
 * The output schema of a procedure. Outside production tRPC checks every response against its contract,
 * as the REST registrar does; in production both skip the check (the services build the shapes, and
 * re-validating a large course page cost more CPU than building it). Types are unchanged either way.
 */
export function contractOutput<S extends z.ZodType>(schema: S): S {
  return process.env.NODE_ENV === 'production' ? (z.custom<z.output<S>>() as unknown as S) : schema;
}
export const createCallerFactory = t.createCallerFactory;

const enforceAccess = t.middleware(async ({ meta, ctx, next }) => {
  if (!meta?.access)
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Procedure declares no access' });
  let actor: Actor | null;
  try {
    actor = await ctx.getActor();
  } catch (error) {
    if (meta.access.kind === 'public' && error instanceof AppError) actor = null;
    else throw toTrpcError(error);
  }
  const decision = accessDecision(meta.access, actor);
  if (decision === 401) throw new TRPCError({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.notSignedIn });
  if (decision === 403) throw new TRPCError({ code: 'FORBIDDEN', message: AUTH_MESSAGES.forbidden });
  // tRPC's `next()` does not throw: a failure downstream comes back as `{ ok: false, error }`, with a
  // service's AppError as the cause of a generic INTERNAL_SERVER_ERROR. Re-throw it with its own status.
  const result = await next({ ctx: { ...ctx, actor } });
  if (!result.ok && result.error.cause instanceof AppError) throw toTrpcError(result.error.cause);
  return result;
});

const base = t.procedure.use(enforceAccess);

export const publicProcedure = base.meta({ access: PUBLIC });
export const authedProcedure = base.meta({ access: AUTHENTICATED }).use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.notSignedIn });
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});
export function requirePermission(...anyOf: Permission[]) {
  return base.meta({ access: requires(...anyOf) }).use(({ ctx, next }) => {
    if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.notSignedIn });
    return next({ ctx: { ...ctx, actor: ctx.actor } });
  });
}
