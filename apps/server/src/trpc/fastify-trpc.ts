/**
 * Mounts tRPC on Fastify: the official adapter (`fastifyTRPCPlugin`) at `prefix`, with a lean handler in
 * front of it for single GET queries, the hot reads (the catalogue list).
 *
 * Why: tRPC 11's adapters turn every request into a Fetch `Request` and every answer into a `Response`
 * streamed back through Fastify (URL parsing, AbortSignals, web streams). On a cached catalogue page that
 * was ~0.4 ms of CPU per request here, against ~0.05 ms for the whole page over REST (bench/README.md).
 * The lean handler takes the procedure from the router's own table and runs it as tRPC's
 * `resolveResponse` would, with the same context factory and the same middleware chain (`runProcedure`
 * below replaces only tRPC's option copying), so the access middleware (meta.access), input parsing,
 * output validation (outside production) and the error formatter all run as before. It writes
 * what `resolveResponse` writes for a single query: `{"result":{"data":…}}` with 200, or the formatted
 * error shape with the status tRPC derives from it (tRPC's `getErrorShape`, `getHTTPStatusCode`,
 * `transformTRPCResponse`), with the same `vary` and `content-type` headers, and calls `onError` alike.
 *
 * It only takes requests it can answer exactly like the adapter: GET, a plain procedure path naming a
 * query, no query string parameter but `input` (no `batch`, `connectionParams`, …), `input` valid JSON,
 * no `content-type`, `trpc-accept` or JSON-lines `accept` header, and no `responseMeta` option.
 * Everything else (batches, mutations, subscriptions, unknown paths, bad JSON, HEAD) goes to the official
 * handler unchanged. It runs as the route's handler, so every hook (security headers, activity recording,
 * any rate limit) runs exactly as for the adapter. `test/trpc-fast-path*.test.ts` compares the two.
 * Differences by design: the body is sent with a Content-Length instead of streamed, a cached catalogue
 * page is compressed for a client that accepts it (as over REST, lib/prepared-json.ts), and procedures
 * get no AbortSignal (none of ours reads one).
 */
import {
  type AnyTRPCRouter,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  transformTRPCResponse,
} from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { preparedJson, sendPreparedJson } from '../lib/prepared-json';

type TrpcOptions<TRouter extends AnyTRPCRouter> = FastifyTRPCPluginOptions<TRouter>['trpcOptions'];

export interface RegisterTrpcOptions<TRouter extends AnyTRPCRouter> {
  prefix: string;
  trpcOptions: TrpcOptions<TRouter>;
  /** false mounts the official adapter alone (the fidelity test mounts both side by side). */
  fastPath?: boolean;
}

export async function registerTrpc<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  { prefix, trpcOptions, fastPath = true }: RegisterTrpcOptions<TRouter>,
): Promise<void> {
  await app.register(async (scope) => {
    if (fastPath && !trpcOptions.responseMeta) {
      const singleQuery = singleQueryHandler(trpcOptions);
      // The adapter registers one route, `${prefix}/:path`; its handler is wrapped (the documented place
      // to change a route's options is onRoute), so all hooks and the adapter's body parsers stay its own.
      scope.addHook('onRoute', (route) => {
        if (!route.url.endsWith('/:path')) return;
        const official = route.handler;
        route.handler = function (this: FastifyInstance, request, reply) {
          const call = singleQuery.accept(request);
          return call ? singleQuery.answer(call, request, reply) : official.call(this, request, reply);
        } as RouteHandlerMethod;
      });
    }
    await scope.register(fastifyTRPCPlugin, { prefix, trpcOptions });
  });
}

/** A procedure path as the client sends it: no batch (`,`), no encoding left to undo (`%`). */
const PLAIN_PATH = /^[A-Za-z0-9_$.-]+$/;

function takesFastPath(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const headers = request.headers;
  if (headers['content-type'] !== undefined || headers['trpc-accept'] !== undefined) return false;
  return !headers.accept?.includes('application/jsonl');
}

/**
 * The request's raw `input` text ('' without one), or undefined when the query string holds anything
 * else. Parsed with URLSearchParams, as tRPC does, so both read the same value.
 */
