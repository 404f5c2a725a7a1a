/**
 * The landing hero (spec section 1): the 'new' badge, the headline, four placeholder links and four
 * static marketing stats. Text only, no image: it is the largest paint of the page and must come fast.
 */
import { HERO_TEXT, HOME_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';
import { PlaceholderLink } from './PlaceholderLink';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-full bg-linear-to-b from-indigo-100/70 to-transparent dark:from-indigo-950/60"
      />
      <div className="mx-auto max-w-7xl px-6 py-16 sm:py-24 lg:px-8">
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
        <div className="mt-10 max-w-2xl lg:max-w-none">
          <ul
            aria-label={HERO_TEXT.linksLabel}
            className="grid grid-cols-1 gap-x-8 gap-y-4 text-base font-semibold text-slate-900 sm:grid-cols-2 md:flex md:gap-x-10 dark:text-white"
          >
            {HERO_TEXT.links.map((label) => (
              <li key={label}>
                <PlaceholderLink className="inline-flex items-center gap-x-1 rounded-md">
                  {label}
                  <LandingIcon name="arrow-right" className="h-4 w-4" />
                </PlaceholderLink>
              </li>
            ))}
          </ul>
          <dl
            aria-label={HERO_TEXT.statsLabel}
            className="mt-12 grid grid-cols-2 gap-8 sm:mt-16 lg:grid-cols-4"
          >
            {HERO_TEXT.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-base text-slate-700 dark:text-slate-300">{stat.label}</dt>
                <dd className="text-4xl font-semibold tracking-tight text-slate-900 dark:text-white">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
