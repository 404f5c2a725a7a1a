/**
 * The signed-in area's shared layout (spec section 2, "Dashboard shell"): the sidebar filtered for the
 * user, the top bar, and the screen in the main area.
 *
 * Sidebar states: on desktop (>= 1024 px) it starts expanded and the top-bar toggle collapses it to icons;
 * on tablets (768-1023 px) it starts collapsed and the toggle expands it; crossing 1024 px resets it.
 * Collapsed, hovering it (or moving keyboard focus into it) expands it temporarily over the content.
 * On mobile (< 768 px) it is an overlay drawer opened by the toggle and closed by Escape, the backdrop,
 * or a navigation.
 */
import { filterSidebar } from '@lectio/contracts/navigation';
import type { PublicUser } from '@lectio/contracts/user';
import { useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { signOut } from '~/lib/auth';
import { Sidebar } from './Sidebar';
import { DASHBOARD_TEXT } from './screen-titles';
import { TopBar } from './TopBar';
import { useViewport } from './use-viewport';

const SIDEBAR_ID = 'dashboard-sidebar';

export function DashboardShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const items = useMemo(() => filterSidebar(user), [user]);
  const viewport = useViewport();
  const mobile = viewport === 'mobile';
  const [collapsed, setCollapsed] = useState(viewport !== 'desktop');
  const [mobileOpen, setMobileOpen] = useState(false);
  const [peek, setPeek] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const previousViewport = useRef(viewport);

  // Crossing a breakpoint resets the sidebar to that width's default.
  useEffect(() => {
    if (previousViewport.current === viewport) return;
    previousViewport.current = viewport;
    setCollapsed(viewport !== 'desktop');
    setMobileOpen(false);
    setPeek(false);
  }, [viewport]);

  // A navigation closes the mobile drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read inside.
  useEffect(() => {
    setMobileOpen(false);
  }, [pathname]);

  // The open drawer takes focus and gives it back to the toggle when Escape closes it.
  useEffect(() => {
    if (!mobile || !mobileOpen) return;
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setMobileOpen(false);
      toggleRef.current?.focus();
    }
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [mobile, mobileOpen]);

  const expanded = mobile ? mobileOpen : !collapsed;
  const labels = mobile || !collapsed || peek;

  return (
    <div className="flex min-h-screen">
      <a
        href="#dashboard-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      >
        {DASHBOARD_TEXT.skipToContent}
      </a>
      {mobile ? (
        <>
          <Sidebar
            id={SIDEBAR_ID}
            navRef={navRef}
            items={items}
            pathname={pathname}
            data-state={mobileOpen ? 'open' : 'closed'}
            className={`fixed inset-y-0 left-0 z-50 shadow-xl transition-[transform,visibility] duration-200 ${
              mobileOpen ? 'visible translate-x-0' : 'invisible -translate-x-full'
            }`}
          />
          {mobileOpen ? (
            <button
              type="button"
              tabIndex={-1}
              aria-label={DASHBOARD_TEXT.closeSidebar}
              className="fixed inset-0 z-40 bg-slate-900/50"
              onClick={() => setMobileOpen(false)}
            />
          ) : null}
        </>
      ) : (
        // The wrapper keeps the collapsed width in the layout while a peeking sidebar overlays the content,
        // and carries the sidebar's background down the whole page (the nav itself is a sticky screenful).
        <div
          data-testid="sidebar-column"
          className={`relative shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 dark:border-slate-800 dark:bg-slate-900 ${collapsed ? 'w-16' : 'w-64'}`}
        >
          <Sidebar
            id={SIDEBAR_ID}
            navRef={navRef}
            items={items}
            pathname={pathname}
            labels={labels}
            data-state={collapsed ? (peek ? 'peek' : 'collapsed') : 'expanded'}
            onMouseEnter={() => collapsed && setPeek(true)}
            onMouseLeave={() => setPeek(false)}
            onFocus={() => collapsed && setPeek(true)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPeek(false);
            }}
            className={`sticky top-0 h-screen ${collapsed && peek ? 'z-40 shadow-xl' : ''}`}
          />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          sidebarId={SIDEBAR_ID}
          sidebarExpanded={expanded}
          toggleRef={toggleRef}
          onToggleSidebar={() => {
            if (mobile) setMobileOpen((open) => !open);
            else {
              setCollapsed((value) => !value);
              setPeek(false);
            }
          }}
          onSignOut={() => void signOut()}
        />
        <main id="dashboard-main" tabIndex={-1} className="flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
