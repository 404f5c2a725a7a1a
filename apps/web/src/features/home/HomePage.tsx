/**
 * The landing page (spec section 1): header with the Product dropdown (side dialog on narrow screens),
 * hero, selling points, the Trending Courses grid and the footer.
 *
 * It is the first load of most visitors and has a budget (150 KB gzip of JavaScript, 30 KB of CSS,
 * e2e/tests/budget.spec.ts): keep heavy imports (charts, payments, the player, dashboard screens) out of
 * this folder.
 *
 * The header and hero render first; the sections below them render in a transition right after, which
 * React splits into short tasks, so the page answers input sooner (Total Blocking Time) without anything
 * above the fold appearing later.
 */
import { startTransition, useEffect, useState } from 'react';
import { TrendingSection } from '~/features/catalog/TrendingSection';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { SellingPoints } from './SellingPoints';

/** False for the first render, true once a transition right after it has rendered. */
function useRenderedOnce(): boolean {
  const [rendered, setRendered] = useState(false);
  useEffect(() => {
    startTransition(() => setRendered(true));
  }, []);
  return rendered;
}

export function HomePage() {
  const showBelowTheFold = useRenderedOnce();
  return (
    <div className="flex min-h-screen flex-col">
      <LandingHeader />
      <main className="flex-1">
        <Hero />
        {showBelowTheFold ? (
          <>
            <SellingPoints />
            <TrendingSection />
          </>
        ) : null}
      </main>
      {showBelowTheFold ? <LandingFooter /> : null}
    </div>
  );
}
