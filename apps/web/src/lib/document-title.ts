/**
 * The browser tab's title while a page shows: "<title> · Lectio", the previous title back when it goes.
 * No title yet (still loading) leaves the tab's title alone.
 */
import { useEffect } from 'react';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = `${title} · Lectio`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
