/** `2026-03` as 'Mar 2026' (UTC calendar months, as the ledger's totals are kept). */
import { DATE_LOCALE } from '@lectio/contracts/constants';

const monthFormatter = new Intl.DateTimeFormat(DATE_LOCALE, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatMonth(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return monthFormatter.format(new Date(Date.UTC(year, index - 1, 1)));
}
