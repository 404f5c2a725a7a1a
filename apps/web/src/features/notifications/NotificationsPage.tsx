/**
 * Every notification of the signed-in user, newest first, 20 at a time ("Load more"), with the unread
 * count, "Mark all as read" and "Mark as read" on each unread one. The same screen in every section
 * (`{base}/notifications`).
 */
import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadMoreButton } from '~/components/LoadMoreButton';
import { errorTextClassName, secondaryActionClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { NotificationItem, useMarkAllRead } from './NotificationItem';
import { notificationPagesQuery } from './notifications-queries';

export function NotificationsPage() {
  const list = useInfiniteQuery(notificationPagesQuery);
  const markAll = useMarkAllRead();
  const pages = list.data?.pages ?? [];
  const notifications = pages.flatMap((page) => page.notifications);
  const unread = pages[0]?.unreadCount ?? 0;

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{NOTIFICATION_TEXT.pageTitle}</h1>
          {list.data ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{NOTIFICATION_TEXT.unread(unread)}</p>
          ) : null}
        </div>
        {unread > 0 ? (
          <button
            type="button"
            onClick={() => markAll.mutate({})}
            disabled={markAll.isPending}
            className={secondaryActionClassName}
          >
            {NOTIFICATION_TEXT.markAllRead}
          </button>
        ) : null}
      </div>
      {list.isPending ? (
        <p role="status" className="text-slate-700 dark:text-slate-300">
          {NOTIFICATION_TEXT.loadingMore}
        </p>
      ) : list.isError ? (
        <p role="alert" className={errorTextClassName}>
          {errorMessage(list.error)}
        </p>
      ) : notifications.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{NOTIFICATION_TEXT.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
          {notifications.map((notification) => (
            <li key={notification._id} className="px-4 py-3">
              <NotificationItem notification={notification} showMarkRead />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton
        query={list}
        label={NOTIFICATION_TEXT.loadMore}
        loadingLabel={NOTIFICATION_TEXT.loadingMore}
        className={secondaryActionClassName}
      />
    </div>
  );
}
