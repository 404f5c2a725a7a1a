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
import { ZodError, type z } from 'zod';
import { AppError, issuesFromZod } from '../lib/errors';
// Brings the FastifyRequest.getActor augmentation into any program that type-checks this file (the web app does).
import type {} from '../plugins/request-actor';
import type { TokenService } from '../services/auth/tokens';
import type { Actor, ServiceContext } from '../services/context';

export interface TrpcMeta {
  access: Access;
}

/** Used by the official adapter and by the single-query fast path (fastify-trpc.ts) alike. */
export function createContextFactory(services: ServiceContext, tokens: TokenService) {
  return ({ req, res }: Pick<CreateFastifyContextOptions, 'req' | 'res'>) => ({
    services,
    tokens,
    req,
    res,
    getActor: actorReader(req),
  });
}

/** Returned unnamed, so that tsx's keepNames doesn't rename it on every request (see fastify-trpc.ts). */
function actorReader(req: Pick<CreateFastifyContextOptions, 'req'>['req']) {
  return () => req.getActor();
}
export type TrpcContext = Awaited<ReturnType<ReturnType<typeof createContextFactory>>>;

const TRPC_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_ERROR: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYMENT_FAILED: 'PAYMENT_REQUIRED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
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

/** tRPC accepts a plain function as a parser; this one hands the value on untouched (same object). */
const passThrough = (value: unknown) => value;

/**
 * The output schema of a procedure. Outside production tRPC checks every response against its contract,
 * as the REST registrar does; in production both skip the check (the services build the shapes, and
 * re-validating a large course page cost more CPU than building it). Types are unchanged either way.
 * The production parser is a plain identity function rather than `z.custom()`: no zod parse per call, and
 * the result stays the very object the service returned (a cached page keeps its prepared JSON).
 */
export function contractOutput<S extends z.ZodType>(schema: S): S {
  return process.env.NODE_ENV === 'production' ? (passThrough as unknown as S) : schema;
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
  // tRPC merges `ctx` into the current context itself; handing it only the new key keeps that merge small.
  const result = await next({ ctx: { actor } });
  if (!result.ok && result.error.cause instanceof AppError) throw toTrpcError(result.error.cause);
  return result;
});

/** The builder steps that return another builder (`.query()` and friends return the procedure itself). */
const BUILDER_STEPS = new Set<string | symbol>([
  'input',
  'meta',
  'use',
  'concat',
  'unstable_concat',
  'experimental_caller',
]);

/**
 * In production `.output()` only declares the type. tRPC adds one middleware per `.output()` even for a
 * pass-through parser, and each middleware layer costs several object spreads of the call's options:
 * ~10 µs of CPU per call here, a tenth of a cached catalogue page over tRPC. So in production the
 * builders drop the `.output()` step; everywhere else outputs are validated (contractOutput).
 */
function outputsAsTypesOnly<B extends object>(builder: B): B {
  if (process.env.NODE_ENV !== 'production') return builder;
  return new Proxy(builder, {
    get(target, key) {
      if (key === 'output') return () => outputsAsTypesOnly(target);
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function' || !BUILDER_STEPS.has(key)) return value;
      return (...args: unknown[]) => outputsAsTypesOnly(value.apply(target, args) as object);
    },
  });
}

const base = t.procedure.use(enforceAccess);

export const publicProcedure = outputsAsTypesOnly(base.meta({ access: PUBLIC }));
export const authedProcedure = outputsAsTypesOnly(
  base.meta({ access: AUTHENTICATED }).use(({ ctx, next }) => {
    if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.notSignedIn });
    return next({ ctx: { actor: ctx.actor } });
  }),
);
export function requirePermission(...anyOf: Permission[]) {
  return outputsAsTypesOnly(
    base.meta({ access: requires(...anyOf) }).use(({ ctx, next }) => {
      if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.notSignedIn });
      return next({ ctx: { actor: ctx.actor } });
    }),
  );
}
