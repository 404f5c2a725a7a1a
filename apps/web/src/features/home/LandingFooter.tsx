/**
 * The footer of the landing page and the public site pages (spec section 1, issue 15 item 4): a Courses
 * column (each entry opens the catalogue filtered by the closest category), a Resources column of site
 * pages (About, FAQs, Support, Privacy Policy, Terms) and the Features page, a Follow Us row with only
 * the social profiles the server is configured with (none: no row), and the copyright line. Everything
 * only the footer needs (its texts, the brand marks, the profiles' read) is in this module's imports:
 * the landing page loads it when the footer nears the viewport (HomePage).
 */
import type { SocialNetwork } from '@lectio/contracts/platform';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkOptions, linkOptions } from '@tanstack/react-router';
import { trpc } from '~/lib/trpc';
import { FOOTER_TEXT } from './footer-text';
import { HOME_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';
import { LANDING_STALE_MS } from './landing-reads';

/** Filled brand marks for the Follow Us row. */
const SOCIAL_PATHS: Record<SocialNetwork, string> = {
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z',
  x: 'M4 4h4.5l4 5.6L17.5 4H20l-6.3 7.2L20.5 20H16l-4.3-6-5.3 6H4l6.6-7.5L4 4Z',
  linkedin:
    'M5 9h3v11H5V9Zm1.5-5a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5ZM10 9h3v1.6c.5-.9 1.7-1.8 3.4-1.8 3.2 0 3.6 2.1 3.6 4.8V20h-3v-5.6c0-1.3 0-3-1.8-3s-2.2 1.4-2.2 2.9V20h-3V9Z',
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z',
};

const footerLinkClassName =
  'rounded-md text-sm text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white';
const columnTitleClassName = 'text-sm font-semibold text-slate-900 dark:text-white';

interface FooterLink {
  label: string;
  link: LinkOptions;
}

const COURSE_LINKS: FooterLink[] = FOOTER_TEXT.courses.map(({ label, category }) => ({
  label,
  link: linkOptions({ to: '/courses', search: { category } }),
}));
const RESOURCE_LINKS: FooterLink[] = [
  { label: FOOTER_TEXT.features, link: linkOptions({ to: '/features' }) },
  ...FOOTER_TEXT.resources.map(({ label, page }) => ({
    label,
    link: linkOptions({ to: '/pages/$slug', params: { slug: page } }),
  })),
];

/** A column of links under its heading (a navigation landmark named by it). */
function FooterColumn({ id, title, links }: { id: string; title: string; links: FooterLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={columnTitleClassName}>
        {title}
      </h2>
      <ul className="mt-4 space-y-3">
        {links.map(({ label, link }) => (
          <li key={label}>
            <Link {...link} className={footerLinkClassName}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FollowUs() {
  // The landing page loads this module only when the footer nears the viewport, so useQuery costs its
  // first load nothing.
  const social = useQuery(trpc.platform.socialLinks.queryOptions(undefined, { staleTime: LANDING_STALE_MS }));
  if (!social.data || social.data.links.length === 0) return null;
  return (
    <div className="flex items-center gap-x-4">
      <h2 id="footer-follow-title" className={columnTitleClassName}>
        {FOOTER_TEXT.followUs}
      </h2>
      <ul aria-labelledby="footer-follow-title" className="flex gap-x-4">
        {social.data.links.map((link) => (
          <li key={link.network}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="block rounded-md text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
            >
              <span className="sr-only">{FOOTER_TEXT.social[link.network]}</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor">
                <path d={SOCIAL_PATHS[link.network]} />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LandingFooter({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-6 py-12 lg:px-8">
        <div className="grid grid-cols-1 gap-10 sm:grid-cols-2 lg:grid-cols-4">
          <div className="lg:col-span-2">
            <p className="flex items-center gap-x-2 text-xl font-bold text-slate-900 dark:text-white">
              <LandingIcon name="logo" className="h-8 w-8" />
              {HOME_TEXT.brand}
            </p>
            <p className="mt-4 max-w-xs text-sm text-slate-700 dark:text-slate-300">{FOOTER_TEXT.tagline}</p>
          </div>
          <FooterColumn id="footer-courses-title" title={FOOTER_TEXT.coursesTitle} links={COURSE_LINKS} />
          <FooterColumn
            id="footer-resources-title"
            title={FOOTER_TEXT.resourcesTitle}
            links={RESOURCE_LINKS}
          />
        </div>
        <div className="mt-10 flex flex-col gap-6 border-t border-slate-200 pt-8 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <FollowUs />
          <p className="text-sm text-slate-700 dark:text-slate-300">{FOOTER_TEXT.copyright(year)}</p>
        </div>
      </div>
    </footer>
  );
}
