/**
 * The one header of every public page (spec section 1, issues 15 and 24): the landing page, the site
 * pages, /courses, the course page and certificate verification. Logo, the 'Product' dropdown, the links
 * Features, Courses and About, and 'Log in' (/signin) and 'Sign up' (/signup) from 768 px up; below that,
 * 'Open main menu' opens the side dialog with the same entries. The theme toggle stays in both layouts.
 * A signed-in visitor (the landing page sends them to their dashboard, the other pages don't) gets a
 * 'Dashboard' link instead of Log in and Sign up.
 */
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ThemeToggle } from '~/components/ThemeToggle';
import { sectionBase, sectionHomeLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { HEADER_LINKS, HEADER_TEXT, HOME_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';
import { ProductMenu } from './ProductMenu';

/**
 * The side dialog is loaded when it is first wanted (a press or focus on its button starts the load
 * before the click lands): it is not needed to show the page, and the landing page has a budget.
 */
const loadMobileMenu = () => import('./MobileMenuDialog');
const MobileMenuDialog = lazy(() =>
  loadMobileMenu().then((module) => ({ default: module.MobileMenuDialog })),
);

const headerLinkClassName = 'rounded-md text-sm font-semibold text-slate-900 dark:text-slate-100';

export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { user } = useSession();

  return (
    <header>
      <nav
        aria-label={HOME_TEXT.mainNavigation}
        className="mx-auto flex max-w-7xl items-center justify-between gap-x-4 px-6 py-5 lg:px-8"
      >
        <div className="flex md:flex-1">
          <Link
            to="/"
            className="-m-1.5 flex items-center gap-x-2 rounded-md p-1.5 text-xl font-bold text-slate-900 dark:text-slate-100"
          >
            <LandingIcon name="logo" className="h-8 w-8" />
            {HOME_TEXT.brand}
          </Link>
        </div>
        <div className="hidden md:flex md:items-center md:gap-x-8 lg:gap-x-12">
          <ProductMenu />
          {HEADER_LINKS.map(({ label, link }) => (
            <Link key={label} {...link} className={headerLinkClassName}>
              {label}
            </Link>
          ))}
        </div>
        <div className="flex items-center justify-end gap-x-4 md:flex-1 lg:gap-x-6">
          <ThemeToggle />
          {user ? (
            <Link
              {...sectionHomeLink(sectionBase(user.role))}
              className={`hidden md:inline ${headerLinkClassName}`}
            >
              {HOME_TEXT.dashboard} <span aria-hidden="true">&rarr;</span>
            </Link>
          ) : (
            <>
              <Link to="/signin" className={`hidden md:inline ${headerLinkClassName}`}>
                {HOME_TEXT.logIn}
              </Link>
              <Link
                to="/signup"
                className="hidden rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 md:inline-flex"
              >
                {HOME_TEXT.signUp}
              </Link>
            </>
          )}
          <button
            type="button"
            aria-haspopup="dialog"
            onPointerDown={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            onClick={() => setMenuOpen(true)}
            className="-m-2.5 inline-flex items-center justify-center rounded-md p-2.5 text-slate-700 md:hidden dark:text-slate-200"
          >
            <span className="sr-only">{HEADER_TEXT.openMainMenu}</span>
            <LandingIcon name="menu" className="h-6 w-6" />
          </button>
        </div>
      </nav>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenuDialog onClose={closeMenu} />
        </Suspense>
      ) : null}
    </header>
  );
}
