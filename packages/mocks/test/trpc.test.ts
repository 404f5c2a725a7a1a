/** The /trpc handler with the real @trpc/client: batched and unbatched links, queries and mutations, errors. */
import type { AppRouter } from '@lectio/contracts/api';
import { VALIDATION } from '@lectio/contracts/messages';
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCourse, buildCoursePage, createApiMocks, mockError, resetFactories } from '../src/index';
import { json } from './json';

const TRPC = 'http://lectio.test/trpc';
const onError = vi.fn();
const api = createApiMocks({ baseUrl: 'http://lectio.test', onError, access: 'off' });
const server = setupServer(...api.handlers);

/** Every /trpc request the client sends, to see what was batched. */
let requests: Request[] = [];
server.events.on('request:start', ({ request }) => {
  if (new URL(request.url).pathname.startsWith('/trpc/')) requests.push(request);
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  resetFactories();
  requests = [];
});
afterEach(() => {
  api.reset();
  onError.mockReset();
});
afterAll(() => server.close());

const batched = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: TRPC })] });
const unbatched = createTRPCClient<AppRouter>({ links: [httpLink({ url: TRPC })] });

/** The TRPCClientError a call rejected with. */
async function rejection(promise: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter>;
}

describe('httpBatchLink', () => {
  it('answers two queries sent together in one request', async () => {
    const page = buildCoursePage();
    api.answer('courses.list', page);
    api.answer('courses.get', ({ input, transport }) => ({
      data: buildCourse({ _id: input.id, title: transport }),
    }));
    const [list, one] = await Promise.all([
      batched.courses.list.query({ limit: 3 }),
      batched.courses.get.query({ id: 'c-42' }),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toContain('/trpc/courses.list,courses.get?batch=1');
    expect(list).toEqual(page);
    expect(one.data).toMatchObject({ _id: 'c-42', title: 'trpc' });
    expect(api.calls('courses.list')[0]?.input).toEqual({ limit: 3 });
  });

  it('mixed success and error in one batch: data for one, a TRPCClientError with appCode for the other', async () => {
    api.answer('courses.list', buildCoursePage([]));
    api.fail('courses.get', 'NOT_FOUND', 'Course not found');
    const [list, one] = await Promise.allSettled([
      batched.courses.list.query({}),
      batched.courses.get.query({ id: 'missing' }),
    ]);
    expect(requests).toHaveLength(1);
    expect(list).toMatchObject({ status: 'fulfilled', value: { data: { courses: [], nextCursor: null } } });
    expect(one.status).toBe('rejected');
    const error = (one as PromiseRejectedResult).reason as TRPCClientError<AppRouter>;
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(error.message).toBe('Course not found');
    expect(error.data).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      path: 'courses.get',
      appCode: 'NOT_FOUND',
    });
    expect(error.shape?.code).toBe(-32004);
  });

  it('field issues of a service error reach data.issues (mixed batch, 207)', async () => {
    api.answer('meta.health', { status: 'ok', database: 'ok', version: '1' });
    api.fail('auth.signup', 'CONFLICT', 'Email already registered', [
      { path: 'email', message: 'Email already registered' },
    ]);
    const statuses: number[] = [];
    server.events.on('response:mocked', ({ response }) => statuses.push(response.status));
    const [health, signup] = await Promise.allSettled([
      batched.meta.health.query(),
      batched.auth.signup.mutate({
        name: 'Asha Rao',
        email: 'asha@example.com',
        password: 'secret123',
        confirmPassword: 'secret123',
      }),
    ]);
    server.events.removeAllListeners('response:mocked');
    expect(health.status).toBe('fulfilled');
    const error = (signup as PromiseRejectedResult).reason as TRPCClientError<AppRouter>;
    expect(error.data).toMatchObject({
      code: 'CONFLICT',
      httpStatus: 409,
      appCode: 'CONFLICT',
      issues: [{ path: 'email', message: 'Email already registered' }],
    });
    // A query (GET) and a mutation (POST) are two requests, each with a single status.
    expect(requests.map((request) => request.method).sort()).toEqual(['GET', 'POST']);
    expect(statuses.sort()).toEqual([200, 409]);
  });

  it('answers 207 to a batch whose calls end differently', async () => {
    api.answer('courses.list', buildCoursePage([]));
    api.fail('courses.get', 'NOT_FOUND');
    const response = await fetch(
      `${TRPC}/courses.list,courses.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {}, 1: { id: 'x' } }))}`,
    );
    expect(response.status).toBe(207);
    const body = await json<[unknown, { error: { data: unknown } }]>(response);
    expect(body[0]).toEqual({ result: { data: { data: { courses: [], nextCursor: null } } } });
    expect(body[1].error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, path: 'courses.get' });
  });

  it('sends mutations as POST and records their input', async () => {
    api.answer('payment.createIntent', ({ input }) => ({
      clientSecret: 'pi_1_secret',
      paymentIntentId: 'pi_1',
      amount: 1999,
      currency: 'INR',
      provider: 'test' as const,
      ...(input.courseId === 'free' ? { enrolled: true } : {}),
    }));
    const intent = await batched.payment.createIntent.mutate({ courseId: 'c-1' });
    expect(intent).toMatchObject({ paymentIntentId: 'pi_1', amount: 1999 });
    expect(requests.map((request) => request.method)).toEqual(['POST']);
    expect(api.calls('payment.createIntent')).toMatchObject([
      { input: { courseId: 'c-1' }, transport: 'trpc' },
    ]);
  });
});

