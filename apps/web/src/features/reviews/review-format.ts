/** Dates of reviews (en-IN, like every course screen) and the distribution's percentages. */
import { DATE_LOCALE } from '@lectio/contracts/constants';

let dateFormat: Intl.DateTimeFormat | undefined;

/** 14 Mar 2026. */
export function formatReviewDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
  return dateFormat.format(new Date(iso));
}

/** Whole percent of `count` in `total` (0 without any). */
export function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}
