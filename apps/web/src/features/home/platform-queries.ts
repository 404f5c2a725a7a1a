/**
 * The landing page's live figures (`platform.stats`), and the one-read hook the footer's social
 * profiles (social-links.ts) use too. Like the Trending grid (features/catalog/TrendingCourseGrid.tsx) they are
 * read once with the query client's fetchQuery and a hand-written shape check instead of useQuery and the
 * contract's zod schema, which would weigh on the landing page's JavaScript budget; the server checks its
 * answers against the schema in every environment (decision 0005).
 */
import type { PlatformStats } from '@lectio/contracts/platform';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trpc, trpcClient } from '~/lib/trpc';

/** Same as the server's cache: asking again within a minute would get the same figures. */
export const STALE_MS = 60_000;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

export function isPlatformStats(body: unknown): body is PlatformStats {
  if (typeof body !== 'object' || body === null) return false;
  const stats = body as Record<string, unknown>;
  return (
    isCount(stats.courses) &&
    isCount(stats.instructors) &&
    isCount(stats.learners) &&
    isCount(stats.videoSeconds) &&
    typeof stats.countedAt === 'string'
  );
}

export function platformStatsQuery() {
  return {
    queryKey: trpc.platform.stats.queryKey(),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<PlatformStats> => {
      const body: unknown = await trpcClient.platform.stats.query(undefined, { signal });
      if (!isPlatformStats(body)) throw new Error('Unexpected answer from platform.stats');
      return body;
    },
    staleTime: STALE_MS,
  };
}

export type Loaded<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: T };

/** One read through the query cache (answered from it when fresh), without a subscription. */
export function useFetchedOnce<T>(query: {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  staleTime: number;
}): Loaded<T> {
  const client = useQueryClient();
  const [state, setState] = useState<Loaded<T>>(() => {
    const cached = client.getQueryData<T>(query.queryKey);
    return cached ? { status: 'success', data: cached } : { status: 'pending' };
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query object is rebuilt each render; its key is what matters.
  useEffect(() => {
    let current = true;
    client.fetchQuery(query).then(
      (data) => current && setState({ status: 'success', data }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [client]);
  return state;
}

export function usePlatformStats(): Loaded<PlatformStats> {
  return useFetchedOnce(platformStatsQuery());
}
