/**
 * courses.facets (issue 16): how many published courses match the search per category, level and price
 * band, from one grouped query over the matches (at most categories × levels × bands cells), and a
 * spelling suggestion when the search finds few.
 *
 * Each facet counts with the other facets' filters but not its own (a shopper sees what each option
 * would give); the total applies all of them. Without a search the counts are the whole catalogue's,
 * shared by everyone and held by the catalogue cache.
 */
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import type { CourseFacets, CourseFacetsQuery, PriceBand } from '@lectio/contracts/course';
import { PRICE_BANDS } from '@lectio/contracts/course';
import { courses, queryRows, searchWords } from '@lectio/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { cachedCatalogueFacets } from './catalogue-cache';
import { searchMatch } from './course-search';
import { filterConditions } from './list-courses';

/** Fewer matches than this and a respelling is looked for. */
const SUGGEST_BELOW = 3;
/** How alike (pg_trgm similarity) a title word must be to stand in for a search word. */
const SUGGESTION_SIMILARITY = 0.2;

const band = sql<PriceBand>`case when ${courses.priceMinor} = 0 then 'free' else 'paid' end`;

interface Cell {
  category: string;
  level: string;
  band: PriceBand;
  count: number;
}

async function cellsOf(ctx: ServiceContext, search: string | undefined): Promise<Cell[]> {
  const match = searchMatch(search);
  return ctx.db
    .select({ category: courses.category, level: courses.level, band, count: count() })
    .from(courses)
    .where(and(eq(courses.isPublished, true), match?.matches))
    .groupBy(courses.category, courses.level, band);
}

function facetsOf(cells: Cell[], query: CourseFacetsQuery): Omit<CourseFacets, 'suggestion'> {
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
  const [found] = await ctx.db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.isPublished, true), ...filterConditions({ ...query, search: respelt })))
    .limit(1);
  return found ? respelt : null;
}

export async function courseFacets(ctx: ServiceContext, query: CourseFacetsQuery): Promise<CourseFacets> {
  return cachedCatalogueFacets(ctx, query, async () => {
    const facets = facetsOf(await cellsOf(ctx, query.search), query);
    const suggestion =
      query.search?.trim() && facets.total < SUGGEST_BELOW ? await suggestionFor(ctx, query) : null;
    return { ...facets, suggestion };
  });
}
