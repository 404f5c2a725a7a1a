/**
 * The catalogue's facets: a chosen option shows as chosen at once, while the navigation it starts (the
 * URL the filters live in) is under way; a second choice meanwhile builds on the first; once the
 * navigations land, the URL's filters decide.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogueFacets } from './CatalogueFacets';
import type { CatalogueSearch } from './catalogue-search';

/** Navigations that land only when the test says so. */
function navigations() {
  const asked: CatalogueSearch[] = [];
  const landings: (() => void)[] = [];
  const navigate = (next: CatalogueSearch) => {
    asked.push(next);
    return new Promise<void>((resolve) => landings.push(resolve));
  };
  const landAll = () =>
    act(async () => {
      for (const land of landings.splice(0)) land();
    });
  return { asked, navigate, landAll };
}

const radio = (name: string) => screen.getByRole('radio', { name });

describe('CatalogueFacets', () => {
  it('checks the chosen level at once, and the URL decides once the navigation lands', async () => {
    const { asked, navigate, landAll } = navigations();
    const view = render(<CatalogueFacets filters={{}} facets={undefined} onFiltersChange={navigate} />);
    fireEvent.click(radio('Advanced'));
    expect(asked).toEqual([{ level: 'Advanced' }]);
    expect(await screen.findByRole('radio', { name: 'Advanced', checked: true })).toBeChecked();
    expect(radio('All levels')).not.toBeChecked();

    // The navigation lands but the URL did not take the level (say, another link won): it is not shown.
    await landAll();
    expect(radio('Advanced')).not.toBeChecked();
    expect(radio('All levels')).toBeChecked();

    // Chosen again, and this time the URL catches up: it stays chosen after the navigation.
    fireEvent.click(radio('Advanced'));
    view.rerender(
      <CatalogueFacets filters={{ level: 'Advanced' }} facets={undefined} onFiltersChange={navigate} />,
    );
    await landAll();
    expect(radio('Advanced')).toBeChecked();
  });

  it('builds a second choice on the first while the first navigation is under way', async () => {
    const { asked, navigate, landAll } = navigations();
    render(<CatalogueFacets filters={{ search: 'python' }} facets={undefined} onFiltersChange={navigate} />);
    fireEvent.click(radio('Advanced'));
    await screen.findByRole('radio', { name: 'Advanced', checked: true });
    fireEvent.click(radio('Free'));
    expect(asked).toEqual([
      { search: 'python', level: 'Advanced' },
      { search: 'python', level: 'Advanced', price: 'free' },
    ]);
    expect(radio('Advanced')).toBeChecked();
    expect(radio('Free')).toBeChecked();
    await landAll();
  });
});
