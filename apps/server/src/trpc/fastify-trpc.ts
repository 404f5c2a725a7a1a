/**
 * Mounts tRPC on Fastify: the official adapter (`fastifyTRPCPlugin`) at `prefix`, with a lean handler in
 * front of it for single GET queries, the hot reads (the catalogue list).
 *
 * Why: tRPC 11's adapters turn every request into a Fetch `Request` and every answer into a `Response`
 * streamed back through Fastify (URL parsing, AbortSignals, web streams). On a cached catalogue page that
 * was ~0.4 ms of CPU per request here, against ~0.05 ms for the whole page over REST (bench/README.md).
 * The lean handler takes the procedure from the router's own table and calls it exactly as tRPC's
 * `resolveResponse` does, with the same context factory, so the access middleware (meta.access), input
 * parsing, output validation (outside production) and the error formatter all run as before. It writes
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
function inputText(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return '';
  let input = '';
  let seen = false;
  for (const [key, value] of new URLSearchParams(url.slice(queryAt + 1))) {
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

type QueryProcedure = ((opts: {
  path: string;
  ctx: unknown;
  type: 'query';
  batchIndex: number;
  signal: AbortSignal | undefined;
  getRawInput: () => Promise<unknown>;
}) => Promise<unknown>) & { _def: { type: string } };

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
    let inputRead = false;
    let response: { status: number; body: unknown };
    try {
      ctx = await createContext({ req: request, res: reply });
      // Called exactly as resolveResponse calls it, so every middleware runs.
      const data = await procedure({
        path,
        ctx,
        type: 'query',
        batchIndex: 0,
        signal: undefined,
        getRawInput: async () => {
          inputRead = true;
          return rawInput;
        },
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
        : { status: 200, body: transformTRPCResponse(config, { result: { data } }) };
    } catch (cause) {
      response = errorResponse(request, cause, ctx, path, inputRead ? rawInput : undefined);
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
