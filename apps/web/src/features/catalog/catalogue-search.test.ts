import { describe, expect, it } from 'vitest';
import { effectiveSort, validateCatalogueSearch } from './catalogue-search';

describe('validateCatalogueSearch', () => {
  it('keeps known filters and drops invalid ones (every key present)', () => {
    expect(
      validateCatalogueSearch({
        search: '  python  ',
        category: 'Data Science',
        level: 'Expert',
        price: 'free',
        sort: 'price_low',
      }),
    ).toEqual({
      search: 'python',
      category: 'Data Science',
      level: undefined,
      price: 'free',
      sort: 'price_low',
    });
    expect(
      validateCatalogueSearch({ category: 'Cooking', price: 'cheap', sort: 'stars', search: 42 }),
    ).toEqual({
      search: undefined,
      category: undefined,
      level: undefined,
      price: undefined,
      sort: undefined,
    });
  });

  it('leaves the default order out of the URL: relevance with a search, newest without', () => {
    expect(validateCatalogueSearch({ search: 'react', sort: 'relevance' }).sort).toBeUndefined();
    expect(validateCatalogueSearch({ search: 'react', sort: 'newest' }).sort).toBe('newest');
    expect(validateCatalogueSearch({ sort: 'newest' }).sort).toBeUndefined();
    // Relevance means nothing without a search (the server reads it as newest).
    expect(validateCatalogueSearch({ sort: 'relevance' }).sort).toBeUndefined();
    expect(validateCatalogueSearch({ sort: 'students' }).sort).toBe('students');
  });

  it('caps the search text at 200 characters', () => {
    expect(validateCatalogueSearch({ search: 'x'.repeat(300) }).search).toHaveLength(200);
  });
});

describe('effectiveSort', () => {
  it('is the order the list is read in', () => {
    expect(effectiveSort({})).toBe('newest');
    expect(effectiveSort({ search: 'react' })).toBe('relevance');
    expect(effectiveSort({ sort: 'relevance' })).toBe('newest');
    expect(effectiveSort({ search: 'react', sort: 'rating' })).toBe('rating');
  });
});
