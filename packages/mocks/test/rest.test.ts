/** The REST /api/v1 handlers: inputs from path, query and body, statuses, route precedence, errors. */
import { VALIDATION } from '@lectio/contracts/messages';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it, vi } from 'vitest';
import {
  type AuthSession,
  buildAuthSession,
  buildCourse,
  buildCoursePage,
  buildLecture,
  buildUploadSignature,
  type Course,
  createApiMocks,
  type Lecture,
  MockApiError,
  mockError,
  type UploadSignature,
} from '../src/index';
import { json } from './json';
import { API, useMockServer } from './mock-server';

const { api, server, onError } = useMockServer();

const jsonHeaders = { 'content-type': 'application/json' };
const get = (path: string, headers?: Record<string, string>) => fetch(`${API}${path}`, { headers });
const send = (method: string, path: string, body?: unknown) =>
  fetch(`${API}${path}`, {
    method,
    headers: jsonHeaders,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('inputs', () => {
  it('GET: parses the query string with the operation schema (coercion, defaults)', async () => {
    const page = buildCoursePage();
    api.answer('courses.list', page);
    const response = await get('/courses?limit=5&category=DevOps&search=docker');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(page);
    expect(api.calls('courses.list')[0]?.input).toEqual({ limit: 5, category: 'DevOps', search: 'docker' });
    await get('/courses');
    expect(api.calls('courses.list')[1]?.input).toEqual({ limit: 12 });
    // A repeated key is an array, as the server's query parser reads it (and so refused here).
    expect((await get('/courses?level=Beginner&level=Advanced')).status).toBe(400);
  });

  it('GET: takes path parameters (decoded) and hands the call to an answer function', async () => {
    api.answer('courses.get', ({ input, transport, request }) => {
      expect(transport).toBe('rest');
      expect(request.headers.get('authorization')).toBe('Bearer token-1');
      return { data: buildCourse({ _id: input.id }) };
    });
    const response = await get('/courses/course%201', { authorization: 'Bearer token-1' });
    expect(response.status).toBe(200);
    expect((await json<{ data: Course }>(response)).data._id).toBe('course 1');
    expect(api.calls('courses.get').map((call) => call.input)).toEqual([{ id: 'course 1' }]);
  });

  it('POST: parses the JSON body and answers the declared success status (201)', async () => {
    api.answer('courses.create', ({ input }) => ({
      message: 'Course created',
      data: { course: buildCourse({ title: input.title, category: input.category, level: input.level }) },
    }));
    const response = await send('POST', '/courses', {
      title: '  Go for Backend Developers ',
      shortDescription: 'Concurrency, HTTP services and testing in Go.',
      category: 'Backend Development',
      level: 'Intermediate',
      price: 1299,
    });
    expect(response.status).toBe(201);
    expect((await json<{ data: { course: Course } }>(response)).data.course).toMatchObject({
      title: 'Go for Backend Developers',
    });
    expect(api.calls('courses.create')[0]?.input).toMatchObject({
      title: 'Go for Backend Developers',
      price: 1299,
    });
  });

  it('PATCH: merges path parameters into the body', async () => {
    api.answer('courses.update', ({ input }) => ({
      message: 'Course updated',
      data: { course: buildCourse({ _id: input.id, price: input.price ?? 0 }) },
    }));
    const response = await send('PATCH', '/courses/abc-123', { price: 2499, id: 'ignored' });
    expect(response.status).toBe(200);
    expect(api.calls('courses.update')[0]?.input).toEqual({ id: 'abc-123', price: 2499 });
    expect((await json<{ data: { course: Course } }>(response)).data.course).toMatchObject({
      _id: 'abc-123',
      price: 2499,
    });

    api.answer('lectures.reorder', ({ input }) => ({
      videos: input.lectureIds.map((_id, index) =>
        buildLecture({ _id, courseId: input.courseId, order: index + 1 }),
      ),
    }));
    const reordered = await send('PATCH', '/videos/course-9/order', { lectureIds: ['b', 'a'] });
    expect((await json<{ videos: Lecture[] }>(reordered)).videos.map((lecture) => lecture._id)).toEqual([
      'b',
      'a',
    ]);
    expect(api.calls('lectures.reorder')[0]?.input).toEqual({ courseId: 'course-9', lectureIds: ['b', 'a'] });
  });

  it('DELETE: takes the path parameter', async () => {
    api.answer('courses.delete', { message: 'Course deleted' });
    const response = await send('DELETE', '/courses/c-1');
    expect(response.status).toBe(200);
    expect(api.calls('courses.delete')[0]?.input).toEqual({ id: 'c-1' });
  });

  it('operations without input record undefined', async () => {
    api.answer('auth.refresh', buildAuthSession());
    expect((await get('/auth/refresh')).status).toBe(200);
    expect(api.calls('auth.refresh')[0]?.input).toBeUndefined();
  });
});

describe('route precedence', () => {
  it('GET /videos/signature is media.uploadSignature, not lectures.list', async () => {
    api.answer('media.uploadSignature', ({ input }) => buildUploadSignature({ courseId: input.courseId }));
    api.answer('lectures.list', { videos: [] });
    const response = await get('/videos/signature?courseId=c-1&kind=thumbnail');
    expect(response.status).toBe(200);
    expect((await json<UploadSignature>(response)).key).toMatch(/^courses\/c-1\//);
    expect(api.calls('media.uploadSignature')[0]?.input).toEqual({ courseId: 'c-1', kind: 'thumbnail' });
    expect(api.calls('lectures.list')).toEqual([]);

    await get('/videos/some-course');
    expect(api.calls('lectures.list')[0]?.input).toEqual({ id: 'some-course' });
  });

  it('GET /courses/my-courses is courses.mine and /courses/coures-overview courses.overview, not courses.get', async () => {
    api.answer('courses.mine', buildCoursePage([]));
    api.fail('courses.get', 'NOT_FOUND');
    expect((await get('/courses/my-courses')).status).toBe(200);
    api.fail('courses.overview', 'FORBIDDEN');
    expect((await get('/courses/coures-overview')).status).toBe(403);
    expect(api.calls('courses.mine')).toHaveLength(1);
    expect(api.calls('courses.overview')).toHaveLength(1);
    expect(api.calls('courses.get')).toEqual([]);
  });

  it('GET /videos/video/{lectureId} is lectures.get', async () => {
    api.answer('lectures.get', ({ input }) => ({
      data: { lecture: buildLecture({ _id: input.lectureId }) },
    }));
    expect((await get('/videos/video/l-1')).status).toBe(200);
    expect(api.calls('lectures.get')[0]?.input).toEqual({ lectureId: 'l-1' });
  });
});

describe('errors', () => {
  it.each([
    ['auth.login', 'UNAUTHORIZED', 401, 'Invalid email or password'],
    ['courses.overview', 'FORBIDDEN', 403, 'You do not have permission to do that'],
    ['courses.get', 'NOT_FOUND', 404, 'Course not found'],
    ['auth.signup', 'CONFLICT', 409, 'Email already registered'],
    ['payment.confirm', 'PAYMENT_FAILED', 402, 'Your card was declined.'],
    ['auth.login', 'TOO_MANY_REQUESTS', 429, 'Too many login attempts'],
    ['payment.createIntent', 'SERVICE_UNAVAILABLE', 503, 'Payments are unavailable'],
  ] as const)('fail(%s, %s) answers %i with { message, code }', async (path, code, status, message) => {
    api.fail(path, code, message);
    const bodies = {
      'auth.login': { email: 'asha@example.com', password: 'secret123' },
      'auth.signup': {
        name: 'Asha',
        email: 'asha@example.com',
        password: 'secret123',
        confirmPassword: 'secret123',
      },
      'payment.confirm': { paymentIntentId: 'pi_1' },
      'payment.createIntent': { courseId: 'c-1' },
    } as Record<string, unknown>;
    const routes = {
      'auth.login': ['POST', '/auth/login'],
      'auth.signup': ['POST', '/auth/signup'],
      'courses.overview': ['GET', '/courses/coures-overview'],
      'courses.get': ['GET', '/courses/c-1'],
      'payment.confirm': ['POST', '/payment/confirm-payment'],
      'payment.createIntent': ['POST', '/payment/create-payment-intent'],
    } as const;
    const [method, route] = routes[path];
    const response = await send(method, route, bodies[path]);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message, code });
  });

  it('fail() without a message uses the API message for the code', async () => {
    api.fail('courses.get', 'NOT_FOUND');
    api.fail('auth.me', 'UNAUTHORIZED');
    api.fail('payment.config', 'PAYMENT_FAILED');
    expect(await (await get('/courses/x')).json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect(await (await get('/auth/me')).json()).toEqual({
      message: 'You must be signed in to do that',
      code: 'UNAUTHORIZED',
    });
    expect(await (await get('/payment/config')).json()).toEqual({
      message: 'Payment failed',
      code: 'PAYMENT_FAILED',
    });
  });

  it('fail(VALIDATION_ERROR) with field issues answers 400 with the issues', async () => {
    api.fail('courses.create', 'VALIDATION_ERROR', undefined, [
      { path: 'title', message: 'Title is required' },
    ]);
    const response = await send('POST', '/courses', {
      title: 'A valid title',
      shortDescription: 'Short',
      category: 'Design',
      level: 'Beginner',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'title', message: 'Title is required' }],
    });
  });

  it('invalid input answers 400 VALIDATION_ERROR with the schema issues, without calling the answer', async () => {
    const answer = vi.fn();
    api.answer('auth.signup', answer);
    const response = await send('POST', '/auth/signup', {
      name: 'Asha',
      email: 'not-an-email',
      password: '123',
    });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body).toMatchObject({ message: 'Invalid request', code: 'VALIDATION_ERROR' });
    expect(body.issues).toEqual([
      { path: 'email', message: VALIDATION.emailInvalid },
      { path: 'password', message: VALIDATION.passwordTooShort },
      { path: 'confirmPassword', message: VALIDATION.confirmPasswordRequired },
    ]);
    expect(answer).not.toHaveBeenCalled();
    expect(api.calls('auth.signup')).toEqual([]);

    const query = await get('/courses?limit=1000&level=Expert');
    expect(query.status).toBe(400);
    expect((await json(query)).issues?.map((issue) => issue.path)).toEqual(['limit', 'level']);
  });

  it('a body that is not JSON or not an object is refused as the server does', async () => {
    const text = await fetch(`${API}/auth/login`, { method: 'POST', headers: jsonHeaders, body: 'nope' });
    expect(text.status).toBe(400);
    const array = await send('PATCH', '/courses/c-1', ['title']);
    expect(array.status).toBe(400);
    expect((await json(array)).code).toBe('VALIDATION_ERROR');
  });

  it('mockError() throws a MockApiError from an answer: fail the first call, succeed the second', async () => {
    let attempts = 0;
    api.answer('courses.list', () => {
      attempts += 1;
      return attempts === 1 ? mockError('SERVICE_UNAVAILABLE') : buildCoursePage([]);
    });
    expect((await get('/courses')).status).toBe(503);
    expect((await get('/courses')).status).toBe(200);
    expect(() => mockError('CONFLICT', 'Taken', [{ path: 'email', message: 'Taken' }])).toThrowError(
      MockApiError,
    );
  });

  it('answerOnce/failOnce queue one-off answers before the standing one (refresh and retry)', async () => {
    api.answer('auth.me', ({ request }) =>
      request.headers.get('authorization') === 'Bearer fresh'
        ? { user: buildAuthSession().user }
        : mockError('UNAUTHORIZED', 'Your session has expired. Please sign in again.'),
    );
    api.failOnce('auth.refresh', 'UNAUTHORIZED');
    api.answerOnce('auth.refresh', buildAuthSession({ accessToken: 'fresh' }));
    expect((await get('/auth/me', { authorization: 'Bearer stale' })).status).toBe(401);
    expect((await get('/auth/refresh')).status).toBe(401);
    const refreshed = await json<AuthSession>(await get('/auth/refresh'));
    expect(refreshed.accessToken).toBe('fresh');
    expect((await get('/auth/me', { authorization: `Bearer ${refreshed.accessToken}` })).status).toBe(200);
    // The queue is used up and there is no standing answer: 501.
    expect((await get('/auth/refresh')).status).toBe(501);
    expect(api.calls('auth.refresh')).toHaveLength(3);
  });

  it('an operation without an answer is 501 NOT_IMPLEMENTED naming it', async () => {
    const response = await get('/payment/config');
    expect(response.status).toBe(501);
    expect(await response.json()).toEqual({
      message: '@lectio/mocks: no answer registered for payment.config',
      code: 'NOT_IMPLEMENTED',
    });
  });
});

