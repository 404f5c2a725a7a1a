/**
 * The catalogue's facets: a chosen option shows as chosen at once, while the navigation it starts
 * (the URL the filters live in) is still under way, and the URL's filters decide once it lands.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogueFacets } from './CatalogueFacets';
import type { CatalogueSearch } from './catalogue-search';

describe('CatalogueFacets', () => {
  it('checks the chosen level at once, before the navigation it starts has finished', async () => {
    const asked: CatalogueSearch[] = [];
    // A navigation that has not finished yet: the URL (and so `filters`) still says no level.
    const pending = new Promise<void>(() => {});
    render(
      <CatalogueFacets
        filters={{}}
        facets={undefined}
        onFiltersChange={(next) => {
          asked.push(next);
          return pending;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Advanced' }));
    expect(asked).toEqual([{ level: 'Advanced' }]);
    expect(await screen.findByRole('radio', { name: 'Advanced', checked: true })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All levels', checked: false })).not.toBeChecked();
  });

  it('shows the filters it is given once no choice is under way', () => {
    const { rerender } = render(
      <CatalogueFacets filters={{}} facets={undefined} onFiltersChange={() => {}} />,
    );
    expect(screen.getByRole('radio', { name: 'Advanced' })).not.toBeChecked();
    rerender(
      <CatalogueFacets filters={{ level: 'Advanced' }} facets={undefined} onFiltersChange={() => {}} />,
    );
    expect(screen.getByRole('radio', { name: 'Advanced' })).toBeChecked();
  });
});