describe('httpLink', () => {
  it('answers a query (GET) and a mutation (POST)', async () => {
    api.answer('courses.get', ({ input }) => ({ data: buildCourse({ _id: input.id }) }));
    api.answer('courses.delete', { message: 'Course deleted' });
    expect((await unbatched.courses.get.query({ id: 'c-1' })).data._id).toBe('c-1');
    expect(await unbatched.courses.delete.mutate({ id: 'c-1' })).toEqual({ message: 'Course deleted' });
    expect(requests.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
      ['GET', '/trpc/courses.get'],
      ['POST', '/trpc/courses.delete'],
    ]);
  });

  it('answers operations without input', async () => {
    api.answer('meta.health', { status: 'ok', database: 'ok', version: '2.0.0' });
    expect(await unbatched.meta.health.query()).toEqual({ status: 'ok', database: 'ok', version: '2.0.0' });
    expect(api.calls('meta.health')[0]?.input).toBeUndefined();
  });

  it.each([
    ['UNAUTHORIZED', 401, 'UNAUTHORIZED'],
    ['FORBIDDEN', 403, 'FORBIDDEN'],
    ['NOT_FOUND', 404, 'NOT_FOUND'],
    ['CONFLICT', 409, 'CONFLICT'],
    ['PAYMENT_FAILED', 402, 'PAYMENT_REQUIRED'],
    ['TOO_MANY_REQUESTS', 429, 'TOO_MANY_REQUESTS'],
    ['SERVICE_UNAVAILABLE', 503, 'SERVICE_UNAVAILABLE'],
  ] as const)('fail(%s) is status %i, tRPC code %s, with appCode', async (code, status, key) => {
    api.fail('payment.confirm', code, 'Nope');
    const statuses: number[] = [];
    server.events.on('response:mocked', ({ response }) => statuses.push(response.status));
    const error = await rejection(unbatched.payment.confirm.mutate({ paymentIntentId: 'pi_1' }));
    server.events.removeAllListeners('response:mocked');
    expect(statuses).toEqual([status]);
    expect(error.message).toBe('Nope');
    expect(error.data).toEqual({ code: key, httpStatus: status, path: 'payment.confirm', appCode: code });
  });
});

