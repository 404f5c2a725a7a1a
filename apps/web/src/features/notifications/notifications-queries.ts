/**
 * Notifications through tRPC: the bell's summary (polled every NOTIFICATION_POLL_SECONDS and on focus,
 * while the tab is visible; the server answers an unchanged summary 304 through the browser's cache),
 * the see-all page's pages, and marking read (both refresh the summary and the pages).
 */
import { NOTIFICATION_POLL_SECONDS } from '@lectio/contracts/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

export const NOTIFICATIONS_PER_PAGE = 20;

export const notificationSummaryQuery = trpc.notifications.summary.queryOptions(undefined, {
  refetchInterval: NOTIFICATION_POLL_SECONDS * 1000,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
});

export const notificationPagesQuery = trpc.notifications.list.infiniteQueryOptions(
  { limit: NOTIFICATIONS_PER_PAGE },
  { getNextPageParam: (page) => page.nextCursor, refetchOnMount: 'always' },
);

export function invalidateNotifications(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries(trpc.notifications.summary.queryFilter()),
    client.invalidateQueries(trpc.notifications.list.pathFilter()),
  ]);
}
