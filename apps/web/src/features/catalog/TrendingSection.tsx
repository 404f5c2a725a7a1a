/**
 * The home page's Trending Courses section (spec section 1): heading, tagline, four published courses in
 * a grid of 1, 2 and 4 columns, and 'Discover More Courses' to /courses.
 *
 * It counts against the landing page's JavaScript budget (150 KB gzip, e2e/tests/budget.spec.ts), so it
 * is kept small: no useQuery (see TrendingCourseGrid), card code apart from the catalogue's. Loading it
 * lazily when it nears the viewport was measured: while the section is above the fold (it is, at
 * 1280x720, until the landing page grows) that only adds a chunk and an observer (~0.9 KB); once the
 * landing page pushes it below the fold, a React.lazy + IntersectionObserver wrapper here takes it out of
 * the first load.
 */
import { COURSE_CARD_HEIGHT_PX, HOME_FEATURED_COURSES } from '@lectio/contracts/constants';
import { Link } from '@tanstack/react-router';
import { TrendingCourseGrid } from './TrendingCourseGrid';
import { TRENDING_GRID_CLASS_NAME, TRENDING_TEXT } from './trending-text';

/** Four card-sized placeholders in the grid's own layout, so nothing shifts when the cards arrive. */
function TrendingPlaceholder() {
  return (
    <div role="status" className={TRENDING_GRID_CLASS_NAME}>
      <span className="sr-only">{TRENDING_TEXT.loading}</span>
      {Array.from({ length: HOME_FEATURED_COURSES }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
          key={index}
          aria-hidden="true"
          style={{ height: COURSE_CARD_HEIGHT_PX }}
          className="animate-pulse rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
        />
      ))}
    </div>
  );
}

export function TrendingSection() {
  return (
    <section aria-labelledby="trending-courses-title" className="mx-auto max-w-7xl px-6 py-16">
      <div className="mb-8 text-center">
        <h2 id="trending-courses-title" className="text-3xl font-bold tracking-tight">
          {TRENDING_TEXT.title}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {TRENDING_TEXT.tagline.before}{' '}
          <span role="img" aria-label={TRENDING_TEXT.tagline.flame} className="icon-flame" />{' '}
          {TRENDING_TEXT.tagline.after}
        </p>
      </div>
      <TrendingCourseGrid placeholder={<TrendingPlaceholder />} />
      <div className="mt-10 text-center">
        <Link
          to="/courses"
          className="inline-flex rounded-md bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700"
        >
          {TRENDING_TEXT.discoverMore}
        </Link>
      </div>
    </section>
  );
}