describe('invalid input', () => {
  it('is 400 BAD_REQUEST with the field issues, as tRPC reports a failed input parse (no appCode)', async () => {
    const answer = vi.fn();
    api.answer('courses.create', answer);
    const error = await rejection(
      batched.courses.create.mutate({
        title: ' ',
        shortDescription: 'Short',
        category: 'Design',
        level: 'Beginner',
      }),
    );
    expect(error.data).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      path: 'courses.create',
      issues: [{ path: 'title', message: 'Title is required' }],
    });
    expect(error.message).toContain('Title is required');
    expect(answer).not.toHaveBeenCalled();
  });

  it('fail(VALIDATION_ERROR, ..., issues) looks the same over tRPC', async () => {
    api.fail('auth.login', 'VALIDATION_ERROR', undefined, [
      { path: 'email', message: VALIDATION.emailInvalid },
    ]);
    const error = await rejection(
      unbatched.auth.login.mutate({ email: 'asha@example.com', password: 'secret123' }),
    );
    expect(error.data).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      path: 'auth.login',
      issues: [{ path: 'email', message: VALIDATION.emailInvalid }],
    });
  });

  it('a query without its input object is refused, as the server does', async () => {
    api.answer('courses.list', buildCoursePage([]));
    const error = await rejection((batched.courses.list.query as (input?: unknown) => Promise<unknown>)());
    expect(error.data?.httpStatus).toBe(400);
  });
});

describe('protocol', () => {
  it('refuses a mutation over GET and a query over POST with 405, and an unknown procedure with 404', async () => {
    const get = await fetch(`${TRPC}/courses.delete?input=${encodeURIComponent('{"id":"x"}')}`);
    expect(get.status).toBe(405);
    expect((await json<{ error: { data: unknown } }>(get)).error.data).toEqual({
      code: 'METHOD_NOT_SUPPORTED',
      httpStatus: 405,
      path: 'courses.delete',
    });
    const post = await fetch(`${TRPC}/courses.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"x"}',
    });
    expect(post.status).toBe(405);
    const unknown = await fetch(`${TRPC}/courses.nope`);
    expect(unknown.status).toBe(404);
    expect((await json<{ error: unknown }>(unknown)).error).toMatchObject({
      message: 'No procedure found on path "courses.nope"',
      data: { code: 'NOT_FOUND', httpStatus: 404, path: 'courses.nope' },
    });
    const unreadable = await fetch(`${TRPC}/courses.get?input=%7Bnope`);
    expect(unreadable.status).toBe(400);
    expect((await json<{ error: unknown }>(unreadable)).error).toMatchObject({
      message: expect.stringContaining('JSON'),
      data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'courses.get' },
    });
  });

  it('mockError() in an answer and answerOnce() work over tRPC too', async () => {
    api.answerOnce('courses.list', () => mockError('SERVICE_UNAVAILABLE', 'Try again'));
    api.answer('courses.list', buildCoursePage([]));
    const first = await rejection(batched.courses.list.query({}));
    expect(first.data).toMatchObject({ httpStatus: 503, appCode: 'SERVICE_UNAVAILABLE' });
    expect((await batched.courses.list.query({})).data.courses).toEqual([]);
  });

  it('an answer violating the output schema fails the call loudly, not the rest of the batch', async () => {
    api.answer('courses.get', { data: { title: 'incomplete' } } as never);
    api.answer('meta.health', { status: 'ok', database: 'ok', version: '1' });
    const [one, health] = await Promise.allSettled([
      batched.courses.get.query({ id: 'c-1' }),
      batched.meta.health.query(),
    ]);
    expect(health.status).toBe('fulfilled');
    const error = (one as PromiseRejectedResult).reason as TRPCClientError<AppRouter>;
    expect(error.message).toMatch(
      /^@lectio\/mocks: the answer for courses.get does not match its output schema/,
    );
    expect(error.data).toEqual({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'courses.get' });
    expect(onError).toHaveBeenCalledOnce();
  });
});
