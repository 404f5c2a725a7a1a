/**
 * The catalogue's first stage (issue 16, decision 0044): a list query parsed into its plan, before any
 * SQL runs. The catalogue flows one way, each stage reading only the one before it:
 *
 *   1. parse and plan (this file): the search (course-search.ts), the filters, the order, the decoded
 *      cursor (course-cursor.ts; a bad one is a 400 here) and the key a shared page is cached under;
 *   2. SQL: the page query (list-courses.ts `coursePageQuery`, over course-rows.ts);
 *   3. page and cursor: the rows cut to the limit and the next cursor (list-courses.ts `pageOf`),
 *      presented (present-course.ts);
 *   4. cache: an anonymous first page without search is kept briefly (catalogue-cache.ts).
 *
 * Every order is keyset on its key plus the id, so a deep page costs what the first does: relevance
 * (rank DESC), newest, rating, price both ways, and most students (course_stats).
 */
import type { CourseFacetsQuery, CourseListQuery, CourseSort } from '@lectio/contracts/course';
import { courseStats, courses } from '@lectio/db';
import { asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import {
  decodeKeyCursor,
  decodeRatingCursor,
  encodeKeyCursor,
  encodeRatingCursor,
  type KeyTag,
} from './course-cursor';
import { type SearchMatch, searchMatch } from './course-search';

/** The order a list is read in: `relevance` only with a search; `newest` is the default. */
export function effectiveSort(query: Pick<CourseListQuery, 'sort' | 'search'>): CourseSort {
  const searching = !!query.search?.trim();
  if (!query.sort) return searching ? 'relevance' : 'newest';
  if (query.sort === 'relevance' && !searching) return 'newest';
  return query.sort;
}

/** Category, level and price filters, then the search's match, as conditions (the facets use them too). */
export function filterConditions(
  query: Pick<CourseListQuery, 'search' | 'category' | 'level' | 'price'>,
  match = searchMatch(query.search),
): SQL[] {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(eq(courses.category, query.category));
  if (query.level) conditions.push(eq(courses.level, query.level));
  if (query.price)
    conditions.push(query.price === 'free' ? eq(courses.priceMinor, 0) : gt(courses.priceMinor, 0));
  if (match) conditions.push(match.matches);
  return conditions;
}

/** What a page's last row gives its next cursor. */
export interface CursorRow {
  /** The sort key as PostgreSQL prints it (orders with a key of their own), else null. */
  key: string | null;
  createdAtExact: string;
  ratingExact: string;
  ratingCount: number;
  id: string;
}

/** How a list is ordered and paged. */
export interface SortPlan {
  sort: CourseSort;
  /** The key's text on each row (for the next cursor); null for newest and rating (their own columns). */
  key: SQL<string> | null;
  orderBy: SQL[];
  /** Whether the query must join course_stats (most students). */
  joinsStats: boolean;
  /** The condition "after the cursor" (400 for a cursor of another order). */
  after(cursor: string): SQL;
  /** The next page's cursor from the last row of this one. */
  cursorOf(row: CursorRow): string;
}

const KEY_TAGS: Partial<Record<CourseSort, KeyTag>> = {
  relevance: 's',
  price_low: 'p',
  price_high: 'P',
  students: 'n',
};

export function sortPlan(query: CourseListQuery, match: SearchMatch | null): SortPlan {
  const sort = effectiveSort(query);
  const tag = KEY_TAGS[sort];
  const keyed = (key: SQL, direction: 'asc' | 'desc', cast: string): SortPlan => ({
    sort,
    key: sql<string>`(${key})::text`,
    orderBy: direction === 'desc' ? [sql`${key} desc`, desc(courses.id)] : [sql`${key} asc`, asc(courses.id)],
    joinsStats: sort === 'students',
    after(cursor) {
      const position = decodeKeyCursor(cursor, tag as KeyTag);
      const comparison = direction === 'desc' ? sql`<` : sql`>`;
      return sql`(${key}, ${courses.id}) ${comparison} (${position.key}::${sql.raw(cast)}, ${position.id}::uuid)`;
    },
    cursorOf: (row) => encodeKeyCursor(tag as KeyTag, { key: row.key ?? '', id: row.id }),
  });
  switch (sort) {
    case 'relevance':
      if (!match) throw new Error('relevance needs a search');
      return keyed(match.rank, 'desc', 'real');
    case 'price_low':
      return keyed(sql`${courses.priceMinor}`, 'asc', 'int');
    case 'price_high':
      return keyed(sql`${courses.priceMinor}`, 'desc', 'int');
    case 'students':
      return keyed(sql`${courseStats.enrollments}`, 'desc', 'int');
    case 'rating':
      return {
        sort,
        key: null,
        orderBy: [desc(courses.rating), desc(courses.ratingCount), desc(courses.id)],
        joinsStats: false,
        after(cursor) {
          const position = decodeRatingCursor(cursor);
          return sql`(${courses.rating}, ${courses.ratingCount}, ${courses.id}) < (${position.rating}::real, ${position.ratingCount}::int, ${position.id}::uuid)`;
        },
        cursorOf: (row) =>
          encodeRatingCursor({ rating: row.ratingExact, ratingCount: row.ratingCount, id: row.id }),
      };
    default:
      return {
        sort,
        key: null,
        orderBy: [desc(courses.createdAt), desc(courses.id)],
        joinsStats: false,
        after(cursor) {
          const position = decodeCursor(cursor);
          return sql`(${courses.createdAt}, ${courses.id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`;
        },
        cursorOf: (row) => encodeCursor({ createdAt: row.createdAtExact, id: row.id }),
      };
  }
}

/** Everything the later stages need to read one page of a list. */
export interface CataloguePlan {
  limit: number;
  /** The search's match and rank; null without a search. */
  match: SearchMatch | null;
  /** The category, level and price filters without the search (a relevance list's candidates take them). */
  refinements: SQL[];
  /** `refinements` and the search's match: the list's conditions. */
  filters: SQL[];
  order: SortPlan;
  /** The keyset condition after the cursor; null on a first page. */
  after: SQL | null;
  /**
   * The key an anonymous page is shared under in the catalogue cache; null when it is not shared: only
   * first pages without search are (the hot ones), so nobody can fill memory by walking cursors or
   * trying search terms. REST and tRPC parse with the same schema, so they share entries.
   */
  sharedKey: string | null;
}

export function planCatalogue(query: CourseListQuery): CataloguePlan {
  const match = searchMatch(query.search);
  const order = sortPlan(query, match);
  return {
    limit: query.limit,
    match,
    refinements: filterConditions(query, null),
    filters: filterConditions(query, match),
    order,
    // Decoded here, so that a bad cursor is a 400 before any query runs.
    after: query.cursor ? order.after(query.cursor) : null,
    sharedKey:
      query.cursor || match
        ? null
        : JSON.stringify([
            query.limit,
            query.category ?? '',
            query.level ?? '',
            query.price ?? '',
            order.sort,
          ]),
  };
}

/** The key the facets without a search (the whole catalogue's counts) are shared under; null with one. */
export function facetsSharedKey(query: CourseFacetsQuery): string | null {
  if (query.search?.trim()) return null;
  return JSON.stringify(['facets', query.category ?? '', query.level ?? '', query.price ?? '']);
}
