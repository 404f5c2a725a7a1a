/**
 * The admin calls (spec section 7, "Admin") as TanStack Query options from the tRPC proxy: the overview,
 * the users overview, engagement and the instructors (for the create-course form). The user update
 * (`admin.updateUser`) is a mutation of the user-management screen. The screens refetch on mount so that
 * coming back to one shows fresh figures ('Refreshing...').
 */
import type { Role } from '@lectio/contracts/permissions';
import { trpc } from '~/lib/trpc';

export const adminOverviewQuery = trpc.admin.overview.queryOptions(undefined, { refetchOnMount: true });

export const usersOverviewQuery = trpc.admin.usersOverview.queryOptions(undefined, { refetchOnMount: true });

export const engagementQuery = trpc.admin.engagement.queryOptions(undefined, { refetchOnMount: true });

/** `admin.instructors`: every instructor by name, to name a new course's instructor. */
export const instructorsQuery = trpc.admin.instructors.queryOptions(undefined, {
  staleTime: 60_000,
  select: (body) => body.instructors,
});

/** What `admin.updateUser` changes besides the id: `{ isActive }` (suspend/activate) or `{ role }`. */
export type UserUpdate = { isActive: boolean } | { role: Role };
