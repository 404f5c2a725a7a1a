/**
 * The admin calls (spec section 7, "Admin") as TanStack Query options from the tRPC proxy: the overview,
 * the users overview, engagement, the instructors (for the create-course form) and the e-mail list. The user update
 * (`admin.updateUser`) is a mutation of the user-management screen. The screens refetch on mount so that
 * coming back to one shows fresh figures ('Refreshing...').
 */
import type { MailStatus } from '@lectio/contracts/mail';
import type { Role } from '@lectio/contracts/permissions';
import { trpc } from '~/lib/trpc';

export const MAIL_PER_PAGE = 20;

export const adminOverviewQuery = trpc.admin.overview.queryOptions(undefined, { refetchOnMount: true });

export const usersOverviewQuery = trpc.admin.usersOverview.queryOptions(undefined, { refetchOnMount: true });

export const engagementQuery = trpc.admin.engagement.queryOptions(undefined, { refetchOnMount: true });

/** `admin.instructors`: every instructor by name, to name a new course's instructor. */
export const instructorsQuery = trpc.admin.instructors.queryOptions(undefined, {
  staleTime: 60_000,
  select: (body) => body.instructors,
});

/** `mail.list`: the messages the server sent or is sending, newest first, a page at a time. */
export function mailListQuery(status: MailStatus | undefined) {
  return trpc.mail.list.infiniteQueryOptions(
    { limit: MAIL_PER_PAGE, ...(status ? { status } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, refetchOnMount: true },
  );
}

/** What `admin.updateUser` changes besides the id: `{ isActive }` (suspend/activate) or `{ role }`. */
export type UserUpdate = { isActive: boolean } | { role: Role };
