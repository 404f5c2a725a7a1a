/**
 * The tRPC single-query fast path (src/trpc/fastify-trpc.ts) against the official Fastify adapter, mounted
 * side by side on one app (`/trpc` and `/trpc-adapter`, same router, context and database): for each
 * request both must answer with the same status, body and headers. Run in test mode
 * (trpc-fast-path.test.ts) and with NODE_ENV=production (trpc-fast-path.production.test.ts), where tRPC
 * skips output validation and hides internal errors.
 */
import { brotliDecompressSync } from 'node:zlib';
import { createCourse, createLecture, createUser } from '@lectio/db/seed/factories';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/trpc/router';
import { type SignedInUser, signIn } from './catalogue';
import type { createTestApp as CreateTestApp, TestApp } from './test-app';

export const ADAPTER_PREFIX = '/trpc-adapter';

/** Headers that legitimately differ: the adapter streams its body, the fast path sends it in one piece. */
const FRAMING = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * A difference by design: the fast path compresses a cached catalogue page for a client that accepts it
 * (lib/prepared-json.ts), so its Vary also names Accept-Encoding on such a page.
 */
const varyWithoutAcceptEncoding = (vary: unknown) =>
  typeof vary === 'string' ? vary.replace(/, accept-encoding$/, '') : vary;

function comparable(response: LightMyRequestResponse) {
  const headers = Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !FRAMING.has(name.toLowerCase()))
      .map(([name, value]) => [name, name === 'vary' ? varyWithoutAcceptEncoding(value) : value]),
  );
  return { status: response.statusCode, headers, body: response.body };
}

