/**
 * courses.facets (issue 16): how many published courses match the search per category, level and price
 * band, from one grouped query over the matches (at most categories × levels × bands cells), and a
 * spelling suggestion when the search finds few.
 *
 * Each facet counts with the other facets' filters but not its own (a shopper sees what each option
 * would give); the total applies all of them. A search with many matches in a large catalogue is
 * estimated from a sample and says so (`approximate`); the list is never estimated (sorted by relevance
 * it holds at most RELEVANCE_LIMIT courses, course-search.ts). Without a search the counts are the whole catalogue's,
 * shared by everyone and held by the catalogue cache.
 */
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import type { CourseFacets, CourseFacetsQuery, PriceBand } from '@lectio/contracts/course';
import { PRICE_BANDS } from '@lectio/contracts/course';
import { courses, queryRows, searchWords } from '@lectio/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { sharedCatalogueValue } from './catalogue-cache';
import { facetsSharedKey, filterConditions } from './catalogue-plan';
import { type SearchMatch, searchMatch } from './course-search';

/** Fewer matches than this and a respelling is looked for. */
const SUGGEST_BELOW = 3;
/** How alike (pg_trgm similarity) a title word must be to stand in for a search word. */
const SUGGESTION_SIMILARITY = 0.2;

const band = sql<PriceBand>`case when ${courses.priceMinor} = 0 then 'free' else 'paid' end`;

type Cell = {
  category: string;
  level: string;
  band: PriceBand;
  count: number;
};

/** When the counts of a search are estimated instead of counted (the defaults suit production). */
export interface FacetSampling {
  /** Up to about this many matches, counts are exact. */
  exactUpTo: number;
  /** Catalogues of fewer courses (as PostgreSQL's statistics have it) are always counted. */
  sampleAbove: number;
  /** How many rows the block sample reads. */
  sampleRows: number;
}

export const FACET_SAMPLING: FacetSampling = { exactUpTo: 5_000, sampleAbove: 50_000, sampleRows: 5_000 };

interface Cells {
  cells: Cell[];
  approximate: boolean;
}

/**
 * The cells of a search over a large catalogue (`sampleAbove`) estimated from a block sample of about
 * `sampleRows` rows (`tablesample system`, repeatable, so the same catalogue gives the same answer), scaled up; null
 * when the catalogue is small or the estimate is at most `exactUpTo` (then counting is cheap enough).
 * Counting every match of a word in 9% of a million courses reads ~90,000 rows (bench/README).
 */
async function sampledCells(
  ctx: ServiceContext,
  match: SearchMatch,
  sampling: FacetSampling,
): Promise<Cell[] | null> {
  const [table] = await queryRows<{ rows: number }>(
    ctx.db,
    sql`select reltuples::float8 as rows from pg_class where oid = 'courses'::regclass`,
  );
  // reltuples is -1 until the table is first analysed.
  const rows = table?.rows ?? -1;
  if (rows < sampling.sampleAbove) return null;
  const percent = Math.min(100, (100 * sampling.sampleRows) / rows);
  const sample = await queryRows<Cell>(
    ctx.db,
    sql`select ${courses.category} as category, ${courses.level} as level, ${band} as band, count(*)::int as count
        from ${courses} tablesample system (${percent}::float4) repeatable (0)
        where ${courses.isPublished} and ${match.matches}
        group by 1, 2, 3`,
  );
  const scale = 100 / percent;
  const estimate = sample.reduce((total, cell) => total + cell.count, 0) * scale;
  if (estimate <= sampling.exactUpTo) return null;
  return sample.map((cell) => ({ ...cell, count: Math.round(cell.count * scale) }));
}

async function cellsOf(
  ctx: ServiceContext,
  search: string | undefined,
  sampling: FacetSampling,
): Promise<Cells> {
  const match = searchMatch(search);
  const sampled = match ? await sampledCells(ctx, match, sampling) : null;
  if (sampled) return { cells: sampled, approximate: true };
  const cells = await ctx.db
    .select({ category: courses.category, level: courses.level, band, count: count() })
    .from(courses)
    .where(and(eq(courses.isPublished, true), match?.matches))
    .groupBy(courses.category, courses.level, band);
  return { cells, approximate: false };
}

