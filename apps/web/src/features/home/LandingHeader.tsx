/**
 * The landing page's header (spec section 1): logo, the 'Product' dropdown, the links Features,
 * Marketplace and Company and 'Log in' (/signin) from 768 px up; below that, 'Open main menu' opens the
 * side dialog with the same entries. The theme toggle stays in both layouts.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { ThemeToggle } from '~/components/ThemeToggle';
import { HEADER_LINKS, HEADER_TEXT, HOME_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';
import { MobileMenuDialog } from './MobileMenuDialog';
import { PlaceholderLink } from './PlaceholderLink';
import { ProductMenu } from './ProductMenu';

export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

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
          {HEADER_LINKS.map((label) => (
            <PlaceholderLink
              key={label}
              className="rounded-md text-sm font-semibold text-slate-900 dark:text-slate-100"
            >
              {label}
            </PlaceholderLink>
          ))}
        </div>
        <div className="flex items-center justify-end gap-x-4 md:flex-1">
          <ThemeToggle />
          <Link
            to="/signin"
            className="hidden rounded-md text-sm font-semibold text-slate-900 md:inline dark:text-slate-100"
          >
            {HOME_TEXT.logIn} <span aria-hidden="true">&rarr;</span>
          </Link>
          <button
            ref={menuButtonRef}
            type="button"
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
            className="-m-2.5 inline-flex items-center justify-center rounded-md p-2.5 text-slate-700 md:hidden dark:text-slate-200"
          >
            <span className="sr-only">{HEADER_TEXT.openMainMenu}</span>
            <LandingIcon name="menu" className="h-6 w-6" />
          </button>
        </div>
      </nav>
      {menuOpen ? <MobileMenuDialog onClose={closeMenu} returnFocusTo={menuButtonRef} /> : null}
    </header>
  );
}
