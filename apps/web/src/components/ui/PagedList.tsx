/**
 * The app's one paged list (CONVENTIONS 15): an infinite query from the tRPC options proxy
 * (`trpc.<op>.infiniteQueryOptions`), its items rendered by the caller, and around them the states every
 * list needs: loading, failed with "Try again" (refetch), empty, and "Load more" while the server has a
 * next page. A next page that fails keeps the items shown and says so above "Load more", which retries.
 * A list that holds its place while loading (a table's placeholder rows) passes `placeholder`: it shows
 * instead of the loading line, which screen readers still hear.
 */
import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMoreButton } from '~/components/LoadMoreButton';
import { QueryState } from '~/components/QueryState';
import { ErrorLine } from './ErrorLine';
import { secondaryActionClassName } from './ui-classes';

export interface PagedListText {
  loading: string;
  failed: string;
  retry: string;
  loadMore: string;
  loadingMore: string;
}

export function PagedList<Page, Item, PageParam, Key extends QueryKey, Failure>({
  query,
  items: itemsOf,
  text,
  empty,
  placeholder,
  failureDetail,
  children,
}: {
  query: UseInfiniteQueryOptions<Page, Failure, InfiniteData<Page, PageParam>, Key, PageParam>;
  /** A page's items. */
  items: (page: Page) => readonly Item[];
  text: PagedListText;
  /** Shown when the list has no items: a sentence, or a panel of the caller's. */
  empty: ReactNode;
  /** Shown while the first page loads, in place of the visible loading line (placeholder rows). */
  placeholder?: ReactNode;
  /** More about a failure, under its line (e.g. the server's message). */
  failureDetail?: (error: Failure) => ReactNode;
  /** The list itself (a list, a table), given every item loaded so far. */
  children: (items: readonly Item[]) => ReactNode;
}) {
  const list = useInfiniteQuery(query);
  if (list.isPending && placeholder !== undefined) {
    return (
      <>
        <p role="status" className="sr-only">
          {text.loading}
        </p>
        {placeholder}
      </>
    );
  }
  if (list.isPending || (list.isError && !list.data)) {
    return (
      <QueryState
        query={list}
        loading={text.loading}
        failed={text.failed}
        retry={text.retry}
        detail={list.error && failureDetail ? failureDetail(list.error) : undefined}
      />
    );
  }
  const items = list.data.pages.flatMap(itemsOf);
  if (items.length === 0) {
    return typeof empty === 'string' ? <p className="text-slate-700 dark:text-slate-300">{empty}</p> : empty;
  }
  return (
    <>
      {children(items)}
      <ErrorLine message={list.isFetchNextPageError ? text.failed : null} />
      <LoadMoreButton
        query={list}
        label={text.loadMore}
        loadingLabel={text.loadingMore}
        className={secondaryActionClassName}
      />
    </>
  );
}
