/** Money and dates on the purchases and refunds screens, in the payment's own currency. */
import { DATE_LOCALE } from '@lectio/contracts/constants';

/** '₹499.00' for 499 INR (amounts are major units). */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(DATE_LOCALE, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** '14 Mar 2026' */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(DATE_LOCALE, { dateStyle: 'medium' });
}
