/**
 * One notification, in the bell and on the see-all page: its title (a link to what it is about, when it
 * has a link; opening it marks it read), its body and how long ago. Unread ones carry a dot and bold text.
 */

import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import { type Notification, notificationHref } from '@lectio/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { sectionBase } from '~/lib/links';
import { useSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { invalidateNotifications } from './notifications-queries';
import { timeAgo } from './relative-time';

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({ onSettled: () => invalidateNotifications(client) }),
  );
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation(
    trpc.notifications.markAllRead.mutationOptions({ onSettled: () => invalidateNotifications(client) }),
  );
}

export function NotificationItem({
  notification,
  onOpen,
  showMarkRead = false,
}: {
  notification: Notification;
  /** Called when its link is followed (the bell closes itself). */
  onOpen?: () => void;
  showMarkRead?: boolean;
}) {
  const { user } = useSession();
  const router = useRouter();
  const markRead = useMarkRead();
  const href =
    notification.link === null ? null : notificationHref(sectionBase(user?.role), notification.link);

  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (!href || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!notification.read) markRead.mutate({ id: notification._id });
    onOpen?.();
    void router.navigate({ href });
  }

  const titleClassName = `text-sm ${notification.read ? 'font-medium' : 'font-semibold'}`;
  return (
    <div className="flex items-start gap-2">
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-blue-600 dark:bg-blue-400'}`}
      />
      <div className="min-w-0 flex-1">
        {href ? (
          <a href={href} onClick={open} className={`${titleClassName} hover:underline`}>
            {notification.title}
          </a>
        ) : (
          <p className={titleClassName}>{notification.title}</p>
        )}
        {notification.read ? null : <span className="sr-only"> ({NOTIFICATION_TEXT.unreadLabel})</span>}
        <p className="break-words text-sm text-slate-700 dark:text-slate-300">{notification.body}</p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={notification.createdAt} title={new Date(notification.createdAt).toLocaleString()}>
            {timeAgo(notification.createdAt)}
          </time>
        </p>
      </div>
      {showMarkRead && !notification.read ? (
        <button
          type="button"
          onClick={() => markRead.mutate({ id: notification._id })}
          disabled={markRead.isPending}
          className="shrink-0 rounded px-2 py-1 text-xs font-medium text-blue-700 hover:bg-slate-100 disabled:opacity-60 dark:text-blue-300 dark:hover:bg-slate-800"
        >
          {NOTIFICATION_TEXT.markRead}
        </button>
      ) : null}
    </div>
  );
}
