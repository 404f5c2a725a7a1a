/**
 * The landing page's one exception to useQuery (decision 0054): its three reads (figures, social links,
 * Trending) take the same `trpc.x.queryOptions` through the query client's fetchQuery once, without
 * useQuery's observer (~3 KB gzip), which would put the page over its 150 KB JavaScript budget
 * (e2e/tests/budget.spec.ts). To be replaced by the landing route's loader.
 */
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long the landing page's reads (figures, Trending, the footer's profiles) stay fresh. */
export const LANDING_STALE_MS = 60_000;

export type Loaded<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: T };

/** One read through the query cache (answered from it when fresh), without a subscription. */
export function useFetchedOnce<T>(queryKey: QueryKey, read: (client: QueryClient) => Promise<T>): Loaded<T> {
  const client = useQueryClient();
  const [state, setState] = useState<Loaded<T>>(() => {
    const cached = client.getQueryData<T>(queryKey);
    return cached ? { status: 'success', data: cached } : { status: 'pending' };
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is rebuilt each render; the key is what matters.
  useEffect(() => {
    let current = true;
    read(client).then(
      (data) => current && setState({ status: 'success', data }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [client]);
  return state;
}
