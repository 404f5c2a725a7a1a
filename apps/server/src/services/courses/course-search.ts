/**
 * Catalogue search and orders (issue 16, decision 0044).
 *
 * A search matches a course when its search document (migration 0011: title A, short description and
 * tags B, description and learning points C; English stems, accents folded) matches
 * `websearch_to_tsquery` of the text (so "quoted phrases", `-word` and `or` work), or when its folded
 * title contains the folded text (3 characters or more: what someone types before a word is complete),
 * read from the trigram index. The rank is `ts_rank_cd` plus 1 for a title containing the text, so a
 * title match comes before a description match.
 *
 * Every order is keyset on its key plus the id (course-cursor.ts), so a deep page costs what the first
 * does: relevance (rank DESC), newest, rating, price both ways, and most students (course_stats).
 */
import type { CourseListQuery, CourseSort } from '@lectio/contracts/course';
import { courseStats, courses } from '@lectio/db';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import {
  decodeCursor,
  decodeKeyCursor,
  decodeRatingCursor,
  encodeCursor,
  encodeKeyCursor,
  encodeRatingCursor,
  type KeyTag,
} from './course-cursor';
import { escapeLike } from './search-pattern';

/** Below this many characters the substring match on titles is left out (a trigram needs 3). */
const SUBSTRING_MIN_LENGTH = 3;

export interface SearchMatch {
  /** Whether a course matches. */
  matches: SQL;
  /** Its rank (a `real`): higher is better. */
  rank: SQL<string>;
}

/** The match and rank of a search text; null for blank text (no search). */
export function searchMatch(text: string | undefined): SearchMatch | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const query = sql`websearch_to_tsquery('lectio_search', ${trimmed})`;
  const document = sql.raw('"courses"."search_document"');
  const fullText = sql`${document} @@ ${query}`;
  if (trimmed.length < SUBSTRING_MIN_LENGTH) {
    return { matches: fullText, rank: sql<string>`ts_rank_cd(${document}, ${query})` };
  }
  const pattern = `%${escapeLike(trimmed)}%`;
  const inTitle = sql`lectio_fold(${courses.title}) like lectio_fold(${pattern}) escape '\\'`;
  return {
    matches: sql`(${fullText} or ${inTitle})`,
    rank: sql<string>`(ts_rank_cd(${document}, ${query}) + case when ${inTitle} then 1::real else 0::real end)`,
  };
}

/** The order a list is read in: `relevance` only with a search; `newest` is the default. */
export function effectiveSort(query: Pick<CourseListQuery, 'sort' | 'search'>): CourseSort {
  const searching = !!query.search?.trim();
  if (!query.sort) return searching ? 'relevance' : 'newest';
  if (query.sort === 'relevance' && !searching) return 'newest';
  return query.sort;
}

/** The column a page row carries for its cursor: the sort key as PostgreSQL prints it. */
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
  cursorOf(row: {
    key: string | null;
    createdAtExact: string;
    ratingExact: string;
    ratingCount: number;
    id: string;
  }): string;
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