describe('answers that the API could not give', () => {
  it('an answer violating the output schema is a 500 naming the operation, reported to onError', async () => {
    api.answer('courses.list', { data: { courses: [{ title: 'No id' }], nextCursor: null } } as never);
    const response = await get('/courses');
    expect(response.status).toBe(500);
    const body = await json(response);
    expect(body.code).toBe('INTERNAL_SERVER_ERROR');
    expect(body.message).toMatch(
      /^@lectio\/mocks: the answer for courses.list does not match its output schema/,
    );
    expect(body.message).toContain('_id');
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0].message).toBe(body.message);
  });

  it('an answer function throwing something else is a 500 reported to onError', async () => {
    api.answer('courses.list', () => {
      throw new TypeError('oops');
    });
    const response = await get('/courses');
    expect(response.status).toBe(500);
    expect((await json(response)).message).toBe(
      '@lectio/mocks: the answer for courses.list threw: TypeError: oops',
    );
    expect(onError).toHaveBeenCalledOnce();
  });

  it('onError defaults to console.error', async () => {
    const local = createApiMocks({ baseUrl: 'http://other.test/' });
    server.use(...local.handlers);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    local.answer('payment.config', { provider: 'paypal' } as never);
    expect((await fetch('http://other.test/api/v1/payment/config')).status).toBe(500);
    expect(consoleError).toHaveBeenCalledOnce();
    consoleError.mockRestore();
    server.resetHandlers();
  });
});

