/**
 * Catalogue search (issue 16, decision 0044): what matches a search text and how it ranks.
 *
 * A search matches a course when its search document (migration 0011: title A, short description and
 * tags B, description and learning points C; English stems, accents folded) matches
 * `websearch_to_tsquery` of the text (so "quoted phrases", `-word` and `or` work), or when its folded
 * title (`title_folded`, migration 0012) contains the folded text (3 characters or more: what someone
 * types before a word is complete), read from the trigram index. The rank is `ts_rank_cd` plus 1 for a
 * title containing the text, so a title match comes before a description match. A relevance list ranks
 * the RELEVANCE_CANDIDATES best-rated matches (the facets still count them all).
 *
 * This file holds the search's SQL only; a list query is planned in catalogue-plan.ts, which reads it.
 */
import { RELEVANCE_LIMIT } from '@lectio/contracts/route-search';
import { courses, type Database } from '@lectio/db';
import { and, desc, type SQL, sql } from 'drizzle-orm';

/** Below this many characters the substring match on titles is left out (a trigram needs 3). */
const SUBSTRING_MIN_LENGTH = 3;

/**
 * How many matches a relevance list ranks (the contract's RELEVANCE_LIMIT). Ranking every match of a word
 * in 9% of a million courses costs ~0.7 s (bench/README "Search at 1,000,000 courses"); ranking this
 * many costs what finding them does. Fewer matches than this are all ranked.
 */
export const RELEVANCE_CANDIDATES = RELEVANCE_LIMIT;

export interface SearchMatch {
  /** Whether a course matches. */
  matches: SQL;
  /**
   * What a relevance list's first candidates are chosen by (relevanceCandidates): the folded title
   * contains the search's positive words. `implied` when that alone makes a match (plain text: it is
   * the title part of `matches`); otherwise (quotes, -word) a title hit must match the search as well.
   * Null under 3 characters, or with `or` (either side may match).
   */
  titleCandidates: { condition: SQL; implied: boolean } | null;
  /** Its rank (a `real`): higher is better. */
  rank: SQL<string>;
}

/**
 * The folded title contains the folded text, taken literally. Folded first and escaped after: unaccent
 * turns full-width `％`, `＿` and `＼` into `%`, `_` and `\`, which would otherwise become wildcards.
 */
const folded = (text: string) =>
  sql`"courses"."title_folded" like ('%' || replace(replace(replace(lectio_fold(${text}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%') escape '\\'`;

/**
 * The words of a search in web-search syntax that every match has (websearch_to_tsquery: quotes
 * group a phrase, `-word` excludes), in order; null when it has `or` or none are left.
 */
export function positiveWords(text: string): string | null {
  const tokens = text.replaceAll('"', ' ').split(/\s+/).filter(Boolean);
  if (tokens.some((token) => token.toLowerCase() === 'or')) return null;
  const words = tokens.filter((token) => !token.startsWith('-')).join(' ');
  return words.length >= SUBSTRING_MIN_LENGTH ? words : null;
}

/** The match and rank of a search text; null for blank text (no search). */
export function searchMatch(text: string | undefined): SearchMatch | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const query = sql`websearch_to_tsquery('lectio_search', ${trimmed})`;
  const document = sql.raw('"courses"."search_document"');
  const fullText = sql`${document} @@ ${query}`;
  if (trimmed.length < SUBSTRING_MIN_LENGTH) {
    return { matches: fullText, titleCandidates: null, rank: sql<string>`ts_rank_cd(${document}, ${query})` };
  }
  const inTitle = folded(trimmed);
  const words = positiveWords(trimmed);
  return {
    matches: sql`(${fullText} or ${inTitle})`,
    titleCandidates:
      words === null
        ? null
        : { condition: words === trimmed ? inTitle : folded(words), implied: words === trimmed },
    rank: sql<string>`(ts_rank_cd(${document}, ${query}) + case when ${inTitle} then 1::real else 0::real end)`,
  };
}

/**
 * The ids a relevance list ranks (a subquery for `id in (…)`): the RELEVANCE_CANDIDATES best-rated
 * matches whose title contains the search's words, and when there are fewer, all of those and the
 * best-rated other matches up to RELEVANCE_CANDIDATES. Title matches get 1 more rank than their text
 * alone gives, so they are mostly what a relevance list shows first anyway.
 *
 * `filters` are the list's scope and category, level and price filters. Title hits are read index-only
 * from `courses_rating_idx` (or `courses_category_rating_idx`), which carry the folded title, level and
 * price (migration 0012): ~2 ms for a word in 9% of a million titles. With quotes or `-word` the best
 * 2 × RELEVANCE_CANDIDATES title hits are then tested against the search. Otherwise PostgreSQL walks the
 * same order testing each row's search document, or, when the matches are few, reads them from the
 * search indexes and sorts them by rating.
 */
export function relevanceCandidates(db: Database, filters: SQL[], match: SearchMatch): SQL {
  const bestRated = (condition: SQL, limit = RELEVANCE_CANDIDATES) =>
    db
      .select({ id: courses.id })
      .from(courses)
      .where(and(...filters, condition))
      .orderBy(desc(courses.rating), desc(courses.ratingCount), desc(courses.id))
      .limit(limit);
  const tier = match.titleCandidates;
  if (!tier) return sql`(${bestRated(match.matches)})`;
  const titleHits = tier.implied
    ? bestRated(tier.condition)
    : bestRated(tier.condition, 2 * RELEVANCE_CANDIDATES);
  const titleMatches = tier.implied
    ? sql`select id from title_hits`
    : bestRated(sql`${courses.id} in (select id from title_hits) and ${match.matches}`);
  // One statement: the title matches, then, only when they are too few (a one-time filter), the
  // best-rated other matches up to RELEVANCE_CANDIDATES in all.
  const others = bestRated(sql`${match.matches} and ${courses.id} not in (select id from title_matches)`);
  return sql`(with title_hits as materialized (${titleHits}),
    title_matches as materialized (${titleMatches})
    select id from title_matches
    union all
    (select id from (${others}) as others
     where (select count(*) from title_matches) < ${RELEVANCE_CANDIDATES}
     limit (select ${RELEVANCE_CANDIDATES} - count(*) from title_matches)))`;
}
