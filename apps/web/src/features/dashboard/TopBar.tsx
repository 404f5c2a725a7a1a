/**
 * The dashboard top bar: sidebar toggle, course search (Ctrl/Cmd+K focuses it), notifications, theme
 * toggle and the user menu (name, e-mail, settings placeholders, Sign Out).
 */
import type { PublicUser } from '@lectio/contracts/user';
import type { Ref } from 'react';
import { ThemeToggle } from '~/components/ThemeToggle';
import { OutlineIcon } from '~/components/ui/OutlineIcon';
import { CourseSearch } from './CourseSearch';
import { NotificationsMenu, topBarIconButtonClassName } from './NotificationsMenu';
import { DASHBOARD_TEXT } from './screen-titles';
import { UserMenu } from './UserMenu';

export function TopBar({
  user,
  sidebarId,
  sidebarExpanded,
  onToggleSidebar,
  onSignOut,
  toggleRef,
}: {
  user: PublicUser;
  sidebarId: string;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  onSignOut: () => void;
  toggleRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-3 sm:gap-3 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
      <button
        ref={toggleRef}
        type="button"
        aria-label={DASHBOARD_TEXT.toggleSidebar}
        aria-controls={sidebarId}
        aria-expanded={sidebarExpanded}
        onClick={onToggleSidebar}
        className={topBarIconButtonClassName}
      >
        <OutlineIcon d="M4 6h16M4 12h16M4 18h16" />
      </button>
      <CourseSearch user={user} />
      <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
        <NotificationsMenu />
        <ThemeToggle />
        <UserMenu user={user} onSignOut={onSignOut} />
      </div>
    </header>
  );
}
