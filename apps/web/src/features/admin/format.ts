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

/** The Monthly Revenue card: the sum of every monthly revenue entry. */
export function sumMonthlyRevenue(entries: readonly { revenue: number }[]): number {
  // Sum in hundredths so that float noise (0.1 + 0.2) never reaches the card.
  return entries.reduce((total, entry) => total + Math.round(entry.revenue * 100), 0) / 100;
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
