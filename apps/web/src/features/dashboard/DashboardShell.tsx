/**
 * The signed-in area's shared layout (spec section 2, "Dashboard shell"): sidebar filtered for the user,
 * top bar, and the screen in the main area. Below the sidebar toggle width (1024 px) the sidebar is an
 * overlay opened from the top bar; above it the toggle collapses and expands it.
 */
import { SIDEBAR_TOGGLE_WIDTH_PX } from '@lectio/contracts/constants';
import { filterSidebar } from '@lectio/contracts/navigation';
import type { PublicUser } from '@lectio/contracts/user';
import { useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { signOut } from '~/lib/auth';
import { Sidebar } from './Sidebar';
import { DASHBOARD_TEXT } from './screen-titles';
import { TopBar } from './TopBar';

const SIDEBAR_ID = 'dashboard-sidebar';

function isNarrowViewport(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < SIDEBAR_TOGGLE_WIDTH_PX;
}

export function DashboardShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const items = useMemo(() => filterSidebar(user), [user]);
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);

  // A navigation closes the mobile overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read inside.
  useEffect(() => {
    setMobileOpen(false);
  }, [pathname]);

  // Escape closes the mobile overlay.
  useEffect(() => {
    if (!mobileOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === 'Escape') setMobileOpen(false);
    }
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [mobileOpen]);

  const narrow = isNarrowViewport();
  const expanded = narrow ? mobileOpen : !collapsed;

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#dashboard-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        {DASHBOARD_TEXT.skipToContent}
      </a>
      <Sidebar
        id={SIDEBAR_ID}
        items={items}
        pathname={pathname}
        className={`fixed inset-y-0 left-0 z-40 overflow-y-auto transition-transform lg:static lg:translate-x-0 ${
          mobileOpen ? 'translate-x-0' : '-translate-x-full'
        } ${collapsed ? 'lg:hidden' : ''}`}
      />
      {mobileOpen ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
          onClick={() => setMobileOpen(false)}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          sidebarId={SIDEBAR_ID}
          sidebarExpanded={expanded}
          onToggleSidebar={() =>
            isNarrowViewport() ? setMobileOpen((open) => !open) : setCollapsed((c) => !c)
          }
          onSignOut={() => void signOut()}
        />
        <main id="dashboard-main" tabIndex={-1} className="flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
