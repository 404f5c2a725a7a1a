/**
 * The frame of the public site pages (/features, /pages/{slug}): the landing page's header (Product
 * dropdown, Features, Courses, About, Log in and Sign up or Dashboard) and footer around a titled page.
 */
import type { ReactNode } from 'react';
import { LandingFooter } from '../home/LandingFooter';
import { PublicHeader } from '../home/PublicHeader';

export function PublicSiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main className="flex-1">{children}</main>
      <LandingFooter />
    </div>
  );
}
