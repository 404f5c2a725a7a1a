/** PagedList's states: loading, failed with retry, empty, items with Load more, a failed next page. */
import {
  type InfiniteData,
  infiniteQueryOptions,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedList } from './PagedList';

const TEXT = {
  loading: 'Loading…',
  failed: 'Could not load.',
  retry: 'Try again',
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
};

interface Page {
  items: string[];
  next: number | null;
}

function renderList(fetchPage: (cursor: number) => Promise<Page>, placeholder?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const query = infiniteQueryOptions<Page, Error, InfiniteData<Page, number>, string[], number>({
    queryKey: ['paged-list-test'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (page: Page) => page.next,
  });
  render(
    <QueryClientProvider client={client}>
      <PagedList
        query={query}
        items={(page) => page.items}
        text={TEXT}
        empty="Nothing here yet."
        placeholder={placeholder === undefined ? undefined : <p data-testid="placeholder">{placeholder}</p>}
      >
        {(items) => (
          <ul aria-label="Things">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </PagedList>
    </QueryClientProvider>,
  );
}

describe('PagedList', () => {
  it('loads pages with Load more until the last one', async () => {
    const pages: Record<number, Page> = {
      0: { items: ['a', 'b'], next: 1 },
      1: { items: ['c'], next: null },
    };
    renderList(async (cursor) => pages[cursor] as Page);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByText('b')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('c')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the placeholder while the first page loads, with the loading line for screen readers', async () => {
    renderList(async () => ({ items: ['a'], next: null }), 'Rows to come');
    expect(screen.getByTestId('placeholder').textContent).toBe('Rows to come');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('status').className).toContain('sr-only');
    expect(await screen.findByText('a')).toBeVisible();
    expect(screen.queryByTestId('placeholder')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when there is nothing', async () => {
    renderList(async () => ({ items: [], next: null }));
    expect(await screen.findByText('Nothing here yet.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says the first page failed and retries it', async () => {
    const fetchPage = vi
      .fn<(cursor: number) => Promise<Page>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ items: ['a'], next: null });
    renderList(fetchPage);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('a')).toBeVisible();
  });

  it('keeps the items when a next page fails, and Load more tries again', async () => {
    const fetchPage = vi
      .fn<(cursor: number) => Promise<Page>>()
      .mockResolvedValueOnce({ items: ['a'], next: 1 })
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ items: ['b'], next: null });
    renderList(fetchPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load.');
    expect(screen.getByText('a')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('b')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
