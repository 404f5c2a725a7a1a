/**
 * Every notification of the signed-in user, newest first, 20 at a time ("Load more"), with the unread
 * count, "Mark all as read" and "Mark as read" on each unread one. The same screen in every section
 * (`{base}/notifications`).
 */
import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedList } from '~/components/ui/PagedList';
import { errorTextClassName, secondaryActionClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { NotificationItem, useMarkAllRead } from './NotificationItem';
import { notificationPagesQuery } from './notifications-queries';

export function NotificationsPage() {
  // The unread count comes with every page; the newest page's is the current one.
  const unread = useInfiniteQuery({
    ...notificationPagesQuery,
    select: (data) => data.pages[0]?.unreadCount ?? 0,
  }).data;
  const markAll = useMarkAllRead();

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{NOTIFICATION_TEXT.pageTitle}</h1>
          {unread === undefined ? null : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{NOTIFICATION_TEXT.unread(unread)}</p>
          )}
        </div>
        {unread ? (
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
      <PagedList
        query={notificationPagesQuery}
        items={(page) => page.notifications}
        text={{
          ...NOTIFICATION_TEXT,
          loading: NOTIFICATION_TEXT.loadingMore,
          failed: NOTIFICATION_TEXT.loadFailed,
        }}
        failureDetail={(error) => <p className={errorTextClassName}>{errorMessage(error)}</p>}
        empty={NOTIFICATION_TEXT.empty}
      >
        {(notifications) => (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
            {notifications.map((notification) => (
              <li key={notification._id} className="px-4 py-3">
                <NotificationItem notification={notification} showMarkRead />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
