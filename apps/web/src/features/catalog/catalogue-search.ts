/**
 * The catalogue's URL search parameters (search text, category, level), validated by hand against the
 * contract's enumerations so a shared or hand-typed URL can never put an invalid filter in a request.
 */
import { CATEGORIES, type Category, LEVELS, type Level } from '@lectio/contracts/constants';

export interface CatalogueSearch {
  search?: string | undefined;
  category?: Category | undefined;
  level?: Level | undefined;
}

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
  };
}
