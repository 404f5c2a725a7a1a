/**
 * sitemap.xml and robots.txt (issue 29 item 3, decision 0091). The index lists one sitemap of the public
 * pages (home, catalogue, features and the site pages) and one per SITEMAP_URLS_PER_FILE published courses,
 * each named by its first course id: a course sitemap is read by keyset from that id (never OFFSET), in
 * queries of SITEMAP_QUERY_ROWS rows, each run only when the response stream asks for more, so a sitemap of
 * 50,000 courses holds one chunk in memory at a time. The XML is written here (a loc and a lastmod per
 * URL; the five characters XML escapes are the whole escaping job).
 */
import { SITE_PAGE_SLUGS } from '@lectio/contracts/site-pages';
import { courses, sitePages } from '@lectio/db';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import { isUuid } from '../../lib/ids';
import type { ServiceContext } from '../context';

/** Rows per keyset query while a course sitemap streams. */
export const SITEMAP_QUERY_ROWS = 1000;

/** The public pages besides the site pages, in the pages sitemap (no lastmod: their content is the catalogue's). */
const LISTED_PAGES = ['/', '/courses', '/features'] as const;

type SitemapContext = Pick<ServiceContext, 'db' | 'config'>;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

function entry(tag: 'url' | 'sitemap', loc: string, lastmod: Date | null): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}</${tag}>\n`;
}

export const sitemapPaths = {
  index: '/sitemap.xml',
  pages: '/sitemaps/pages.xml',
  courses: (firstId: string) => `/sitemaps/courses/${firstId}.xml`,
};

/** robots.txt: crawl the public pages, not the dashboard or the APIs; the sitemap's absolute address. */
export function robotsTxt(ctx: Pick<ServiceContext, 'config'>): string {
  return [
    'User-agent: *',
    'Disallow: /dashboard',
    'Disallow: /api',
    'Disallow: /trpc',
    '',
    `Sitemap: ${ctx.config.publicUrl}${sitemapPaths.index}`,
    '',
  ].join('\n');
}

async function sitePagesLastModified(ctx: SitemapContext): Promise<Map<string, Date>> {
  const rows = await ctx.db.select({ slug: sitePages.slug, updatedAt: sitePages.updatedAt }).from(sitePages);
  return new Map(rows.map((row) => [row.slug, row.updatedAt]));
}

/**
 * The index: one index-only pass over the published courses' (id, updated_at) in the database, which
 * returns a row per course sitemap (its first id and latest change), so memory holds pages, not courses.
 */
export async function sitemapIndexXml(ctx: SitemapContext): Promise<string> {
  const perFile = ctx.config.sitemapUrlsPerFile;
  const pageEdits = await sitePagesLastModified(ctx);
  const pagesModified = [...pageEdits.values()].reduce<Date | null>(
    (latest, date) => (latest && latest > date ? latest : date),
    null,
  );
  const position = sql`row_number() over (order by ${courses.id}) - 1`;
  const numbered = ctx.db
    .select({
      id: courses.id,
      updatedAt: courses.updatedAt,
      file: sql<number>`(${position}) / ${perFile}`.as('file'),
      opensFile: sql<boolean>`(${position}) % ${perFile} = 0`.as('opens_file'),
    })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .as('numbered');
  const files = await ctx.db
    .select({
      firstId: sql<string>`(array_agg(${numbered.id}) filter (where ${numbered.opensFile}))[1]`,
      lastmod: sql<Date>`max(${numbered.updatedAt})`.mapWith(courses.updatedAt),
    })
    .from(numbered)
    .groupBy(numbered.file)
    .orderBy(numbered.file);
  const base = ctx.config.publicUrl;
  let xml = `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n`;
  xml += entry('sitemap', `${base}${sitemapPaths.pages}`, pagesModified);
  for (const file of files) {
    xml += entry('sitemap', `${base}${sitemapPaths.courses(file.firstId)}`, file.lastmod);
  }
  return `${xml}</sitemapindex>\n`;
}

/** The public pages and the site pages (a fixed set: SITE_PAGE_SLUGS), with an edited page's date. */
export async function pagesSitemapXml(ctx: SitemapContext): Promise<string> {
  const pageEdits = await sitePagesLastModified(ctx);
  const base = ctx.config.publicUrl;
  let xml = `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n`;
  for (const path of LISTED_PAGES) xml += entry('url', `${base}${path}`, null);
  for (const slug of SITE_PAGE_SLUGS) {
    xml += entry('url', `${base}/pages/${slug}`, pageEdits.get(slug) ?? null);
  }
  return `${xml}</urlset>\n`;
}

/** Up to `limit` published courses by id: from `first` (inclusive) or after `after`. */
function publishedCoursesFrom(
  ctx: SitemapContext,
  bound: { first: string } | { after: string },
  limit: number,
) {
  return ctx.db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(
      and(
        eq(courses.isPublished, true),
        'first' in bound ? gte(courses.id, bound.first) : gt(courses.id, bound.after),
      ),
    )
    .orderBy(asc(courses.id))
    .limit(limit);
}

/**
 * A course sitemap, as chunks of XML to stream: null when no published course is at or after `firstId`
 * (the first query runs now, so a stale or made-up address answers 404 before anything is sent).
 */
export async function courseSitemapXml(
  ctx: SitemapContext,
  firstId: string,
): Promise<AsyncGenerator<string> | null> {
  if (!isUuid(firstId)) return null;
  const perFile = ctx.config.sitemapUrlsPerFile;
  const firstLimit = Math.min(SITEMAP_QUERY_ROWS, perFile);
  const firstRows = await publishedCoursesFrom(ctx, { first: firstId }, firstLimit);
  if (firstRows.length === 0) return null;
  const base = ctx.config.publicUrl;
  const chunkXml = (rows: typeof firstRows) =>
    rows.map((row) => entry('url', `${base}/course/${row.id}`, row.updatedAt)).join('');
  return (async function* stream() {
    yield `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n`;
    let rows = firstRows;
    let asked = firstLimit;
    let written = 0;
    for (;;) {
      yield chunkXml(rows);
      written += rows.length;
      const last = rows.at(-1);
      const limit = Math.min(SITEMAP_QUERY_ROWS, perFile - written);
      if (!last || rows.length < asked || limit <= 0) break;
      rows = await publishedCoursesFrom(ctx, { after: last.id }, limit);
      asked = limit;
    }
    yield '</urlset>\n';
  })();
}
