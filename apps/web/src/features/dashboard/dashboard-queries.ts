/**
 * The dashboards' reads as TanStack Query options: the student's (`learner.dashboard`) and the
 * instructor's (`instructor.home`). Refetched on every visit: progress recorded in the player and
 * purchases change their figures.
 */
import { trpc } from '~/lib/trpc';

export const learnerDashboardQuery = trpc.learner.dashboard.queryOptions(undefined, { refetchOnMount: true });

export const instructorHomeQuery = trpc.instructor.home.queryOptions(undefined, { refetchOnMount: true });
