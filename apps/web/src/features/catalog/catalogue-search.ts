/**
 * The catalogue's URL search parameters (search text, category, level, order), validated by hand against the
 * contract's enumerations so a shared or hand-typed URL can never put an invalid filter in a request.
 */
import { CATEGORIES, type Category, LEVELS, type Level } from '@lectio/contracts/constants';
import type { CourseSort } from '@lectio/contracts/course';

export interface CatalogueSearch {
  search?: string | undefined;
  category?: Category | undefined;
  level?: Level | undefined;
  /** Absent: newest first (the server's default). */
  sort?: Exclude<CourseSort, 'newest'> | undefined;
}

/** The list orders besides the default, newest first (checked against the contract's type, without zod). */
const OTHER_SORTS = ['rating'] as const satisfies readonly Exclude<CourseSort, 'newest'>[];

const SEARCH_MAX_LENGTH = 200;

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * Every key is returned, invalid ones as undefined: the router keeps raw search keys the validator leaves
 * out, so leaving one out would let '?category=Cooking' through.
 */
export function validateCatalogueSearch(raw: Record<string, unknown>): CatalogueSearch {
  const search = typeof raw.search === 'string' ? raw.search.trim().slice(0, SEARCH_MAX_LENGTH) : '';
  return {
    search: search || undefined,
    category: isOneOf(CATEGORIES, raw.category) ? raw.category : undefined,
    level: isOneOf(LEVELS, raw.level) ? raw.level : undefined,
    sort: isOneOf(OTHER_SORTS, raw.sort) ? raw.sort : undefined,
  };
}
