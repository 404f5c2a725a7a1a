/**
 * The public catalogue's caching as both APIs see it. HTTP caching: `courses.list` declares a cache
 * policy, so anonymous answers over REST and tRPC GET carry Cache-Control (public, s-maxage,
 * stale-while-revalidate), Vary: Authorization and an ETag, and a conditional request that still matches
 * is answered 304 without a body; signed-in answers are private. Behind that, REST `GET /courses` and
 * tRPC `courses.list` parse their input with the same schema and share one micro-cache entry per page.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let instructorId: string;

type Page = inferRouterOutputs<AppRouter>['courses']['list']['data'];

const restIds = async (query: string) =>
  ((await api.get(t, `/courses${query}`)).json().data as Page).courses.map((course) => course._id);
const trpcIds = async (input: unknown, actor?: Parameters<typeof trpcQuery>[3]) =>
  trpcData<{ data: Page }>(await trpcQuery(t, 'courses.list', input, actor)).data.courses.map(
    (course) => course._id,
  );

beforeAll(async () => {
  // A stopped clock: the 2 s TTL must not run out between filling an entry and reading it on a busy machine.
  t = await createTestApp({}, undefined, { clock: new Date() });
  instructorId = (await createUser(t.db, { role: 'instructor', name: 'Zoë “Quotes”' })).id;
  for (let i = 0; i < 4; i += 1) {
    await createCourse(t.db, { instructorId, title: `Shared ${i} – naïve "JSON" ☃`, category: 'Design' });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the public catalogue cached over HTTP and in the process, for REST and tRPC alike', () => {
  it('answers an anonymous REST page with shared-cache headers, an ETag and 304 when unchanged', async () => {
    const first = await api.get(t, '/courses?limit=3');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=30');
    expect(first.headers.vary).toMatch(/authorization/i);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.json().data.courses).toHaveLength(3);

    const again = await api.get(t, '/courses?limit=3');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const conditional = await t.app.inject({
      method: 'GET',
      url: '/api/v1/courses?limit=3',
      headers: { 'if-none-match': etag },
    });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
    expect(conditional.headers.etag).toBe(etag);

    // Another page has another validator; a stale one gets the full page.
    const other = await api.get(t, '/courses?limit=2');
    expect(other.headers.etag).not.toBe(etag);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/courses?limit=2',
      headers: { 'if-none-match': etag },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data.courses).toHaveLength(2);
  });

  it('answers an anonymous tRPC GET of courses.list the same way, batched or not', async () => {
    const input = encodeURIComponent(JSON.stringify({ limit: 3 }));
    const single = await t.app.inject({ method: 'GET', url: `/trpc/courses.list?input=${input}` });
    expect(single.statusCode).toBe(200);
    expect(single.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=30');
    expect(single.headers.vary).toMatch(/authorization/i);
    const etag = String(single.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const conditional = await t.app.inject({
      method: 'GET',
      url: `/trpc/courses.list?input=${input}`,
      headers: { 'if-none-match': etag },
    });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
    expect(conditional.headers.etag).toBe(etag);

    // The web app's batch link sends one call as a batch of one: still cacheable.
    const batchInput = encodeURIComponent(JSON.stringify({ 0: { limit: 3 } }));
    const batchOfOne = await t.app.inject({
      method: 'GET',
      url: `/trpc/courses.list?batch=1&input=${batchInput}`,
    });
    expect(batchOfOne.statusCode).toBe(200);
    expect(batchOfOne.headers.etag).toMatch(/^W\//);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/trpc/courses.list?batch=1&input=${batchInput}`,
      headers: { 'if-none-match': String(batchOfOne.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    // A batch mixing in another procedure is not cached as a whole.
    const mixedInput = encodeURIComponent(JSON.stringify({ 0: { limit: 3 }, 1: {} }));
    const mixed = await t.app.inject({
      method: 'GET',
      url: `/trpc/courses.list,payment.config?batch=1&input=${mixedInput}`,
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.headers.etag).toBeUndefined();
    expect(mixed.headers['cache-control']).toBeUndefined();
  });

  it('keeps signed-in answers and other operations out of shared caches', async () => {
    const student = await signIn(t, 'student');
    const rest = await api.get(t, '/courses?limit=3', student);
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['cache-control']).toBe('private, no-store');
    expect(rest.headers.etag).toBeUndefined();
    const trpc = await trpcQuery(t, 'courses.list', { limit: 3 }, student);
    expect(trpc.headers['cache-control']).toBe('private, no-store');
    expect(trpc.headers.etag).toBeUndefined();

    // Operations without a cache policy send no validator, and a conditional request gets the body.
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'if-none-match': '*' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers.etag).toBeUndefined();
  });

  it('changes the ETag when a write changes the page', async () => {
    const before = await api.get(t, '/courses?limit=20');
    const instructor = await signIn(t, 'instructor');
    const created = await api.post(
      t,
      '/courses',
      {
        title: 'Changes the page',
        shortDescription: 'New',
        category: 'Design',
        level: 'Beginner',
        isPublished: true,
      },
      instructor,
    );
    expect(created.statusCode).toBe(201);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/courses?limit=20',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.courses.map((course: { _id: string }) => course._id)).toContain(
      created.json().data.course._id,
    );
  });

  it('serves REST and tRPC anonymous visitors from one entry per page', async () => {
    // REST fills the entry; a course written behind the service's back is then invisible to both.
    const before = await restIds('?limit=2&category=Design');
    const behind = await createCourse(t.db, { instructorId, title: 'Behind the cache', category: 'Design' });
    expect(await trpcIds({ limit: 2, category: 'Design' })).toEqual(before);
    expect(await restIds('?limit=2&category=Design')).toEqual(before);
    // A signed-in viewer is never served from the cache.
    const student = await signIn(t, 'student');
    expect((await trpcIds({ limit: 2, category: 'Design' }, student))[0]).toBe(behind.id);

    // The other way round: tRPC fills a new entry (another limit), REST reads it.
    const viaTrpc = await trpcIds({ limit: 4 });
    expect(viaTrpc[0]).toBe(behind.id);
    await createCourse(t.db, { instructorId, title: 'Behind again' });
    expect(await restIds('?limit=4')).toEqual(viaTrpc);
  });

  it('is cleared for both by a write through the API', async () => {
    const cachedRest = await restIds('?limit=20');
    const cachedTrpc = await trpcIds({ limit: 20, category: 'General' });
    const instructor = await signIn(t, 'instructor');
    const created = await api.post(
      t,
      '/courses',
      {
        title: 'Fresh for both',
        shortDescription: 'New',
        category: 'General',
        level: 'Beginner',
        isPublished: true,
      },
      instructor,
    );
    expect(created.statusCode).toBe(201);
    const freshId = created.json().data.course._id as string;
    // (The stopped clock dates the new course before the factory-made ones: look for it, not at the top.)
    expect([...cachedRest, ...cachedTrpc]).not.toContain(freshId);
    expect(await trpcIds({ limit: 20 })).toContain(freshId);
    expect(await restIds('?limit=20')).toContain(freshId);
    expect(await restIds('?limit=20&category=General')).toContain(freshId);
  });
});
