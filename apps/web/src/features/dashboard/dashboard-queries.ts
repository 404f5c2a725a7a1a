/**
 * The student dashboard's one read (`learner.dashboard`) as TanStack Query options. Refetched on every
 * visit: progress recorded in the player and purchases change its figures.
 */
import { trpc } from '~/lib/trpc';

export const learnerDashboardQuery = trpc.learner.dashboard.queryOptions(undefined, { refetchOnMount: true });
