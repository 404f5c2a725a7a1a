/**
 * The landing page's footer (spec section 1): a Courses column (each entry opens the catalogue filtered by
 * the closest category), a Resources column and a Follow Us row (placeholders), and the copyright line
 * with the current year.
 */
import { Link } from '@tanstack/react-router';
import { FOOTER_TEXT, HOME_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';
import { PlaceholderLink } from './PlaceholderLink';

const footerLinkClassName =
  'rounded-md text-sm text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white';
const columnTitleClassName = 'text-sm font-semibold text-slate-900 dark:text-white';

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
          <nav aria-labelledby="footer-courses-title">
            <h2 id="footer-courses-title" className={columnTitleClassName}>
              {FOOTER_TEXT.coursesTitle}
            </h2>
            <ul className="mt-4 space-y-3">
              {FOOTER_TEXT.courses.map((course) => (
                <li key={course.label}>
                  <Link to="/courses" search={{ category: course.category }} className={footerLinkClassName}>
                    {course.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-resources-title">
            <h2 id="footer-resources-title" className={columnTitleClassName}>
              {FOOTER_TEXT.resourcesTitle}
            </h2>
            <ul className="mt-4 space-y-3">
              {FOOTER_TEXT.resources.map((label) => (
                <li key={label}>
                  <PlaceholderLink className={footerLinkClassName}>{label}</PlaceholderLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="mt-10 flex flex-col gap-6 border-t border-slate-200 pt-8 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <div className="flex items-center gap-x-4">
            <h2 id="footer-follow-title" className={columnTitleClassName}>
              {FOOTER_TEXT.followUs}
            </h2>
            <ul aria-labelledby="footer-follow-title" className="flex gap-x-4">
              {FOOTER_TEXT.social.map((network) => (
                <li key={network.name}>
                  <PlaceholderLink
                    aria-label={network.name}
                    className="block rounded-md text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                  >
                    <LandingIcon name={network.icon} className="h-6 w-6" />
                  </PlaceholderLink>
                </li>
              ))}
            </ul>
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">{FOOTER_TEXT.copyright(year)}</p>
        </div>
      </div>
    </footer>
  );
}
