/**
 * "Load more" under a paged list: shown while the infinite query has a next page, disabled (with its
 * loading label) while that page is on its way.
 */
export function LoadMoreButton({
  query,
  label,
  loadingLabel,
  className,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  loadingLabel: string;
  className: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
      className={className}
    >
      {query.isFetchingNextPage ? loadingLabel : label}
    </button>
  );
}
