/** The coupons calls as TanStack Query options from the tRPC proxy (issue 14, item 4). */
import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

export const COUPONS_PER_PAGE = 20;

/** The coupons, newest first, a page at a time ('Load more' asks for the next cursor). */
export function couponsQuery() {
  return trpc.coupons.list.infiniteQueryOptions(
    { limit: COUPONS_PER_PAGE },
    { getNextPageParam: (page) => page.nextCursor, refetchOnMount: 'always' },
  );
}

/** After a coupon was made, disabled or enabled: the list. */
export function invalidateCoupons(client: QueryClient): Promise<void> {
  return client.invalidateQueries(trpc.coupons.list.pathFilter());
}
