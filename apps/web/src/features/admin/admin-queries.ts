/**
 * The admin calls (spec section 7, "Admin") as TanStack Query options: GET overview, users overview,
 * engagement and the instructors (for the create-course form), and PATCH a user. Paths and response schemas come from the contracts' route table.
 * The screens refetch on mount so that coming back to one shows fresh figures ('Refreshing...').
 */
import {
  adminOverviewSchema,
  engagementSchema,
  instructorListSchema,
  updateUserResponseSchema,
  userOverviewSchema,
} from '@lectio/contracts/admin';
import type { Role } from '@lectio/contracts/permissions';
import { fillPath, restRoutes } from '@lectio/contracts/rest';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  usersOverview: ['admin', 'users-overview'] as const,
  engagement: ['admin', 'engagement'] as const,
  instructors: ['admin', 'instructors'] as const,
};

export const adminOverviewQuery = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: ({ signal }) => apiRequest(restRoutes.adminOverview.path, { schema: adminOverviewSchema, signal }),
  refetchOnMount: true,
});

export const usersOverviewQuery = queryOptions({
  queryKey: adminKeys.usersOverview,
  queryFn: ({ signal }) =>
    apiRequest(restRoutes.adminUsersOverview.path, { schema: userOverviewSchema, signal }),
  refetchOnMount: true,
});

export const engagementQuery = queryOptions({
  queryKey: adminKeys.engagement,
  queryFn: ({ signal }) => apiRequest(restRoutes.adminEngagement.path, { schema: engagementSchema, signal }),
  refetchOnMount: true,
});

/** GET /admin/instructors: every instructor by name, to name a new course's instructor. */
export const instructorsQuery = queryOptions({
  queryKey: adminKeys.instructors,
  queryFn: async ({ signal }) =>
    (await apiRequest(restRoutes.adminInstructors.path, { schema: instructorListSchema, signal }))
      .instructors,
  staleTime: 60_000,
});

export type UserUpdate = { isActive: boolean } | { role: Role };

/** PATCH /admin/users/{id} with `{ isActive }` (suspend/activate) or `{ role }` (role change). */
export function updateUser(id: string, update: UserUpdate) {
  return apiRequest(fillPath(restRoutes.adminUpdateUser.path, { id }), {
    method: restRoutes.adminUpdateUser.method,
    body: update,
    schema: updateUserResponseSchema,
  });
}
