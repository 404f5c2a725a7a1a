/**
 * The frame of the public catalogue pages (/courses, /course/{id}): logo, theme toggle and 'Log in', or a
 * way back to the dashboard for a signed-in visitor.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ThemeToggle } from '~/components/ThemeToggle';
import { sectionBase, sectionHomeLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { CATALOG_TEXT } from './catalog-text';

const navLinkClassName =
  'rounded-md px-3 py-2 font-semibold text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800';

export function PublicCatalogLayout({ title, children }: { title?: string; children: ReactNode }) {
  const { user } = useSession();
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-7xl items-center justify-between px-6 py-4">
        <Link to="/" className="text-xl font-bold text-indigo-700 dark:text-indigo-300">
          {CATALOG_TEXT.brand}
        </Link>
        <nav aria-label={CATALOG_TEXT.mainNavigation} className="flex items-center gap-4">
          <ThemeToggle />
          {user ? (
            <Link {...sectionHomeLink(sectionBase(user.role))} className={navLinkClassName}>
              {CATALOG_TEXT.dashboard}
            </Link>
          ) : (
            <Link to="/signin" className={navLinkClassName}>
              {CATALOG_TEXT.logIn} <span aria-hidden="true">&rarr;</span>
            </Link>
          )}
        </nav>
      </header>
      <main className="mx-auto max-w-7xl space-y-6 px-6 pb-16 pt-6">
        {title ? <h1 className="text-3xl font-bold tracking-tight">{title}</h1> : null}
        {children}
      </main>
    </div>
  );
}
