/**
 * sitemap.xml and robots.txt (issue 29 item 3, decision 0091): the index and its sitemaps are well-formed
 * XML with absolute URLs from PUBLIC_URL and lastmod; unpublished courses are left out; course sitemaps
 * page by keyset (first id of each file) across file boundaries; and a course sitemap streams, one keyset
 * query of SITEMAP_QUERY_ROWS rows at a time, run only as the response is read (100,000 courses).
 */
import { courses, sitePages, users } from '@lectio/db';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import { asc, sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSitemapXml, SITEMAP_QUERY_ROWS } from '../src/services/seo/sitemap';
import { createTestApp, type TestApp } from './helpers/test-app';

const BASE = 'https://lectio.example';
const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

interface Entry {
  loc: string;
  lastmod?: string;
}

async function getXml(t: TestApp, url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toBe('application/xml; charset=utf-8');
  expect(XMLValidator.validate(response.body), url).toBe(true);
  return parser.parse(response.body) as {
    sitemapindex?: { xmlns: string; sitemap: Entry[] };
    urlset?: { url: Entry[] };
  };
}

const pathOf = (loc: string) => {
  expect(loc.startsWith(`${BASE}/`), loc).toBe(true);
  return loc.slice(BASE.length);
};

describe('a small site, three courses per sitemap', () => {
  let t: TestApp;
  const published: { id: string; updatedAt: Date }[] = [];
  const drafts: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: `${BASE}/`, SITEMAP_URLS_PER_FILE: '3' });
    const instructor = await createUser(t.db, { role: 'instructor' });
    for (let index = 0; index < 7; index += 1) {
      const updatedAt = new Date(Date.UTC(2026, 0, 1 + index, 12));
      const course = await createCourse(t.db, { instructorId: instructor.id, updatedAt });
      published.push({ id: course.id, updatedAt });
    }
    for (let index = 0; index < 2; index += 1) {
      drafts.push((await createCourse(t.db, { instructorId: instructor.id, isPublished: false })).id);
    }
    published.sort((a, b) => (a.id < b.id ? -1 : 1));
    const [admin] = await t.db.select({ id: users.id }).from(users).limit(1);
    await t.db.insert(sitePages).values({
      slug: 'faq',
      title: 'FAQ',
      markdown: 'Questions & answers',
      updatedBy: admin?.id ?? null,
      updatedAt: new Date('2026-03-04T05:06:07.000Z'),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('robots.txt disallows the dashboard and the APIs and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Disallow: /dashboard',
        'Disallow: /api',
        'Disallow: /trpc',
        '',
        `Sitemap: ${BASE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('the index lists the pages sitemap and one course sitemap per three courses, by first id, with lastmod', async () => {
    const { sitemapindex } = await getXml(t, '/sitemap.xml');
    expect(sitemapindex?.sitemap.map((entry) => entry.loc)).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/courses/${published[0]?.id}.xml`,
      `${BASE}/sitemaps/courses/${published[3]?.id}.xml`,
      `${BASE}/sitemaps/courses/${published[6]?.id}.xml`,
    ]);
    const newest = (slice: typeof published) =>
      new Date(Math.max(...slice.map((course) => course.updatedAt.getTime()))).toISOString();
    expect(sitemapindex?.sitemap.map((entry) => entry.lastmod)).toEqual([
      '2026-03-04T05:06:07.000Z',
      newest(published.slice(0, 3)),
      newest(published.slice(3, 6)),
      newest(published.slice(6)),
    ]);
  });

  it('the course sitemaps hold every published course once, in keyset order across files, no drafts', async () => {
    const { sitemapindex } = await getXml(t, '/sitemap.xml');
    const files = (sitemapindex?.sitemap ?? []).slice(1).map((entry) => pathOf(entry.loc));
    const seen: Entry[][] = [];
    for (const file of files) seen.push((await getXml(t, file)).urlset?.url ?? []);
    expect(seen.map((urls) => urls.length)).toEqual([3, 3, 1]);
    expect(seen.flat()).toEqual(
      published.map((course) => ({
        loc: `${BASE}/course/${course.id}`,
        lastmod: course.updatedAt.toISOString(),
      })),
    );
    const all = seen.flat().map((entry) => entry.loc);
    for (const draft of drafts) expect(all).not.toContain(`${BASE}/course/${draft}`);
  });

  it('the pages sitemap lists the public pages and every site page, with an edited one’s lastmod', async () => {
    const { urlset } = await getXml(t, '/sitemaps/pages.xml');
    expect(urlset?.url).toEqual([
      { loc: `${BASE}/` },
      { loc: `${BASE}/courses` },
      { loc: `${BASE}/features` },
      { loc: `${BASE}/pages/about` },
      { loc: `${BASE}/pages/faq`, lastmod: '2026-03-04T05:06:07.000Z' },
      { loc: `${BASE}/pages/support` },
      { loc: `${BASE}/pages/privacy` },
      { loc: `${BASE}/pages/terms` },
    ]);
  });

  it('a course sitemap past the last course, or not named by an id, is 404', async () => {
    for (const url of [
      '/sitemaps/courses/ffffffff-ffff-4fff-bfff-ffffffffffff.xml',
      '/sitemaps/courses/not-an-id.xml',
      `/sitemaps/courses/${published[0]?.id}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('100,000 courses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: BASE });
    const instructor = await createUser(t.db, { role: 'instructor' });
    await t.db.execute(sql`
      insert into courses (title, category, level, instructor_id, is_published, status, updated_at)
      select 'Course ' || n, 'Web Development', 'Beginner', ${instructor.id}, true, 'published',
        timestamptz '2026-01-01' + n * interval '1 second'
      from generate_series(1, 100000) as n`);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('splits them into two sitemaps of 50,000 that list each course once', async () => {
    const { sitemapindex } = await getXml(t, '/sitemap.xml');
    const files = (sitemapindex?.sitemap ?? []).slice(1).map((entry) => pathOf(entry.loc));
    expect(files).toHaveLength(2);
    const locs = new Set<string>();
    for (const file of files) {
      const urls = (await getXml(t, file)).urlset?.url ?? [];
      expect(urls).toHaveLength(50_000);
      for (const entry of urls) locs.add(entry.loc);
    }
    expect(locs.size).toBe(100_000);
  }, 120_000);

  it('streams a sitemap: one keyset query per chunk, run only when the reader asks for the chunk', async () => {
    let queries = 0;
    // Counts the service's queries on the real database (every read goes through db.select).
    const db = new Proxy(t.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== 'select' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          queries += 1;
          return value.apply(target, args);
        };
      },
    });
    const [first] = await t.db.select({ id: courses.id }).from(courses).orderBy(asc(courses.id)).limit(1);
    const chunks = await courseSitemapXml({ db, config: t.config }, first?.id ?? '');
    if (!chunks) throw new Error('no sitemap');
    expect(queries).toBe(1);
    const head = await chunks.next();
    expect(String(head.value)).toMatch(/^<\?xml/);
    let urls = 0;
    let largestChunk = 0;
    let reads = 0;
    for await (const chunk of chunks) {
      const count = chunk.split('<url>').length - 1;
      if (count === 0) continue;
      reads += 1;
      // The query for this chunk ran when it was asked for, not before: one query per chunk read so far.
      expect(queries).toBe(reads);
      largestChunk = Math.max(largestChunk, count);
      urls += count;
    }
    expect(urls).toBe(50_000);
    expect(largestChunk).toBe(SITEMAP_QUERY_ROWS);
    expect(queries).toBe(50_000 / SITEMAP_QUERY_ROWS);
  }, 120_000);
});
