/**
 * Number, money and date formatting of the admin screens. Amounts use the platform currency (INR, shown
 * with the rupee symbol like the course screens) with exactly 2 decimals; dates use the en-IN locale.
 */
import { DATE_LOCALE, DEFAULT_CURRENCY } from '@lectio/contracts/constants';

const amountFormatter = new Intl.NumberFormat(DATE_LOCALE, {
  style: 'currency',
  currency: DEFAULT_CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const countFormatter = new Intl.NumberFormat(DATE_LOCALE);

/** '₹1,23,456.70' */
export function formatAmount(amount: number): string {
  return amountFormatter.format(amount);
}

export function formatCount(value: number): string {
  return countFormatter.format(value);
}

/**
 * The Monthly Revenue card: the latest month of the chart's series (this month), so the card and the
 * chart's last point agree; null for an empty series. The spec's card summed every month (issue 15).
 */
export function latestMonthRevenue(
  entries: readonly { _id: string; revenue: number }[],
): { month: string; revenue: number } | null {
  const last = entries.at(-1);
  return last ? { month: last._id, revenue: last.revenue } : null;
}

/** A timestamp in the local (en-IN) format, e.g. '5 Mar 2026, 2:05 pm'; an unparsable value is shown as is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Session time: seconds shown as minutes with 1 decimal ('12.5'). */
export function formatSessionMinutes(seconds: number): string {
  return (seconds / 60).toFixed(1);
}

/** A completion rate (0-100) as '42.5%'. */
export function formatPercent(value: number): string {
  return `${countFormatter.format(Math.round(value * 10) / 10)}%`;
}
