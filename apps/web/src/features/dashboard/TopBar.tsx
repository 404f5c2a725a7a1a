/**
 * The dashboard top bar: sidebar toggle, search box (Ctrl/Cmd+K focuses it), theme toggle, and the signed-in
 * user's name and e-mail with the Sign Out button.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { useEffect, useRef } from 'react';
import { inputClassName } from '~/components/TextField';
import { ThemeToggle } from '~/components/ThemeToggle';
import { DASHBOARD_TEXT } from './screen-titles';

export function TopBar({
  user,
  sidebarId,
  sidebarExpanded,
  onToggleSidebar,
  onSignOut,
}: {
  user: PublicUser;
  sidebarId: string;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  onSignOut: () => void;
}) {
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    function focusSearch(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        searchRef.current?.focus();
      }
    }
    window.addEventListener('keydown', focusSearch);
    return () => window.removeEventListener('keydown', focusSearch);
  }, []);

  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <button
        type="button"
        aria-label={DASHBOARD_TEXT.toggleSidebar}
        aria-controls={sidebarId}
        aria-expanded={sidebarExpanded}
        onClick={onToggleSidebar}
        className="inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <div className="hidden max-w-sm flex-1 sm:block">
        <label htmlFor="dashboard-search" className="sr-only">
          {DASHBOARD_TEXT.search}
        </label>
        <input
          ref={searchRef}
          id="dashboard-search"
          type="search"
          placeholder={DASHBOARD_TEXT.searchPlaceholder}
          aria-keyshortcuts="Control+K Meta+K"
          className={`${inputClassName} border-slate-300 py-1.5 dark:border-slate-600`}
        />
      </div>
      <div className="ml-auto flex items-center gap-3">
        <ThemeToggle />
        <div className="hidden text-right leading-tight md:block">
          <p className="text-sm font-semibold">{user.name}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
        </div>
        <button
          type="button"
          onClick={onSignOut}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {DASHBOARD_TEXT.signOut}
        </button>
      </div>
    </header>
  );
}
