/**
 * The landing page's live figures (`platform.stats`), read through the tRPC options proxy once
 * (lib/fetched-once.ts: the landing's JavaScript budget). The server checks every answer against the
 * contract (decision 0005), so they are used as they come.
 */
import { LANDING_STALE_MS, useFetchedOnce } from '~/lib/fetched-once';
import { trpc } from '~/lib/trpc';

export function platformStatsQuery() {
  return trpc.platform.stats.queryOptions(undefined, { staleTime: LANDING_STALE_MS });
}

export function usePlatformStats() {
  const query = platformStatsQuery();
  return useFetchedOnce(query.queryKey, (client) => client.fetchQuery(query));
}
