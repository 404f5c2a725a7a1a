/**
 * The frame of the public catalogue pages (/courses, /course/{id}): the public header every public page
 * has (issue 24: menu, Log in and Sign up, or Dashboard for a signed-in visitor) above a titled page.
 */
import type { ReactNode } from 'react';
import { PublicHeader } from '~/features/home/PublicHeader';

export function PublicCatalogLayout({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <PublicHeader />
      <main className="mx-auto max-w-7xl space-y-6 px-6 pb-16 pt-6">
        {title ? <h1 className="text-3xl font-bold tracking-tight">{title}</h1> : null}
        {children}
      </main>
    </div>
  );
}
