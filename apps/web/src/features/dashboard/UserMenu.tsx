/**
 * The top bar's user menu (spec section 2): a menu button named 'User menu' (showing the user's photo or
 * initials) whose popup shows the user's name and e-mail above a menu with Profile Settings and Account
 * Settings (links to {base}/profile and its password section, decision 0038), Help & Support (the
 * Support site page) and Sign Out. It is the app's menu (components/ui/Menu, React Aria), which gives the
 * keyboard: Arrow keys, Home and End move; Escape and Tab close; focus goes back to the button.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { useLinkHref } from '~/components/ui/AriaRouter';
import { Menu, MenuButton, MenuItem, MenuPopover, MenuSeparator, MenuTrigger } from '~/components/ui/Menu';
import { ChevronDownIcon } from '~/components/ui/SolidIcon';
import { profileLink, sectionBase } from '~/lib/links';
import { initials } from './initials';
import { DASHBOARD_TEXT } from './screen-titles';

/** The profile page's password section: where Account Settings leads. */
export const PROFILE_PASSWORD_SECTION = 'profile-password';

export function UserMenu({ user, onSignOut }: { user: PublicUser; onSignOut: () => void }) {
  const linkHref = useLinkHref();
  const base = sectionBase(user.role);
  return (
    <MenuTrigger>
      <MenuButton
        aria-label={DASHBOARD_TEXT.userMenu}
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
        <ChevronDownIcon />
      </MenuButton>
      <MenuPopover className="w-64">
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
        </div>
        <Menu>
          <MenuItem href={linkHref(profileLink(base))}>{DASHBOARD_TEXT.profileSettings}</MenuItem>
          <MenuItem href={linkHref(profileLink(base, PROFILE_PASSWORD_SECTION))}>
            {DASHBOARD_TEXT.accountSettings}
          </MenuItem>
          <MenuItem href={linkHref({ to: '/pages/$slug', params: { slug: 'support' } })}>
            {DASHBOARD_TEXT.helpSupport}
          </MenuItem>
          <MenuSeparator />
          <MenuItem tone="danger" onAction={onSignOut}>
            {DASHBOARD_TEXT.signOut}
          </MenuItem>
        </Menu>
      </MenuPopover>
    </MenuTrigger>
  );
}