export function describeTrpcFidelity(
  mode: string,
  createTestApp: typeof CreateTestApp,
  /** Whether tRPC checks outputs against their contracts in this mode (not in production). */
  validatesOutputs: boolean,
): void {
  describe(`tRPC fast path vs the official adapter (${mode})`, () => {
    let t: TestApp;
    let student: SignedInUser;
    let publishedId: string;

    /** The same request through both mounts. */
    async function both(
      pathAndQuery: string,
      options: { method?: 'GET' | 'POST' | 'HEAD'; headers?: Record<string, string>; payload?: string } = {},
    ) {
      const send = (prefix: string) =>
        t.app.inject({
          method: options.method ?? 'GET',
          url: `${prefix}/${pathAndQuery}`,
          headers: options.headers ?? {},
          ...(options.payload === undefined ? {} : { payload: options.payload }),
        });
      // The adapter first, so that when a page is cached the adapter is the one that filled it.
      const adapter = await send(ADAPTER_PREFIX);
      const fast = await send('/trpc');
      return { fast, adapter };
    }

    /** Same status, headers (but framing) and body byte for byte. */
    function expectSame({
      fast,
      adapter,
    }: {
      fast: LightMyRequestResponse;
      adapter: LightMyRequestResponse;
    }) {
      expect(comparable(fast)).toEqual(comparable(adapter));
    }

    /** The fast path answered: it sends a Content-Length, the adapter streams its Response body. */
    function expectFastPath(fast: LightMyRequestResponse, adapter: LightMyRequestResponse) {
      expect(fast.headers['content-length']).toBe(String(Buffer.byteLength(fast.body)));
      expect(adapter.headers['content-length']).toBeUndefined();
    }

    /** The request went to the official adapter on both mounts (the fast path declined it). */
    function expectAdapterOnBoth(fast: LightMyRequestResponse, adapter: LightMyRequestResponse) {
      expect(fast.headers['content-length']).toBeUndefined();
      expect(adapter.headers['content-length']).toBeUndefined();
    }

    const input = (value: unknown) => `?input=${encodeURIComponent(JSON.stringify(value))}`;

    beforeAll(async () => {
      t = await createTestApp({}, undefined, { trpcAdapterOnlyPrefix: ADAPTER_PREFIX });
      const instructor = await createUser(t.db, { role: 'instructor', name: 'Ada Ünicode “quoted”' });
      for (let i = 0; i < 5; i += 1) {
        const course = await createCourse(t.db, {
          instructorId: instructor.id,
          title: `Course ${i}: C++ & "JSON" \u2028 ☃`,
          category: 'Web Development',
        });
        publishedId = course.id;
        await createLecture(t.db, { courseId: course.id, isPreview: true });
        await createLecture(t.db, { courseId: course.id });
      }
      await createCourse(t.db, { instructorId: instructor.id, isPublished: false, title: 'Draft' });
      student = await signIn(t, 'student');
    });

    afterAll(async () => {
      await t?.close();
    });

    it(`runs the procedures ${validatesOutputs ? 'with' : 'without'} output validation`, () => {
      // tRPC keeps a procedure's middlewares in its (untyped) _def; output validation is one of kind 'output'.
      const procedures = appRouter._def.procedures as unknown as Record<
        string,
        { _def: { middlewares: object[] } }
      >;
      const kinds = procedures['courses.list']?._def.middlewares.map(
        (mw) => (mw as { _type?: string })._type,
      );
      expect(kinds?.includes('output')).toBe(validatesOutputs);
      expect(kinds?.includes('input')).toBe(true);
    });

    it('answers courses.list for an anonymous visitor exactly like the adapter', async () => {
      const { fast, adapter } = await both(`courses.list${input({ limit: 3 })}`);
      expect(fast.statusCode).toBe(200);
      expect(fast.json().result.data.data.courses).toHaveLength(3);
      expect(fast.headers['content-type']).toBe('application/json');
      // Outside production the page is re-validated into a new object, which is not the cached one.
      expect(fast.headers.vary).toBe(
        validatesOutputs ? 'trpc-accept, accept' : 'trpc-accept, accept, accept-encoding',
      );
      expect(fast.headers['content-security-policy']).toBeTruthy();
      expectFastPath(fast, adapter);
      expectSame({ fast, adapter });
    });

    // Production only: outside it the page is re-validated into a new object, which is not the cached one.
    if (!validatesOutputs) {
      it('compresses a cached courses.list page for a client that accepts it, to the adapter’s body', async () => {
        const { fast, adapter } = await both(`courses.list${input({ limit: 5 })}`, {
          headers: { 'accept-encoding': 'gzip, br' },
        });
        expect(adapter.headers['content-encoding']).toBeUndefined();
        expect(fast.statusCode).toBe(200);
        expect(fast.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(fast.rawPayload).toString('utf8')).toBe(adapter.body);
      });
    }

    it('answers courses.list with default and filtered input, and without any, like the adapter', async () => {
      const cases: [number, string][] = [
        [200, `courses.list${input({})}`],
        [200, `courses.list${input({ category: 'Web Development', limit: 2 })}`],
        [400, 'courses.list'], // no input at all: the contract wants an object
      ];
      for (const [status, path] of cases) {
        const pair = await both(path);
        expect(pair.fast.statusCode).toBe(status);
        expectFastPath(pair.fast, pair.adapter);
        expectSame(pair);
      }
    });

    it('answers courses.list for a signed-in viewer like the adapter', async () => {
      const pair = await both(`courses.list${input({ limit: 5 })}`, { headers: student.headers });
      expect(pair.fast.statusCode).toBe(200);
      expectFastPath(pair.fast, pair.adapter);
      expectSame(pair);
    });

    it('reads `input` as URLSearchParams does: `+` is a space, %2B a plus', async () => {
      // {"search":"C++ "} written by hand: %2B%2B is "++", the raw "+" a space.
      const pair = await both('courses.list?input=%7B%22search%22%3A%22C%2B%2B+%22%7D');
      expect(pair.fast.statusCode).toBe(200);
      expect(pair.fast.json().result.data.data.courses).toHaveLength(5);
      expectFastPath(pair.fast, pair.adapter);
      expectSame(pair);
    });

    it('gives the same 400 shape for an input the contract refuses', async () => {
      const pair = await both(`courses.list${input({ limit: 0 })}`);
      expect(pair.fast.statusCode).toBe(400);
      expect(pair.fast.json().error.data.code).toBe('BAD_REQUEST');
      expect(pair.fast.json().error.data.issues).toBeDefined();
      expectFastPath(pair.fast, pair.adapter);
      expectSame(pair);
    });

    it('gives the same 401 for a protected query without a session', async () => {
      const pair = await both('courses.mine');
      expect(pair.fast.statusCode).toBe(401);
      expectFastPath(pair.fast, pair.adapter);
      expectSame(pair);
    });

    it('gives the same 403 for a query the caller lacks the permission for', async () => {
      const pair = await both('courses.overview', { headers: student.headers });
      expect(pair.fast.statusCode).toBe(403);
      expectFastPath(pair.fast, pair.adapter);
      expectSame(pair);
    });

    it('gives the same 404 for a course that does not exist, and for a draft', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const pair = await both(`courses.get${input({ id })}`);
        expect(pair.fast.statusCode).toBe(404);
        expectFastPath(pair.fast, pair.adapter);
        expectSame(pair);
      }
    });

    it('answers a query for a signed-in caller (courses.get, courses.mine) like the adapter', async () => {
      for (const path of [`courses.get${input({ id: publishedId })}`, 'courses.mine']) {
        const pair = await both(path, { headers: student.headers });
        expect(pair.fast.statusCode).toBe(200);
        expectFastPath(pair.fast, pair.adapter);
        expectSame(pair);
      }
    });

    it('treats a bad bearer token on a public query as anonymous, as the adapter does', async () => {
      const pair = await both(`courses.list${input({ limit: 2 })}`, {
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(pair.fast.statusCode).toBe(200);
      expectSame(pair);
    });

    it('leaves batched calls to the adapter, which still answers them', async () => {
      const pair = await both(
        `courses.list,courses.mine?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { limit: 2 } }))}`,
      );
      expect(pair.fast.statusCode).toBe(207);
      const [list, mine] = pair.fast.json();
      expect(list.result.data.data.courses).toHaveLength(2);
      expect(mine.error.data.httpStatus).toBe(401);
      expectAdapterOnBoth(pair.fast, pair.adapter);
      expectSame(pair);
    });

    it('leaves unknown procedures, malformed input, mutations and extra parameters to the adapter', async () => {
      const cases: [number, ...Parameters<typeof both>][] = [
        [404, 'courses.nope'],
        [400, 'courses.list?input=%7Bnot-json'],
        [405, `courses.delete${input({ id: publishedId })}`],
        [200, `courses.list${input({ limit: 2 })}&connectionParams=%7B%7D`],
        [400, 'courses.list', { headers: { 'trpc-accept': 'application/jsonl' } }],
        [204, 'courses.list', { method: 'HEAD' }],
      ];
      for (const [status, ...args] of cases) {
        const pair = await both(...args);
        expect(pair.fast.statusCode).toBe(status);
        expectAdapterOnBoth(pair.fast, pair.adapter);
        expectSame(pair);
      }
    });

    it('still runs mutations through the adapter', async () => {
      const instructor = await signIn(t, 'instructor');
      const response = await t.app.inject({
        method: 'POST',
        url: '/trpc/courses.create',
        headers: { ...instructor.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({
          title: 'Made over tRPC',
          shortDescription: 'Mutation',
          category: 'General',
          level: 'Beginner',
        }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().result.data.data.course.title).toBe('Made over tRPC');
    });
  });
}
