/** The teaching.* calls as TanStack Query options from the tRPC proxy. */
import type { ApplicationStatus } from '@lectio/contracts/teaching-applications';
import { trpc } from '~/lib/trpc';

export const APPLICATIONS_PER_PAGE = 20;

export function myApplicationQuery() {
  return trpc.teaching.mine.queryOptions(undefined, { refetchOnMount: 'always' });
}

export function applicationsQuery(status: ApplicationStatus | undefined) {
  return trpc.teaching.list.infiniteQueryOptions(
    { limit: APPLICATIONS_PER_PAGE, ...(status ? { status } : {}) },
    { getNextPageParam: (page) => page.nextCursor, refetchOnMount: 'always' },
  );
}
