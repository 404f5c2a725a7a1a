/** The landing page's four selling points (spec section 1). */
import { SELLING_POINTS_TEXT } from './home-text';
import { LandingIcon } from './landing-icons';

export function SellingPoints() {
  return (
    <section aria-labelledby="selling-points-title" className="mx-auto max-w-7xl px-6 py-16 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h2
          id="selling-points-title"
          className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
        >
          {SELLING_POINTS_TEXT.title}
        </h2>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{SELLING_POINTS_TEXT.intro}</p>
      </div>
      <ul className="mx-auto mt-12 grid max-w-2xl grid-cols-1 gap-8 sm:grid-cols-2 lg:max-w-none lg:grid-cols-4">
        {SELLING_POINTS_TEXT.points.map((point) => (
          <li
            key={point.title}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="flex h-11 w-11 items-center justify-center rounded-lg bg-indigo-600 text-white">
              <LandingIcon name={point.icon} className="h-6 w-6" />
            </div>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{point.title}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{point.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
