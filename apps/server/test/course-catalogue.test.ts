/**
 * The public catalogue (GET /courses, courses.list): published only, keyset pagination without
 * duplicates or omissions (also across identical and microsecond-apart timestamps), search over title,
 * short description and tags with the user's wildcards taken literally, category and level filters.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { API_MESSAGES } from '@lectio/contracts/messages';
import { courses } from '@lectio/db';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let publishedIds: string[];

type Page = inferRouterOutputs<AppRouter>['courses']['list']['data'];

async function restPage(query: string): Promise<Page> {
  const response = await api.get(t, `/courses${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function walk(fetchPage: (cursor: string | null) => Promise<Page>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const page = await fetchPage(cursor);
    seen.push(...page.courses.map((course) => course._id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  const instructor = await createUser(t.db, { role: 'instructor' });
  const base = Date.parse('2026-03-01T12:00:00Z');
  for (let i = 0; i < 23; i += 1) {
    // Every third course shares its timestamp with the previous one: the id must break the tie.
    const at = new Date(base - Math.floor(i / 2) * 60_000);
    await createCourse(t.db, { instructorId: instructor.id, createdAt: at, title: `Catalogue course ${i}` });
  }
  for (let i = 0; i < 4; i += 1) {
    await createCourse(t.db, { instructorId: instructor.id, isPublished: false, title: `Hidden draft ${i}` });
  }
  // Three courses a few microseconds apart: a millisecond cursor would lose or repeat one of them.
  for (const micro of ['000001', '000002', '000003']) {
    const course = await createCourse(t.db, { instructorId: instructor.id, title: `Micro ${micro}` });
    await t.db.execute(
      sql`update courses set created_at = ${`2026-02-01T00:00:00.${micro}Z`}::timestamptz where id = ${course.id}`,
    );
  }
  // Search fixtures.
  await createCourse(t.db, {
    instructorId: instructor.id,
    title: '50% off Kubernetes',
    shortDescription: 'Containers at scale',
    category: 'DevOps',
    level: 'Advanced',
    tags: 'k8s',
  });
  await createCourse(t.db, {
    instructorId: instructor.id,
    title: '500 ways to deploy',
    shortDescription: 'Pipelines',
    category: 'DevOps',
    level: 'Beginner',
    tags: 'ci',
  });
  await createCourse(t.db, {
    instructorId: instructor.id,
    title: 'snake_case naming',
    shortDescription: 'Style for Python',
    category: 'Backend Development',
    level: 'Beginner',
    tags: 'python, style',
  });
  await createCourse(t.db, {
    instructorId: instructor.id,
    title: 'Snakes and ladders',
    shortDescription: 'Board games with PYTHON scripting',
    category: 'General',
    level: 'Intermediate',
    tags: 'games',
  });
  await createCourse(t.db, {
    instructorId: instructor.id,
    isPublished: false,
    title: 'Secret python draft',
    category: 'Backend Development',
  });
  const rows = await t.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(desc(courses.createdAt), desc(courses.id));
  publishedIds = rows.map((row) => row.id);
});
afterAll(async () => {
  await t.close();
});

describe('GET /courses pagination', () => {
  it('defaults to 12 published courses, newest first, with a cursor', async () => {
    const page = await restPage('');
    expect(page.courses).toHaveLength(12);
    expect(page.courses.every((course) => course.isPublished)).toBe(true);
    expect(page.courses.map((course) => course._id)).toEqual(publishedIds.slice(0, 12));
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('honours limit (the home page asks for 4)', async () => {
    const page = await restPage('?limit=4');
    expect(page.courses.map((course) => course._id)).toEqual(publishedIds.slice(0, 4));
  });

  it.each([1, 5, 7, 100])('walks every published course exactly once with limit %i', async (limit) => {
    const seen = await walk((cursor) => restPage(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
    expect(seen).toEqual(publishedIds);
  });

  it('ends with a null cursor on the last page', async () => {
    const page = await restPage(`?limit=${publishedIds.length}`);
    expect(page.nextCursor).toBeNull();
  });

  it.each(['garbage!', 'abc', Buffer.from('2026-01-01|x').toString('base64url'), 'x'.repeat(300)])(
    'refuses the cursor %j with 400',
    async (cursor) => {
      const response = await api.get(t, `/courses?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(API_MESSAGES.invalidCursor);
    },
  );

  it.each(['0', '101', 'abc'])('refuses limit=%s', async (limit) => {
    expect((await api.get(t, `/courses?limit=${limit}`)).statusCode).toBe(400);
  });

  it('tRPC courses.list pages identically', async () => {
    const seen = await walk(async (cursor) => {
      const response = await trpcQuery(t, 'courses.list', { limit: 6, ...(cursor ? { cursor } : {}) });
      return trpcData<{ data: Page }>(response).data;
    });
    expect(seen).toEqual(publishedIds);
    expect((await trpcQuery(t, 'courses.list', { cursor: 'nope' })).statusCode).toBe(400);
  });
});

describe('GET /courses search and filters', () => {
  const titles = async (query: string) =>
    (await restPage(`?limit=100&${query}`)).courses.map(
      (course) => (course as unknown as { title: string }).title,
    );

  it('searches title, short description and tags, case-insensitively, published only', async () => {
    expect((await titles('search=PYTHON')).sort()).toEqual(['Snakes and ladders', 'snake_case naming']);
    expect(await titles('search=containers')).toEqual(['50% off Kubernetes']);
    expect(await titles('search=K8S')).toEqual(['50% off Kubernetes']);
    expect(await titles('search=nothing-matches-this')).toEqual([]);
  });

  it('takes % and _ in the search text literally', async () => {
    expect(await titles(`search=${encodeURIComponent('50%')}`)).toEqual(['50% off Kubernetes']);
    // The title containing `snake_` first; "Snakes" after it, by its stem.
    expect(await titles('search=snake_')).toEqual(['snake_case naming', 'Snakes and ladders']);
    expect(await titles(`search=${encodeURIComponent('e_c')}`)).toEqual(['snake_case naming']);
    // Under 3 characters a search matches whole words only (decision 0044): a lone symbol is no word.
    expect(await titles(`search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await titles('search=_')).toEqual([]);
    expect(await titles(`search=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('filters by category and level, alone and with search', async () => {
    expect((await titles('category=DevOps')).sort()).toEqual(['50% off Kubernetes', '500 ways to deploy']);
    expect(await titles('category=DevOps&level=Beginner')).toEqual(['500 ways to deploy']);
    expect(await titles('search=python&category=General')).toEqual(['Snakes and ladders']);
    const advanced = await titles('level=Advanced');
    expect(advanced).toEqual(['50% off Kubernetes']);
    expect((await api.get(t, '/courses?category=Cooking')).statusCode).toBe(400);
    expect((await api.get(t, '/courses?level=Expert')).statusCode).toBe(400);
  });

  it('paginates a filtered list without duplicates', async () => {
    const expected = await t.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.isPublished, true), eq(courses.category, 'Web Development')))
      .orderBy(desc(courses.createdAt), desc(courses.id));
    const seen = await walk((cursor) =>
      restPage(
        `?limit=4&category=${encodeURIComponent('Web Development')}${cursor ? `&cursor=${cursor}` : ''}`,
      ),
    );
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it('searches through tRPC too', async () => {
    const data = trpcData<{ data: { courses: { title: string }[] } }>(
      await trpcQuery(t, 'courses.list', { search: '50%' }),
    );
    expect(data.data.courses.map((course) => course.title)).toEqual(['50% off Kubernetes']);
  });
});

describe('the anonymous catalogue cache (CATALOGUE_CACHE_SECONDS, default 2 s)', () => {
  const firstIds = async (actor?: Parameters<typeof api.get>[2]) =>
    (await api.get(t, '/courses?limit=3', actor))
      .json()
      .data.courses.map((course: { _id: string }) => course._id);

  it('shows a course written through the API at once, and others within the TTL', async () => {
    const instructor = await signIn(t, 'instructor');
    await firstIds();
    const created = await api.post(
      t,
      '/courses',
      { title: 'Fresh', shortDescription: 'New', category: 'General', level: 'Beginner', isPublished: true },
      instructor,
    );
    const freshId = created.json().data.course._id as string;
    expect((await firstIds())[0]).toBe(freshId);

    // Written behind the service's back (as another instance would): cached for anonymous visitors only.
    const behind = await createCourse(t.db, { instructorId: instructor.user.id });
    expect(await firstIds()).not.toContain(behind.id);
    expect((await firstIds(instructor))[0]).toBe(behind.id);
    t.advanceClock(2001);
    expect((await firstIds())[0]).toBe(behind.id);
  });

  it('is off with CATALOGUE_CACHE_SECONDS=0', async () => {
    const uncached = await createTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
    try {
      const list = async () =>
        (await uncached.app.inject({ method: 'GET', url: '/api/v1/courses' })).json().data.courses;
      expect(await list()).toEqual([]);
      await createCourse(uncached.db);
      expect(await list()).toHaveLength(1);
    } finally {
      await uncached.close();
    }
  });
});
