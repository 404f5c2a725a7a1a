import { Link } from '@tanstack/react-router';
import { ThemeToggle } from '~/components/ThemeToggle';
import { TrendingSection } from '~/features/catalog/TrendingSection';
import { HOME_TEXT } from './home-text';

/** A light landing page: header with logo and 'Log in', the hero headline and the Trending Courses section. */
export function HomePage() {
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4">
        <Link to="/" className="text-xl font-bold text-indigo-700 dark:text-indigo-300">
          {HOME_TEXT.brand}
        </Link>
        <nav aria-label="Main" className="flex items-center gap-4">
          <ThemeToggle />
          <Link
            to="/signin"
            className="rounded-md px-3 py-2 font-semibold text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {HOME_TEXT.logIn} <span aria-hidden="true">&rarr;</span>
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-4xl px-6 py-24 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{HOME_TEXT.headline}</h1>
        <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">{HOME_TEXT.intro}</p>
      </main>
      <TrendingSection />
    </div>
  );
}
