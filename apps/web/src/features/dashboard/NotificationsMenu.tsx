/**
 * The top bar's notifications bell: a badge with the unread count (none at zero) and a popover with the
 * newest notifications, "Mark all as read" and a link to the see-all page. The summary is polled
 * (notifications-queries.ts), so new notifications show without a reload. The panel is the app's popover
 * (components/ui/Popover, React Aria): focus moves in, Escape or a press outside closes it, focus returns.
 */
import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { OutlineIcon } from '~/components/ui/OutlineIcon';
import { DialogTrigger, PopoverButton, PopoverDialog } from '~/components/ui/Popover';
import { NotificationItem, useMarkAllRead } from '~/features/notifications/NotificationItem';
import { notificationSummaryQuery } from '~/features/notifications/notifications-queries';
import { sectionBase } from '~/lib/links';
import { useSession } from '~/lib/session';
import { DASHBOARD_TEXT } from './screen-titles';

export const topBarIconButtonClassName =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

/** The badge's text: the count, capped so it fits. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function NotificationsMenu() {
  const { user } = useSession();
  const summary = useQuery(notificationSummaryQuery);
  const markAll = useMarkAllRead();
  const unread = summary.data?.unreadCount ?? 0;
  const latest = summary.data?.latest ?? [];

  return (
    <DialogTrigger>
      <PopoverButton aria-label={DASHBOARD_TEXT.notifications} className={topBarIconButtonClassName}>
        <OutlineIcon d="M18 16V11a6 6 0 1 0-12 0v5l-2 2h16l-2-2Zm-8 4a2 2 0 0 0 4 0" />
        {/* The count is drawn by CSS, not text: the button's name stays the spec's 'Notifications', and its
            visible text no longer contradicts that name (axe's label-content-name-mismatch). The count is
            in the panel's heading for assistive technology. */}
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            data-count={badgeText(unread)}
            className="absolute -right-1 -top-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white before:content-[attr(data-count)]"
          />
        ) : null}
      </PopoverButton>
      {/* The list is rendered only while open (the popover mounts on open): a closed bell keeps no hidden
          copies of course titles and names in the page. */}
      <PopoverDialog label={DASHBOARD_TEXT.notifications} className="w-[calc(100vw-1rem)] sm:w-80">
        {(close) => (
          <>
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
              <h2 className="text-sm font-semibold">{DASHBOARD_TEXT.notifications}</h2>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {DASHBOARD_TEXT.newNotifications(unread)}
              </span>
            </div>
            {summary.isError ? (
              <p className="px-4 py-3 text-sm text-red-700 dark:text-red-400">
                {NOTIFICATION_TEXT.loadFailed}
              </p>
            ) : latest.length === 0 ? (
              <p className="px-4 py-3 text-sm text-slate-700 dark:text-slate-300">
                {summary.isPending ? NOTIFICATION_TEXT.loadingMore : NOTIFICATION_TEXT.empty}
              </p>
            ) : (
              <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-700">
                {latest.map((notification) => (
                  <li key={notification._id} className="px-4 py-3">
                    <NotificationItem notification={notification} onOpen={close} />
                  </li>
                ))}
              </ul>
            )}
            <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-2 text-sm dark:border-slate-700">
              <Link
                to={`${sectionBase(user?.role)}/notifications`}
                onClick={close}
                className="font-medium text-blue-700 hover:underline dark:text-blue-300"
              >
                {NOTIFICATION_TEXT.seeAll}
              </Link>
              {unread > 0 ? (
                <button
                  type="button"
                  onClick={() => markAll.mutate({})}
                  disabled={markAll.isPending}
                  className="rounded px-2 py-1 font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  {NOTIFICATION_TEXT.markAllRead}
                </button>
              ) : null}
            </div>
          </>
        )}
      </PopoverDialog>
    </DialogTrigger>
  );
}
