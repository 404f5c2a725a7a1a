/**
 * The marketplace's figures as TanStack Query options from the tRPC proxy: the signed-in instructor's
 * earnings and the platform's revenue (admins), and the payouts (an instructor's own, or everyone's and
 * what each instructor is owed for admins). All refetch on mount, so coming back shows fresh figures.
 */
import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

export const PAYOUTS_PER_PAGE = 20;

export const instructorEarningsQuery = trpc.earnings.instructor.queryOptions({}, { refetchOnMount: true });

export const platformRevenueQuery = trpc.earnings.platform.queryOptions(undefined, { refetchOnMount: true });

/** The payout account as the provider now reports it (read when coming back from its onboarding). */
export function payoutAccountQuery(enabled: boolean) {
  return trpc.payouts.account.queryOptions(undefined, { enabled, refetchOnMount: 'always', retry: false });
}

/** Payouts, newest first: the instructor's own, or an admin's view of everyone's. */
export const payoutsQuery = trpc.payouts.list.infiniteQueryOptions(
  { limit: PAYOUTS_PER_PAGE },
  { getNextPageParam: (page) => page.nextCursor, refetchOnMount: true },
);

export const owedQuery = trpc.payouts.owed.queryOptions(undefined, { refetchOnMount: true });

/** After a payout: what is owed, the payouts and the platform's figures. */
export function invalidateAfterPayout(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries(trpc.payouts.owed.queryFilter()),
    client.invalidateQueries(trpc.payouts.list.pathFilter()),
    client.invalidateQueries(trpc.earnings.platform.queryFilter()),
  ]);
}
