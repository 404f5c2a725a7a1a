/**
 * The fast path's procedure caller (runProcedure in src/trpc/fastify-trpc.ts) against tRPC's own
 * (calling the procedure): the same results, the same errors and the same options seen by each
 * middleware, for middlewares that extend ctx, replace the input or getRawInput, throw, fail downstream
 * or forget to call next. Also its reading of the `input` parameter against URLSearchParams.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CallOptions,
  inputText,
  type QueryProcedure,
  registerTrpc,
  runProcedure,
} from '../src/trpc/fastify-trpc';

interface Ctx {
  user: string | null;
  seen: unknown[];
}
const t = initTRPC.context<Ctx>().meta<{ access: string }>().create();

/** Records what a middleware is handed, minus the function-valued keys (compared by presence). */
const record = t.middleware(async (opts) => {
  const { next, getRawInput, ...rest } = opts;
  opts.ctx.seen.push({
    ...rest,
    keys: Object.keys(opts).sort(),
    next: typeof next,
    rawInput: await getRawInput(),
  });
  return next({ ctx: { user: 'ada' } });
});

const router = t.router({
  ok: t.procedure
    .use(record)
    .meta({ access: 'public' })
    .input(z.object({ limit: z.number().default(12) }))
    .use(record)
    .query(({ ctx, input }) => ({ user: ctx.user, input })),
  replaced: t.procedure
    .use(({ next }) => next({ input: { limit: 3, extra: true } }))
    .use(({ next }) => next({ getRawInput: async () => ({ limit: 4 }) }))
    .use(record)
    .input(z.object({ limit: z.number() }))
    .query(({ input }) => input),
  throws: t.procedure
    .use(() => {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'no' });
    })
    .query(() => 'never'),
  failsDownstream: t.procedure
    .use(async ({ next }) => next())
    .query(() => {
      throw new Error('resolver broke');
    }),
  badInput: t.procedure.input(z.object({ limit: z.number() })).query(({ input }) => input),
  noNext: t.procedure.use((async () => undefined) as never).query(() => 'never'),
});

const procedures = router._def.procedures as unknown as Record<string, QueryProcedure>;

function options(rawInput: unknown): Omit<CallOptions, 'ctx'> {
  return {
    path: 'p',
    type: 'query',
    batchIndex: 0,
    signal: undefined,
    getRawInput: async () => rawInput,
    input: undefined,
  };
}

/** Runs a procedure both ways; each gets its own ctx so what the middlewares saw can be compared. */
async function both(name: string, rawInput: unknown) {
  const procedure = procedures[name] as QueryProcedure;
  const viaTrpc: Ctx = { user: null, seen: [] };
  const viaFastPath: Ctx = { user: null, seen: [] };
  const settle = (promise: Promise<unknown>) =>
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({
        error: error instanceof TRPCError ? { code: error.code, message: error.message } : String(error),
        cause: error instanceof TRPCError ? error.cause?.constructor.name : undefined,
      }),
    );
  const trpc = await settle(procedure({ ...options(rawInput), ctx: viaTrpc }));
  const fast = await settle(runProcedure(procedure, { ...options(rawInput), ctx: viaFastPath }));
  return { trpc, fast, seenByTrpc: viaTrpc.seen, seenByFast: viaFastPath.seen };
}

describe('runProcedure, the fast path caller, against tRPC’s', () => {
  it('gives the same result, and each middleware the same options', async () => {
    const { trpc, fast, seenByTrpc, seenByFast } = await both('ok', { limit: 5 });
    expect(trpc).toEqual({ value: { user: 'ada', input: { limit: 5 } } });
    expect(fast).toEqual(trpc);
    expect(seenByTrpc).toHaveLength(2);
    expect(seenByFast).toEqual(seenByTrpc);
  });

  it('passes on an input and a getRawInput that a middleware replaces', async () => {
    const { trpc, fast, seenByTrpc, seenByFast } = await both('replaced', { limit: 1 });
    expect(trpc).toEqual({ value: { limit: 4, extra: true } });
    expect(fast).toEqual(trpc);
    expect(seenByFast).toEqual(seenByTrpc);
  });

  it('throws what a middleware throws, what fails downstream, and a bad input, alike', async () => {
    for (const [name, rawInput] of [
      ['throws', undefined],
      ['failsDownstream', undefined],
      ['badInput', { limit: 'many' }],
      ['noNext', undefined],
    ] as const) {
      const { trpc, fast } = await both(name, rawInput);
      expect('error' in trpc, name).toBe(true);
      expect(fast, name).toEqual(trpc);
    }
  });
});

/** A body without the error's stack trace (tRPC's default formatter adds one outside production). */
function withoutStack(body: { error?: { data?: { stack?: string } } }) {
  delete body.error?.data?.stack;
  return body;
}

describe('the fast path’s onError, against the adapter’s', () => {
  it('gets the input only once a middleware has read it, the code and the path, like the adapter', async () => {
    const app = Fastify();
    const calls: Record<string, unknown[]> = { fast: [], adapter: [] };
    for (const [name, fastPath] of [
      ['fast', true],
      ['adapter', false],
    ] as const) {
      await registerTrpc(app, {
        prefix: `/${name}`,
        fastPath,
        trpcOptions: {
          router,
          createContext: () => ({ user: null, seen: [] }),
          onError: ({ error, path, input, type }) =>
            calls[name]?.push({ code: error.code, path, input, type }),
        },
      });
    }
    await app.ready();
    try {
      const requests = [
        `throws?input=${encodeURIComponent('{"limit":1}')}`, // refused before the input is read
        `badInput?input=${encodeURIComponent('{"limit":"many"}')}`, // the input parser read it
        'failsDownstream',
      ];
      for (const request of requests) {
        const fast = await app.inject(`/fast/${request}`);
        const adapter = await app.inject(`/adapter/${request}`);
        expect(fast.statusCode, request).toBe(adapter.statusCode);
        expect(withoutStack(fast.json()), request).toEqual(withoutStack(adapter.json()));
      }
      expect(calls.adapter).toEqual([
        { code: 'FORBIDDEN', path: 'throws', input: undefined, type: 'query' },
        { code: 'BAD_REQUEST', path: 'badInput', input: { limit: 'many' }, type: 'query' },
        { code: 'INTERNAL_SERVER_ERROR', path: 'failsDownstream', input: undefined, type: 'query' },
      ]);
      expect(calls.fast).toEqual(calls.adapter);
    } finally {
      await app.close();
    }
  });
});

describe('inputText, the fast path’s reading of `input`', () => {
  it('reads what URLSearchParams reads, and declines any other parameter', () => {
    const cases = [
      '',
      'input=',
      `input=${encodeURIComponent('{"limit":12}')}`,
      'input={"limit":12}',
      'input=a+b%2Bc',
      'input=a=b',
      'input=%E2%98%83%20snow',
      'input=%E2%98',
      'input=%zz',
      'input=%',
      `input=${encodeURIComponent('{"search":"C++ & more"}')}`,
    ];
    for (const query of cases) {
      const expected = new URLSearchParams(query).get('input') ?? '';
      expect(inputText(`/trpc/courses.list?${query}`), query).toBe(expected);
    }
    expect(inputText('/trpc/courses.list')).toBe('');
    expect(inputText('/trpc/courses.list?input=1&batch=1')).toBeUndefined();
    expect(inputText('/trpc/courses.list?input=1&input=2')).toBeUndefined();
    expect(inputText('/trpc/courses.list?other=1')).toBeUndefined();
  });
});
