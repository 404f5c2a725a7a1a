/**
 * The catalogue's URL search parameters (search text, category, level, price band, order), validated by
 * hand against the contract's enumerations so a shared or hand-typed URL can never put an invalid filter in
 * a request. The constants come from the zod-free route-search module: route options load with the first
 * page. The order is kept in the URL only when it is not the default for the search, so each list has one
 * URL (and one cache key).
 */
import { CATEGORIES, type Category, LEVELS, type Level } from '@lectio/contracts/constants';
import { COURSE_SORTS, type CourseSort, PRICE_BANDS, type PriceBand } from '@lectio/contracts/route-search';

export interface CatalogueSearch {
  search?: string | undefined;
  category?: Category | undefined;
  level?: Level | undefined;
  price?: PriceBand | undefined;
  /** Absent: the default order, relevance with a search and newest without (the server's defaults). */
  sort?: CourseSort | undefined;
}

/** Navigates to the given filters; the promise settles when the navigation has. */
export type OnFiltersChange = (filters: CatalogueSearch) => Promise<void>;

const SEARCH_MAX_LENGTH = 200;

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** The order a list is shown in when the URL names none: best match for a search, else newest. */
export function defaultSort(search: string | undefined): CourseSort {
  return search ? 'relevance' : 'newest';
}

/** The order the list is in: relevance only means something with a search (the server reads it as newest). */
export function effectiveSort(filters: Pick<CatalogueSearch, 'search' | 'sort'>): CourseSort {
  if (!filters.sort || (filters.sort === 'relevance' && !filters.search)) return defaultSort(filters.search);
  return filters.sort;
}

/** The order as the URL keeps it: undefined for the default. */
export function urlSort(search: string | undefined, sort: CourseSort | undefined): CourseSort | undefined {
  if (!sort) return undefined;
  const effective = effectiveSort({ search, sort });
  return effective === defaultSort(search) ? undefined : effective;
}

/**
 * Every key is returned, invalid ones as undefined: the router keeps raw search keys the validator leaves
 * out, so leaving one out would let '?category=Cooking' through.
 */
export function validateCatalogueSearch(raw: Record<string, unknown>): CatalogueSearch {
  const search =
    (typeof raw.search === 'string' ? raw.search.trim().slice(0, SEARCH_MAX_LENGTH) : '') || undefined;
  return {
    search,
    category: isOneOf(CATEGORIES, raw.category) ? raw.category : undefined,
    level: isOneOf(LEVELS, raw.level) ? raw.level : undefined,
    price: isOneOf(PRICE_BANDS, raw.price) ? raw.price : undefined,
    sort: urlSort(search, isOneOf(COURSE_SORTS, raw.sort) ? raw.sort : undefined),
  };
}
