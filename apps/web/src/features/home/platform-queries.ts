/**
 * The landing page's live figures (`platform.stats`) and the footer's social profiles
 * (`platform.socialLinks`), read through the tRPC options proxy once (lib/fetched-once.ts: the landing's JavaScript budget). The
 * server checks every answer against the contract (decision 0005), so they are used as they come: the
 * social links are http(s) addresses by the contract.
 */
import { useFetchedOnce } from '~/lib/fetched-once';
import { trpc } from '~/lib/trpc';

/** Same as the server's cache: asking again within a minute would get the same figures. */
export const STALE_MS = 60_000;

export function platformStatsQuery() {
  return trpc.platform.stats.queryOptions(undefined, { staleTime: STALE_MS });
}

export function usePlatformStats() {
  const query = platformStatsQuery();
  return useFetchedOnce(query.queryKey, (client) => client.fetchQuery(query));
}

export function useSocialLinks() {
  const query = trpc.platform.socialLinks.queryOptions(undefined, { staleTime: STALE_MS });
  return useFetchedOnce(query.queryKey, (client) => client.fetchQuery(query));
}
