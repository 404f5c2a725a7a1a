/**
 * The top bar's user menu (spec section 2): a menu button named 'User menu' (showing the user's photo or
 * initials) whose popup shows the user's name and e-mail above a menu with Profile Settings and Account
 * Settings (links to {base}/profile and its password section, decision 0038), Help & Support (the
 * Support site page) and Sign Out. Keyboard: Arrow keys, Home and End move; Escape
 * closes.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { profileLink, sectionBase } from '~/lib/links';
import { initials } from './initials';
import { DASHBOARD_TEXT } from './screen-titles';
import { useDismiss } from './use-dismiss';

// Keyboard focus keeps the app's outline (drawn inside the item, so the popup's edge doesn't clip it) on
// top of the highlight: a pale background alone is hard to see.
const menuItemClassName =
  'block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus-visible:-outline-offset-2 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/** The profile page's password section: where Account Settings leads. */
export const PROFILE_PASSWORD_SECTION = 'profile-password';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

export function UserMenu({ user, onSignOut }: { user: PublicUser; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const menuId = useId();
  const buttonId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const inside = useRef([buttonRef, popupRef]).current;
  useDismiss(open, close, inside, buttonRef);

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menuRef.current);
    (focusOnOpen === 'first' ? list[0] : list[list.length - 1])?.focus();
  }, [open, focusOnOpen]);

  function openMenu(focus: 'first' | 'last') {
    setFocusOnOpen(focus);
    setOpen(true);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={DASHBOARD_TEXT.userMenu}
        aria-haspopup="menu"
        aria-expanded={open}
        // Only while the menu shows: a collapsed popup's id can't be verified (axe flags it for review).
        aria-controls={open ? menuId : undefined}
        title={user.name}
        onClick={() => (open ? setOpen(false) : openMenu('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openMenu('first');
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu('last');
          }
        }}
        className="inline-flex items-center gap-2 rounded-full border border-slate-300 p-0.5 pr-2 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {user.avatar ? (
          <img
            src={user.avatar}
            alt=""
            aria-hidden="true"
            width={32}
            height={32}
            data-testid="user-menu-avatar"
            className="h-8 w-8 rounded-full object-cover"
          />
        ) : (
          // Drawn by CSS like a photo, not text: the button's name is the spec's 'User menu', and visible
          // initials that are not in that name fail axe's label-content-name-mismatch.
          <span
            aria-hidden="true"
            data-initials={initials(user.name) || '?'}
            className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white before:content-[attr(data-initials)]"
          />
        )}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div
        ref={popupRef}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
        </div>
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="py-1"
        >
          <Link
            {...profileLink(sectionBase(user.role))}
            role="menuitem"
            tabIndex={-1}
            onClick={() => setOpen(false)}
            className={menuItemClassName}
          >
            {DASHBOARD_TEXT.profileSettings}
          </Link>
          <Link
            {...profileLink(sectionBase(user.role), PROFILE_PASSWORD_SECTION)}
            role="menuitem"
            tabIndex={-1}
            onClick={() => setOpen(false)}
            className={menuItemClassName}
          >
            {DASHBOARD_TEXT.accountSettings}
          </Link>
          <Link
            to="/pages/$slug"
            params={{ slug: 'support' }}
            role="menuitem"
            tabIndex={-1}
            onClick={() => setOpen(false)}
            className={menuItemClassName}
          >
            {DASHBOARD_TEXT.helpSupport}
          </Link>
          <hr className="my-1 border-slate-200 dark:border-slate-700" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
            className={`${menuItemClassName} font-semibold text-red-700 dark:text-red-400`}
          >
            {DASHBOARD_TEXT.signOut}
          </button>
        </div>
      </div>
    </div>
  );
}
