/**
 * The frame of the public site pages (/features, /pages/{slug}): the landing page's header (Product
 * dropdown, Features, Courses, About, Log in and Sign up or Dashboard) and footer around a titled page;
 * the page's title is also the browser tab's (none while it loads).
 */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '~/lib/document-title';
import { LandingFooter } from '../home/LandingFooter';
import { PublicHeader } from '../home/PublicHeader';

export function PublicSiteLayout({ title, children }: { title: string | undefined; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main className="flex-1">{children}</main>
      <LandingFooter />
    </div>
  );
}
