/**
 * Catalogue search (issue 16; services/courses/course-search.ts, course-facets.ts): full-text ranking
 * (a title match above a description match), stemming, web-search syntax (-word, "phrases", or), typo
 * suggestions, facets that add up, every order keyset-paged with its own cursor, and hostile input.
 */
import type { CourseFacets, CourseListQuery } from '@lectio/contracts/course';
import { courseStats, enrollments, queryRows } from '@lectio/db';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../src/services/context';
import { courseFacets } from '../src/services/courses/course-facets';
import { positiveWords, RELEVANCE_CANDIDATES } from '../src/services/courses/course-search';
import { coursePageQuery, publishedScope } from '../src/services/courses/list-courses';
import { api, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { explainPlan } from './helpers/explain';
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
  return response.json().data as CourseFacets;
}

async function walkCourses(query: string): Promise<Page['courses']> {
  const seen: Page['courses'] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard += 1) {
    const next: Page = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...next.courses);
    cursor = next.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error(`more than 50 pages: ${query}`);
}
const walk = async (query: string) => (await walkCourses(query)).map((course) => course.title);

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

  it('takes full-width % _ and \\ as text too (folding turns them into the ASCII ones)', async () => {
    // "py％on" and "pyth＿n" would match "Python" if folding made them wildcards after escaping.
    for (const text of ['py\uff05on', 'pyth\uff3fn', 'pyth\uff3c_n']) {
      expect(await titles(`search=${encodeURIComponent(text)}`), text).toEqual([]);
    }
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

describe('the words a title must contain for a search in web-search syntax', () => {
  it('drops quotes and -word, and gives up on or or too little', () => {
    expect(positiveWords('python')).toBe('python');
    expect(positiveWords('"machine learning"')).toBe('machine learning');
    expect(positiveWords('python -django')).toBe('python');
    expect(positiveWords('e-learning  basics')).toBe('e-learning basics');
    expect(positiveWords('python or java')).toBeNull();
    expect(positiveWords('Python OR Java')).toBeNull();
    expect(positiveWords('-python')).toBeNull();
    expect(positiveWords('"c" -x')).toBeNull();
  });
});

describe('a relevance list over many matches', () => {
  const extraQuokkas = 5;
  it('ranks every title match and the best-rated other matches when fewer titles match; the facets count them all', async () => {
    const extra = extraQuokkas;
    const [instructor] = await queryRows<{ id: string }>(
      t.db,
      sql`select instructor_id as id from courses limit 1`,
    );
    // RELEVANCE_CANDIDATES + 5 published courses that match "quokka". Every tenth has the word in its
    // title (60: all ranked, the worst-rated too); the 5 worst-rated of the others fall outside.
    await t.db.execute(sql`
      insert into courses (title, description, category, level, instructor_id, is_published, status, rating, rating_count)
      select case when g % 10 = 0 then 'Quokka handling ' || g else 'Marsupial studies ' || g end,
             'Field notes on the quokka.', 'Design', 'Beginner', ${instructor?.id}::uuid, true, 'published',
             (g % 500) / 100.0, g
      from generate_series(1, ${RELEVANCE_CANDIDATES + extra}) as g`);
    const walked = await walkCourses('search=quokka&limit=100');
    expect(walked).toHaveLength(RELEVANCE_CANDIDATES);
    expect(new Set(walked.map((course) => course._id)).size).toBe(RELEVANCE_CANDIDATES);
    // Every title match is ranked, the worst-rated (rating 0 for g = 500) too. The five left out are the
    // worst-rated description-only matches, by rating and then by number of ratings.
    const ranked = new Set(walked.map((course) => course.title));
    const numbers = Array.from({ length: RELEVANCE_CANDIDATES + extra }, (_, i) => i + 1);
    for (const g of numbers.filter((n) => n % 10 === 0)) {
      expect(ranked.has(`Quokka handling ${g}`), String(g)).toBe(true);
    }
    const left = numbers
      .filter((g) => g % 10 !== 0)
      .sort((a, b) => (a % 500) - (b % 500) || a - b)
      .slice(0, extra);
    for (const g of left) expect(ranked.has(`Marsupial studies ${g}`), String(g)).toBe(false);
    // Title matches (rank + 1) come before every description-only match.
    const firstDescriptionOnly = walked.findIndex((course) => course.title.startsWith('Marsupial'));
    expect(walked.slice(0, firstDescriptionOnly).every((course) => course.title.startsWith('Quokka'))).toBe(
      true,
    );
    expect(walked.slice(firstDescriptionOnly).some((course) => course.title.startsWith('Quokka'))).toBe(
      false,
    );
    // Other orders and the facets still see every match (a small catalogue is always counted).
    const counted = await facets('search=quokka');
    expect(counted.total).toBe(RELEVANCE_CANDIDATES + extra);
    expect(counted.approximate).toBe(false);
    expect(await walkCourses('search=quokka&sort=rating&limit=100')).toHaveLength(
      RELEVANCE_CANDIDATES + extra,
    );
  });

  it('ranks the RELEVANCE_CANDIDATES best-rated title matches when a search has that many', async () => {
    const [instructor] = await queryRows<{ id: string }>(
      t.db,
      sql`select instructor_id as id from courses limit 1`,
    );
    // RELEVANCE_CANDIDATES + 5 titles with "wombat", and 5 better-rated courses that name it only in
    // their description: a relevance list holds the best-rated title matches only.
    await t.db.execute(sql`
      insert into courses (title, description, category, level, instructor_id, is_published, status, rating, rating_count)
      select 'Wombat burrows ' || g, '', 'Design', 'Beginner', ${instructor?.id}::uuid, true, 'published',
             (g % 400) / 100.0, g
      from generate_series(1, ${RELEVANCE_CANDIDATES + 5}) as g
      union all
      select 'Marsupial field notes ' || g, 'On the wombat.', 'Design', 'Beginner', ${instructor?.id}::uuid,
             true, 'published', 5, 1000 + g
      from generate_series(1, 5) as g`);
    const walked = await walkCourses('search=wombat&limit=100');
    expect(walked).toHaveLength(RELEVANCE_CANDIDATES);
    expect(walked.every((course) => course.title.startsWith('Wombat burrows'))).toBe(true);
    // Left out: the five worst-rated titles (rating 0.00 for g = 400, then 0.01 for g = 1 and 401, …).
    const titles = new Set(walked.map((course) => course.title));
    for (const g of [400, 1, 401, 2, 402]) expect(titles.has(`Wombat burrows ${g}`), String(g)).toBe(false);
    // Filters choose the candidates too: every wombat is a free Design course for beginners.
    expect((await page('search=wombat&level=Advanced')).courses).toEqual([]);
    expect((await page('search=wombat&price=paid')).courses).toEqual([]);
    expect((await page('search=wombat&category=Business')).courses).toEqual([]);
    // The same with a category filter (courses_category_rating_idx), and every match is still counted.
    expect(await walkCourses('search=wombat&category=Design&limit=100')).toEqual(walked);
    expect((await facets('search=wombat')).total).toBe(RELEVANCE_CANDIDATES + 10);
    // A quoted phrase chooses by its words in the title too, each title hit tested against the search.
    expect(await walkCourses('search="wombat burrows"&limit=100')).toEqual(walked);
    // -word: no title hit matches, so the candidates are the best-rated matches, here all five.
    const excluded = await walkCourses('search=wombat -burrows&limit=100');
    expect(excluded.map((course) => course.title).sort()).toEqual(
      [1, 2, 3, 4, 5].map((g) => `Marsupial field notes ${g}`),
    );
  });

  it('reads the title candidates index-only from the rating indexes (they carry the folded title, level and price)', async () => {
    await t.db.execute(sql`vacuum analyze courses`);
    // A small table is read whole otherwise; at scale these are the planner's own choice (bench/README).
    const planOf = (query: CourseListQuery) =>
      explainPlan(t.db, coursePageQuery(t.db, null, publishedScope(), query), [
        'enable_seqscan = off',
        'enable_bitmapscan = off',
      ]);
    expect(await planOf({ limit: 12, search: 'wombat', level: 'Beginner', price: 'free' })).toContain(
      'Index Only Scan using courses_rating_idx',
    );
    expect(await planOf({ limit: 12, search: 'wombat', category: 'Design' })).toContain(
      'Index Only Scan using courses_category_rating_idx',
    );
  });

  it('estimates the facets of a search with many matches in a large catalogue from a sample, and says so', async () => {
    await t.db.execute(sql`analyze courses`);
    const [table] = await queryRows<{ rows: number }>(
      t.db,
      sql`select reltuples::float8 as rows from pg_class where oid = 'courses'::regclass`,
    );
    const rows = table?.rows ?? 0;
    expect(rows).toBeGreaterThan(RELEVANCE_CANDIDATES);
    const ctx = { db: t.db, config: t.config, storage: t.storage, now: () => new Date() } as ServiceContext;
    // "Large" here: half the table is sampled (the defaults sample 5,000 rows of 50,000 or more).
    const sampling = { exactUpTo: 100, sampleAbove: 100, sampleRows: Math.ceil(rows / 2) };
    const estimated = await courseFacets(ctx, { search: 'quokka' }, sampling);
    expect(estimated.approximate).toBe(true);
    expect(estimated.suggestion).toBeNull();
    // Scaled from about half of 605 matches: every quokka course is a free Design course for beginners.
    expect(estimated.total).toBeGreaterThan(100);
    expect(estimated.total).toBeLessThan(3 * (RELEVANCE_CANDIDATES + extraQuokkas));
    const sum = (counts: { count: number }[]) => counts.reduce((total, entry) => total + entry.count, 0);
    for (const facet of [estimated.categories, estimated.levels, estimated.prices]) {
      expect(sum(facet)).toBe(estimated.total);
    }
    expect(estimated.categories.find((entry) => entry.value === 'Design')?.count).toBe(estimated.total);
    expect(estimated.prices.find((entry) => entry.value === 'free')?.count).toBe(estimated.total);
    // The same sample every time (repeatable), and a search with few matches is still counted.
    expect(await courseFacets(ctx, { search: 'quokka' }, sampling)).toEqual(estimated);
    const few = await courseFacets(ctx, { search: 'python' }, sampling);
    expect(few).toMatchObject({ approximate: false, total: 3 });
  });
});