function facetsOf(cells: Cell[], query: CourseFacetsQuery): Omit<CourseFacets, 'suggestion' | 'approximate'> {
  const keep = (cell: Cell, skip: 'category' | 'level' | 'band' | null) =>
    (skip === 'category' || !query.category || cell.category === query.category) &&
    (skip === 'level' || !query.level || cell.level === query.level) &&
    (skip === 'band' || !query.price || cell.band === query.price);
  const sum = (filter: (cell: Cell) => boolean) =>
    cells.filter(filter).reduce((total, cell) => total + cell.count, 0);
  return {
    total: sum((cell) => keep(cell, null)),
    categories: CATEGORIES.map((value) => ({
      value,
      count: sum((cell) => keep(cell, 'category') && cell.category === value),
    })),
    levels: LEVELS.map((value) => ({
      value,
      count: sum((cell) => keep(cell, 'level') && cell.level === value),
    })),
    prices: PRICE_BANDS.map((value) => ({
      value,
      count: sum((cell) => keep(cell, 'band') && cell.band === value),
    })),
  };
}

/**
 * Each word of the search replaced by the most alike title word when it is not one itself; null when
 * nothing changes or the respelling finds nothing either.
 */
async function suggestionFor(ctx: ServiceContext, query: CourseFacetsQuery): Promise<string | null> {
  const respelling = await ctx.db.transaction(async (tx) => {
    // The search's words as the trigger cuts titles into search_words (migration 0011).
    const words = (
      await queryRows<{ word: string }>(
        tx,
        sql`select word from regexp_split_to_table(lectio_fold(${query.search ?? ''}), '[^[:alnum:]]+') as word where word <> ''`,
      )
    ).map((row) => row.word);
    if (words.length === 0 || words.length > 8) return null;
    // The GIN trigram index answers `%` at this threshold (the default, 0.3, misses common transpositions).
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(SUGGESTION_SIMILARITY)}, true)`,
    );
    const replaced: string[] = [];
    for (const word of words) {
      if (word.length < 3) {
        replaced.push(word);
        continue;
      }
      const [best] = await tx
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(sql`${searchWords.word} % ${word}`)
        .orderBy(desc(sql`similarity(${searchWords.word}, ${word})`), searchWords.word)
        .limit(1);
      replaced.push(best?.word ?? word);
    }
    return { original: words.join(' '), respelt: replaced.join(' ') };
  });
  if (!respelling) return null;
  const { original, respelt } = respelling;
  if (respelt === original) return null;
  // Offered only if it finds something with the same filters: one row is enough to know (counting
  // every match of a common word costs a scan of them all, bench/README "Search at 1,000,000 courses").
  // In rating order, so a common respelling walks courses_rating_idx to its first match instead of a
  // sequential scan that stops there (the same few rows; no plan reads the table whole if it misjudges).
  const [found] = await ctx.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.isPublished, true), ...filterConditions({ ...query, search: respelt })))
    .orderBy(desc(courses.rating), desc(courses.ratingCount), desc(courses.id))
    .limit(1);
  return found ? respelt : null;
}

export async function courseFacets(
  ctx: ServiceContext,
  query: CourseFacetsQuery,
  sampling: FacetSampling = FACET_SAMPLING,
): Promise<CourseFacets> {
  return sharedCatalogueValue(ctx, facetsSharedKey(query), async () => {
    const { cells, approximate } = await cellsOf(ctx, query.search, sampling);
    const facets = facetsOf(cells, query);
    const suggestion =
      query.search?.trim() && !approximate && facets.total < SUGGEST_BELOW
        ? await suggestionFor(ctx, query)
        : null;
    return { ...facets, approximate, suggestion };
  });
}
