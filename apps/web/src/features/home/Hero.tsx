/**
 * The landing hero (spec section 1, issue 15 item 4): the 'new' badge, the headline, the ways in (browse
 * the catalogue, teach, how it works), a few catalogue categories and the platform's live figures
 * (`platform.stats`). The headline is the largest paint of the page and must come fast: the only images,
 * from 1024 px, are the thumbnails of the Trending courses (the same read and the same files as the cards
 * below, so nothing more is fetched) beside the text. The figures keep their place while they load (no
 * layout shift); while no course is published they give way to a line inviting the first instructor; if
 * they can't be read they are left out.
 */
import { DATE_LOCALE } from '@lectio/contracts/constants';
import type { PlatformStats } from '@lectio/contracts/platform';
import { Link } from '@tanstack/react-router';
import { Suspense, use } from 'react';
import { formatFigure, formatVideoHours, HERO_TEXT, HOME_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';
import { useLandingReads } from './landing-reads';

const heroLinkClassName =
  'inline-flex items-center gap-x-1 rounded-md hover:text-indigo-700 dark:hover:text-indigo-300';

function figuresOf(stats: PlatformStats): { label: string; value: string }[] {
  return [
    { label: HERO_TEXT.stats.courses, value: formatFigure(stats.courses, DATE_LOCALE) },
    { label: HERO_TEXT.stats.instructors, value: formatFigure(stats.instructors, DATE_LOCALE) },
    { label: HERO_TEXT.stats.learners, value: formatFigure(stats.learners, DATE_LOCALE) },
    { label: HERO_TEXT.stats.hours, value: formatVideoHours(stats.videoSeconds, DATE_LOCALE) },
  ];
}

const statsGridClassName = 'mt-12 grid grid-cols-2 gap-8 sm:mt-16 lg:grid-cols-4';

/** The figures' places while they load (same grid, so nothing shifts). */
function FiguresPlaceholder() {
  return (
    <div role="status" className={statsGridClassName}>
      <span className="sr-only">{HERO_TEXT.statsLoading}</span>
      {Object.values(HERO_TEXT.stats).map((label) => (
        <div key={label} aria-hidden="true" className="flex flex-col-reverse gap-1">
          <span className="text-base text-slate-700 dark:text-slate-300">{label}</span>
          <span className="h-10 w-20 animate-pulse rounded-md bg-slate-200 dark:bg-slate-700" />
        </div>
      ))}
    </div>
  );
}

function PlatformFigures() {
  const stats = use(useLandingReads().stats);
  if (!stats.ok) return null;
  if (stats.data.courses === 0) {
    return (
      <p className="mt-12 text-base text-slate-700 sm:mt-16 dark:text-slate-300">
        {HERO_TEXT.statsEmpty}{' '}
        <Link
          to="/features"
          hash="instructors"
          className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          {HERO_TEXT.statsEmptyLink}
        </Link>
      </p>
    );
  }
  return (
    <dl aria-label={HERO_TEXT.statsLabel} className={statsGridClassName}>
      {figuresOf(stats.data).map((figure) => (
        <div key={figure.label} className="flex flex-col-reverse gap-1">
          <dt className="text-base text-slate-700 dark:text-slate-300">{figure.label}</dt>
          <dd className="text-4xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The Trending courses' thumbnails, two columns offset like a pinboard: decoration (their cards, with the
 * links, are just below). Nothing while they load (the text beside them is taller, so nothing shifts), nor
 * without thumbnails.
 */
function CourseCollage() {
  const result = use(useLandingReads().trending);
  if (!result.ok) return null;
  return (
    <div aria-hidden="true" className="hidden grid-cols-2 gap-4 lg:grid">
      {result.data.data.courses.map((course) =>
        course.thumbnail?.secure_url ? (
          <img key={course._id} src={course.thumbnail.secure_url} alt="" className="hero-thumb" />
        ) : null,
      )}
    </div>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-full bg-linear-to-b from-indigo-100/70 to-transparent dark:from-indigo-950/60"
      />
      <div className="mx-auto max-w-7xl px-6 py-16 sm:py-24 lg:px-8">
        <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:items-center lg:gap-16">
          <div className="max-w-2xl">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="rounded-full bg-indigo-600 px-3 py-1 font-semibold text-white">
                {HERO_TEXT.badge}
              </span>
              <span className="font-medium text-slate-700 dark:text-slate-300">{HERO_TEXT.badgeNote}</span>
            </p>
            <h1
              id="hero-title"
              className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl dark:text-white"
            >
              {HOME_TEXT.headline}
            </h1>
            <p className="mt-6 text-lg text-pretty text-slate-700 sm:text-xl dark:text-slate-300">
              {HOME_TEXT.intro}
            </p>
          </div>
          <Suspense fallback={null}>
            <CourseCollage />
          </Suspense>
        </div>
        <div className="mt-10 max-w-2xl lg:max-w-none">
          <ul
            aria-label={HERO_TEXT.linksLabel}
            className="grid grid-cols-1 gap-x-8 gap-y-4 text-base font-semibold text-slate-900 sm:grid-cols-2 md:flex md:gap-x-10 dark:text-white"
          >
            {HERO_TEXT.links.map(({ label, link }) => (
              <li key={label}>
                <Link {...link} className={heroLinkClassName}>
                  {label}
                  <LandingIcon name="arrow-right" className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
          <nav aria-labelledby="hero-categories-title" className="mt-8">
            <h2
              id="hero-categories-title"
              className="text-sm font-semibold text-slate-700 dark:text-slate-300"
            >
              {HERO_TEXT.categoriesTitle}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {HERO_TEXT.categories.map((category) => (
                <li key={category}>
                  <Link
                    to="/courses"
                    search={{ category }}
                    className="inline-flex rounded-full border border-slate-300 bg-white/70 px-3 py-1 text-sm font-medium text-slate-800 hover:border-indigo-400 hover:text-indigo-700 dark:border-slate-600 dark:bg-slate-900/60 dark:text-slate-200 dark:hover:border-indigo-400 dark:hover:text-indigo-300"
                  >
                    {category}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Suspense fallback={<FiguresPlaceholder />}>
            <PlatformFigures />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
