/**
 * Catalogue search (issue 16; services/courses/course-search.ts, course-facets.ts): full-text ranking
 * (a title match above a description match), stemming, web-search syntax (-word, "phrases", or), typo
 * suggestions, facets that add up, every order keyset-paged with its own cursor, and hostile input.
 */
import { courseStats, enrollments, queryRows } from '@lectio/db';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

interface Page {
  courses: { _id: string; title: string; price: number; rating: number; studentsCount: number }[];
  nextCursor: string | null;
}

async function page(query: string): Promise<Page> {
  const response = await api.get(t, `/courses?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const titles = async (query: string) => (await page(query)).courses.map((course) => course.title);

async function facets(query: string) {
  const response = await api.get(t, `/courses/facets?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    total: number;
    categories: { value: string; count: number }[];
    levels: { value: string; count: number }[];
    prices: { value: string; count: number }[];
    suggestion: string | null;
  };
}

async function walk(query: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard += 1) {
    const next: Page = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...next.courses.map((course) => course.title));
    cursor = next.nextCursor;
    if (!cursor) break;
  }
  return seen;
}

beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  const instructor = await createUser(t.db, { role: 'instructor' });
  const course = (title: string, rest: Parameters<typeof createCourse>[1] = {}) =>
    createCourse(t.db, { instructorId: instructor.id, title, ...rest });
  await course('Python for Data Science', {
    shortDescription: 'Pandas and notebooks',
    category: 'Data Science',
    level: 'Beginner',
    priceMinor: 49_900,
  });
  await course('Advanced Python Patterns', {
    shortDescription: 'Decorators and metaclasses',
    category: 'Backend Development',
    level: 'Advanced',
    priceMinor: 99_900,
  });
  await course('Web Scraping Basics', {
    shortDescription: 'Requests and parsing',
    description: 'Every example is written in Python, from requests to storage.',
    category: 'Backend Development',
    level: 'Beginner',
    priceMinor: 0,
  });
  await course('Designing Interfaces', {
    shortDescription: 'Layout and colour',
    category: 'Design',
    level: 'Intermediate',
    priceMinor: 29_900,
  });
  await course('Crème brûlée of Café CSS', {
    shortDescription: 'Accents everywhere',
    category: 'Web Development',
    level: 'Beginner',
    priceMinor: 0,
  });
  await course('Java Streams', {
    shortDescription: 'Functional Java',
    category: 'Backend Development',
    level: 'Intermediate',
    priceMinor: 19_900,
  });
  await course('Python Drafts', { isPublished: false });
  // Many plain courses, so paging runs over several pages in every order.
  for (let i = 0; i < 14; i += 1) {
    await course(`Course number ${i}`, {
      shortDescription: 'Plain',
      category: i % 2 ? 'Web Development' : 'Design',
      level: i % 3 ? 'Beginner' : 'Advanced',
      priceMinor: (i % 4) * 10_000,
      rating: (i % 5) + 0.5,
      ratingCount: i,
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe('matching and ranking', () => {
  it('ranks a title match above a description match, published only', async () => {
    const found = await titles('search=python');
    expect(found.slice(0, 2).sort()).toEqual(['Advanced Python Patterns', 'Python for Data Science']);
    expect(found[2]).toBe('Web Scraping Basics');
    expect(found).toHaveLength(3);
  });

  it('stems: "designing" finds "Designing", and "design" finds it too', async () => {
    expect(await titles('search=design')).toEqual(['Designing Interfaces']);
    expect(await titles('search=designs')).toEqual(['Designing Interfaces']);
  });

  it('folds accents and case', async () => {
    expect(await titles('search=CREME BRULEE')).toEqual(['Crème brûlée of Café CSS']);
    expect(await titles('search=cafe')).toEqual(['Crème brûlée of Café CSS']);
  });

  it('understands -word, "phrases" and or', async () => {
    expect(await titles('search=python -advanced')).toEqual([
      'Python for Data Science',
      'Web Scraping Basics',
    ]);
    expect(await titles(`search=${encodeURIComponent('"data science"')}`)).toEqual([
      'Python for Data Science',
    ]);
    expect((await titles('search=java or design')).sort()).toEqual(['Designing Interfaces', 'Java Streams']);
  });

  it('matches a title as it is typed (a word not yet complete)', async () => {
    expect(await titles('search=pyth')).toEqual(expect.arrayContaining(['Python for Data Science']));
    expect(await titles('search=scrap')).toEqual(['Web Scraping Basics']);
  });

  it('combines search with category, level and price filters', async () => {
    expect(await titles('search=python&category=Backend Development')).toEqual([
      'Advanced Python Patterns',
      'Web Scraping Basics',
    ]);
    expect(await titles('search=python&price=free')).toEqual(['Web Scraping Basics']);
    expect(await titles('search=python&level=Beginner&price=paid')).toEqual(['Python for Data Science']);
  });

  it('takes LIKE wildcards, quotes, operators and NUL as text; never a 500', async () => {
    for (const hostile of ['%', '_', '\\', '%%%', "' or 1=1 --", '!(&|', '"', '-', 'a:*', '<->']) {
      const response = await api.get(t, `/courses?search=${encodeURIComponent(hostile)}`);
      expect(response.statusCode, hostile).toBe(200);
      const counted = await api.get(t, `/courses/facets?search=${encodeURIComponent(hostile)}`);
      expect(counted.statusCode, hostile).toBe(200);
    }
    expect((await api.get(t, `/courses?search=${encodeURIComponent('py\u0000thon')}`)).statusCode).toBe(400);
  });
});

describe('typo tolerance', () => {
  it('suggests "python" for "pyhton", whose own search finds nothing', async () => {
    expect(await titles('search=pyhton')).toEqual([]);
    const counted = await facets('search=pyhton');
    expect(counted.total).toBe(0);
    expect(counted.suggestion).toBe('python');
    expect(await titles(`search=${counted.suggestion}`)).toHaveLength(3);
  });

  it('suggests nothing when the search finds enough, or when no respelling finds anything', async () => {
    expect((await facets('search=python')).suggestion).toBeNull();
    expect((await facets('search=zzqx')).suggestion).toBeNull();
  });
});

describe('facets', () => {
  it('count per category, level and price; each facet adds up to the total without its own filter', async () => {
    const all = await facets('search=python');
    expect(all.total).toBe(3);
    const sum = (list: { count: number }[]) => list.reduce((total, item) => total + item.count, 0);
    expect(sum(all.categories)).toBe(3);
    expect(sum(all.levels)).toBe(3);
    expect(sum(all.prices)).toBe(3);
    expect(all.categories.find((item) => item.value === 'Backend Development')?.count).toBe(2);
    expect(all.prices).toEqual([
      { value: 'free', count: 1 },
      { value: 'paid', count: 2 },
    ]);

    // With a level chosen: the level facet still shows every level; the others count within it.
    const beginner = await facets('search=python&level=Beginner');
    expect(beginner.total).toBe(2);
    expect(sum(beginner.levels)).toBe(3);
    expect(sum(beginner.categories)).toBe(2);
    expect(beginner.total).toBe((await page('search=python&level=Beginner&limit=50')).courses.length);
  });

  it('without a search, count the whole published catalogue', async () => {
    const all = await facets('');
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from courses where is_published`,
    );
    expect(all.total).toBe(row?.n);
  });
});

describe('orders and cursors', () => {
  const SORTS = ['relevance', 'newest', 'rating', 'price_low', 'price_high', 'students'] as const;

  it('walks every order page by page without repeats or omissions, in order', async () => {
    const buyer = await createUser(t.db);
    const [first] = (await page('search=number 3&limit=1')).courses;
    if (!first) throw new Error('no course');
    await t.db.insert(enrollments).values({ userId: buyer.id, courseId: first._id, source: 'free' });
    for (const sort of SORTS) {
      const query = sort === 'relevance' ? 'search=course&limit=4' : 'limit=4';
      const walked = await walk(`${query}&sort=${sort}`);
      const whole = await titles(`${query.replace('limit=4', 'limit=100')}&sort=${sort}`);
      expect(walked, sort).toEqual(whole);
      expect(new Set(walked).size, sort).toBe(walked.length);
    }
    const byPrice = (await page('sort=price_low&limit=100')).courses.map((course) => course.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const byPriceDown = (await page('sort=price_high&limit=100')).courses.map((course) => course.price);
    expect(byPriceDown).toEqual([...byPriceDown].sort((a, b) => b - a));
    const students = (await page('sort=students&limit=100')).courses;
    expect(students[0]?._id).toBe(first._id);
    const [stats] = await t.db.select().from(courseStats).where(eq(courseStats.courseId, first._id));
    expect(stats?.enrollments).toBe(students[0]?.studentsCount);
  });

  it('refuses a cursor of another order with 400', async () => {
    const cursors: Record<string, string> = {};
    for (const sort of SORTS) {
      const query = sort === 'relevance' ? 'search=course&limit=2' : 'limit=2';
      const next = (await page(`${query}&sort=${sort}`)).nextCursor;
      if (!next) throw new Error(`no second page for ${sort}`);
      cursors[sort] = next;
    }
    for (const sort of SORTS) {
      for (const [other, cursor] of Object.entries(cursors)) {
        if (other === sort) continue;
        // newest and a relevance query without a search share nothing else; price_low and price_high differ.
        const query = sort === 'relevance' ? 'search=course&limit=2' : 'limit=2';
        const response = await api.get(t, `/courses?${query}&sort=${sort}&cursor=${cursor}`);
        expect(response.statusCode, `${other} cursor on ${sort}`).toBe(400);
      }
    }
  });

  it('reads relevance without a search as newest', async () => {
    expect(await titles('sort=relevance&limit=5')).toEqual(await titles('sort=newest&limit=5'));
  });

  it('answers tRPC the same as REST', async () => {
    const rest = await page('search=python&sort=price_high');
    const viaTrpc = trpcData<{ data: Page }>(
      await trpcQuery(t, 'courses.list', { search: 'python', sort: 'price_high' }),
    );
    expect(viaTrpc.data.courses.map((course) => course._id)).toEqual(
      rest.courses.map((course) => course._id),
    );
    const viewer = await signIn(t, 'student');
    expect((await api.get(t, '/courses/facets?search=python', viewer)).json().data.total).toBe(3);
  });
});
