/** Card names its section by its title; CardList shows its rows, or its one line when there are none. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card, CardList, FigureRow } from './Card';

function renderList(items: string[], ordered = false) {
  render(
    <Card title="Top courses">
      <CardList
        ordered={ordered}
        items={items}
        empty="No courses yet."
        row={(item) => (
          <FigureRow key={item} figure={<span>{item.length}</span>}>
            <p>{item}</p>
          </FigureRow>
        )}
      />
    </Card>,
  );
}

describe('Card and CardList', () => {
  it('is a region named by its title, listing each item with its figure', () => {
    renderList(['React', 'Go'], true);
    const card = screen.getByRole('region', { name: 'Top courses' });
    const list = within(card).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['React5', 'Go2']);
  });

  it('says there is nothing to list instead of an empty list', () => {
    renderList([]);
    const card = screen.getByRole('region', { name: 'Top courses' });
    expect(within(card).getByText('No courses yet.')).toBeVisible();
    expect(within(card).queryByRole('list')).toBeNull();
  });
});