export function inputText(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return '';
  const query = url.slice(queryAt + 1);
  // The usual request, `input=<encoded JSON>` alone, decoded as URLSearchParams decodes it ('+' is a
  // space); a malformed escape, which URLSearchParams tolerates, takes the general way below.
  if (query.startsWith('input=') && !query.includes('&')) {
    const value = query.slice('input='.length).replaceAll('+', ' ');
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      // fall through
    }
  }
  let input = '';
  let seen = false;
  for (const [key, value] of new URLSearchParams(query)) {
    if (key !== 'input' || seen) return undefined;
    seen = true;
    input = value;
  }
  return input;
}

const STREAM_DATA_MESSAGE =
  'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink';

const isObject = (item: unknown): item is object =>
  !!item && typeof item === 'object' && !Array.isArray(item);
const isAsyncIterable = (item: unknown) => isObject(item) && Symbol.asyncIterator in item;
const isPromise = (item: unknown) =>
  (typeof item === 'function' || isObject(item)) &&
  typeof (item as { then?: unknown }).then === 'function' &&
  typeof (item as { catch?: unknown }).catch === 'function';

/** tRPC's own test (resolveResponse's isDataStream): such data needs the streaming link. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

export interface CallOptions {
  path: string;
  ctx: unknown;
  type: 'query';
  batchIndex: number;
  signal: AbortSignal | undefined;
  getRawInput: () => Promise<unknown>;
  input: unknown;
}

type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}
type Middleware = (
  opts: CallOptions & {
    meta: unknown;
    next: (nextOpts?: NextOptions) => Promise<MiddlewareResult | undefined>;
  },
) => Promise<MiddlewareResult | undefined>;

interface ProcedureDef {
  type: string;
  meta?: unknown;
  middlewares: Middleware[];
  experimental_caller?: boolean;
}

export type QueryProcedure = ((opts: Omit<CallOptions, 'input'>) => Promise<unknown>) & {
  _def: ProcedureDef;
};

/** tRPC's marker on a middleware result made from a thrown error (its internal `middlewareMarker`). */
const MIDDLEWARE_MARKER = 'middlewareMarker';

/**
 * Calls a procedure's middlewares and resolver as tRPC's own procedure caller does (`createProcedureCaller`
 * and `callRecursive` in @trpc/server 11): each middleware gets the call's options with `meta`, `input`
 * and `next`; `next()` merges ctx, input and getRawInput into the options of the next layer; a thrown
 * error becomes a failed result; the first failure is thrown at the end. tRPC's compiled code copies the
 * options with a helper that defines each property one at a time, several times per layer (~13% of the
 * server's CPU on a cached catalogue hit); here each layer's options are one object literal of a fixed
 * shape. The fidelity tests (test/trpc-fast-path*.test.ts) hold both callers to the same answers.
 */
export async function runProcedure(procedure: QueryProcedure, opts: CallOptions): Promise<unknown> {
  const result = await callLayer(procedure._def, 0, opts);
  if (!result) {
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No result from middlewares - did you forget to `return next()`?',
    });
  }
  if (!result.ok) throw result.error;
  return result.data;
}

async function callLayer(
  def: ProcedureDef,
  index: number,
  o: CallOptions,
): Promise<MiddlewareResult | undefined> {
  try {
    const middleware = def.middlewares[index] as Middleware;
    return await middleware({
      path: o.path,
      ctx: o.ctx,
      type: o.type,
      batchIndex: o.batchIndex,
      signal: o.signal,
      getRawInput: o.getRawInput,
      input: o.input,
      meta: def.meta,
      next: nextLayer(def, index, o),
    });
  } catch (cause) {
    return {
      ok: false,
      error: getTRPCErrorFromUnknown(cause),
      marker: MIDDLEWARE_MARKER,
    } as MiddlewareResult;
  }
}

/*
 * Per-request closures on this path come from small factories that return them unnamed: the server runs
 * under tsx, which compiles with esbuild's `keepNames`, and that gives every closure bound to a name
 * (`const next = () => …`, `{ next: () => … }`) an `Object.defineProperty(fn, 'name', …)` each time it
 * is created, a few per cent of a cached catalogue hit's CPU in all.
 */

/** The `next` that layer `index` hands its middleware: it calls the following layer with merged options. */
function nextLayer(def: ProcedureDef, index: number, o: CallOptions) {
  return (nextOpts?: NextOptions) =>
    callLayer(def, index + 1, {
      path: o.path,
      ctx: nextOpts?.ctx ? { ...(o.ctx as object), ...nextOpts.ctx } : o.ctx,
      type: o.type,
      batchIndex: o.batchIndex,
      signal: o.signal,
      getRawInput: nextOpts?.getRawInput ?? o.getRawInput,
      input: nextOpts && 'input' in nextOpts ? nextOpts.input : o.input,
    });
}

