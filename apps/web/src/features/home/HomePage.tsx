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
 * above the fold appearing later. The footer is loaded only when it nears the viewport: it is well below
 * the fold, and the first load need not carry it.
 */
import { lazy, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { TrendingSection } from '~/features/catalog/TrendingSection';
import { Hero } from './Hero';
import { PublicHeader } from './PublicHeader';
import { SellingPoints } from './SellingPoints';

const LandingFooter = lazy(() =>
  import('./LandingFooter').then((module) => ({ default: module.LandingFooter })),
);

/** Room kept for the footer until it is there, so the page's height barely changes when it comes. */
const footerPlaceholder = <div aria-hidden="true" className="h-80" />;

/** The footer once its place is within 600 px of the viewport (at once without IntersectionObserver). */
function FooterWhenNear() {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const placeholder = placeholderRef.current;
    if (near || !placeholder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(placeholder);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={placeholderRef}>{footerPlaceholder}</div>;
  return (
    <Suspense fallback={footerPlaceholder}>
      <LandingFooter />
    </Suspense>
  );
}

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
      <PublicHeader />
      <main className="flex-1">
        <Hero />
        {showBelowTheFold ? (
          <>
            <SellingPoints />
            <TrendingSection />
          </>
        ) : null}
      </main>
      {showBelowTheFold ? <FooterWhenNear /> : null}
    </div>
  );
}
