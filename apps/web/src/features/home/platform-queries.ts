/**
 * The landing page's live figures (`platform.stats`) and the footer's social profiles
 * (`platform.socialLinks`), read with useQuery through the tRPC options proxy like every other call. The
 * server checks every answer against the contract (decision 0005), so they are used as they come: the
 * social links are http(s) addresses by the contract.
 */
import { useQuery } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

/** Same as the server's cache: asking again within a minute would get the same figures. */
export const STALE_MS = 60_000;

export function platformStatsQuery() {
  return trpc.platform.stats.queryOptions(undefined, { staleTime: STALE_MS });
}

export function usePlatformStats() {
  return useQuery(platformStatsQuery());
}

export function useSocialLinks() {
  return useQuery(trpc.platform.socialLinks.queryOptions(undefined, { staleTime: STALE_MS }));
}