/** A query's raw input, and whether a middleware has read it (only then does onError get it). */
interface RawInput {
  value: unknown;
  read: boolean;
}

function rawInputReader(input: RawInput) {
  return async () => {
    input.read = true;
    return input.value;
  };
}

interface QueryCall {
  path: string;
  procedure: QueryProcedure;
  rawInput: unknown;
}

/**
 * `accept` decides, without side effects, whether a request is a single query the fast path takes;
 * `answer` then answers it the way `resolveResponse` answers a single, non-batched query.
 */
function singleQueryHandler<TRouter extends AnyTRPCRouter>(options: TrpcOptions<TRouter>) {
  const router = options.router;
  const config = router._def._config;
  const procedures = router._def.procedures as Record<string, QueryProcedure | undefined>;
  // Our context factory reads only req and res (trpc/init.ts), never the adapter's request info.
  const createContext = options.createContext as (opts: {
    req: FastifyRequest;
    res: FastifyReply;
  }) => unknown;

  /** The error response resolveResponse writes: tRPC's error shape (through our formatter) and status. */
  function errorResponse(
    request: FastifyRequest,
    cause: unknown,
    ctx: unknown,
    path: string | undefined,
    input: unknown,
  ): { status: number; body: unknown } {
    const error = getTRPCErrorFromUnknown(cause);
    options.onError?.({ error, path, input, ctx, type: 'query', req: request });
    const response = { error: getTRPCErrorShape({ config, error, type: 'query', path, input, ctx }) };
    return { status: getHTTPStatusCode(response), body: transformTRPCResponse(config, response) };
  }

  /** The call when this request is one the fast path takes (decided before anything runs), else undefined. */
  function accept(request: FastifyRequest): QueryCall | undefined {
    if (!takesFastPath(request)) return undefined;
    const path = (request.params as { path?: string }).path;
    if (!path || !PLAIN_PATH.test(path) || !Object.hasOwn(procedures, path)) return undefined;
    const procedure = procedures[path];
    if (typeof procedure !== 'function' || procedure._def.type !== 'query') return undefined;
    if (procedure._def.experimental_caller || !Array.isArray(procedure._def.middlewares)) return undefined;
    const text = inputText(request.url);
    if (text === undefined) return undefined;
    let rawInput: unknown;
    if (text) {
      try {
        rawInput = config.transformer.input.deserialize(JSON.parse(text));
      } catch {
        return undefined; // the adapter answers with its own parse error
      }
    }
    return { path, procedure, rawInput };
  }

  async function answer(
    { path, procedure, rawInput }: QueryCall,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    let ctx: unknown;
    const input: RawInput = { value: rawInput, read: false };
    let response: { status: number; body: unknown };
    try {
      ctx = await createContext({ req: request, res: reply });
      // Every middleware of the procedure runs, as when resolveResponse calls it (see runProcedure).
      const data = await runProcedure(procedure, {
        path,
        ctx,
        type: 'query',
        batchIndex: 0,
        signal: undefined,
        getRawInput: rawInputReader(input),
        input: undefined,
      });
      response = isDataStream(data)
        ? // resolveResponse raises this outside the call, so it reports it without path or input.
          errorResponse(
            request,
            new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: STREAM_DATA_MESSAGE }),
            ctx,
            undefined,
            undefined,
          )
        : // What transformTRPCResponse(config, { result: { data } }) returns, without its copies of the envelope.
          { status: 200, body: { result: { data: config.transformer.output.serialize(data) } } };
    } catch (cause) {
      response = errorResponse(request, cause, ctx, path, input.read ? input.value : undefined);
    }

    // The adapter's headers, exactly: Fastify would append "; charset=utf-8" to a JSON-typed string, not
    // to bytes. A cached catalogue page carries its JSON already (lib/prepared-json.ts).
    reply.status(response.status).header('vary', 'trpc-accept, accept').type('application/json');
    const prepared = preparedJson(response.body);
    if (prepared) return sendPreparedJson(request, reply, prepared);
    return reply.send(Buffer.from(JSON.stringify(response.body)));
  }

  return { accept, answer };
}
