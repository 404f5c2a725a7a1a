/**
 * What an unmatched path shows (issue 15, item 6): "Page not found", with a way home and to the
 * catalogue. A guarded section the user may not enter still sends them to the Unauthorized page
 * (features/auth/route-guards.ts); a path no section serves is simply not there.
 */
import { PAGE_TEXT } from '@lectio/contracts/messages';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { actionClassName } from '~/components/ui/ui-classes';

export function NotFoundPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = `${PAGE_TEXT.notFoundTitle} · Lectio`;
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{PAGE_TEXT.notFoundTitle}</h1>
      <p className="max-w-prose text-slate-700 dark:text-slate-300">{PAGE_TEXT.notFoundText}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={actionClassName('primary')}>
          {PAGE_TEXT.notFoundHome}
        </Link>
        <Link to="/courses" className={actionClassName('secondary')}>
          {PAGE_TEXT.notFoundCourses}
        </Link>
      </div>
    </main>
  );
}