describe('calls() and reset()', () => {
  it('records parsed inputs oldest first, as a snapshot', async () => {
    api.answer('courses.get', ({ input }) => ({ data: buildCourse({ _id: input.id }) }));
    await get('/courses/a');
    const snapshot = api.calls('courses.get');
    await get('/courses/b');
    expect(snapshot.map((call) => call.input.id)).toEqual(['a']);
    expect(api.calls('courses.get').map((call) => call.input.id)).toEqual(['a', 'b']);
  });

  it('reset() forgets answers, queued answers, defaults and calls', async () => {
    api.answer('courses.list', buildCoursePage([]));
    api.answerOnce('courses.get', { data: buildCourse() });
    api.answerDefaults();
    await get('/courses');
    api.reset();
    expect(api.calls('courses.list')).toEqual([]);
    expect((await get('/courses')).status).toBe(501);
    expect((await get('/courses/x')).status).toBe(501);
    expect((await get('/admin/overview')).status).toBe(501);
  });
});

describe('baseUrl', () => {
  it('matches only the given origin', async () => {
    const local = createApiMocks({ baseUrl: 'http://localhost:3000/' });
    local.answer('meta.health', { status: 'ok', database: 'ok', version: '1.2.3' });
    // Anything the local handlers leave goes to this fallback.
    const only = setupServer(
      ...local.handlers,
      http.all('*', () => new HttpResponse(null, { status: 418 })),
    );
    server.close();
    only.listen({ onUnhandledFrame: 'error' });
    try {
      const health = await fetch('http://localhost:3000/api/v1/health');
      expect(await json<{ version: string }>(health)).toMatchObject({ version: '1.2.3' });
      expect((await fetch('http://elsewhere.test/api/v1/health')).status).toBe(418);
      expect(local.calls('meta.health')).toHaveLength(1);
    } finally {
      only.close();
      server.listen({ onUnhandledFrame: 'error' });
    }
  });
});
