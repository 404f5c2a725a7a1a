/** A purchase's state as a small coloured label (text, never colour alone). */
import type { PurchaseState } from '@lectio/contracts/refunds';
import { PURCHASE_STATE_LABEL } from './refund-text';

const TONES: Record<PurchaseState, string> = {
  paid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  partially_refunded: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  refunded: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  disputed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

export function PurchaseStateBadge({ state }: { state: PurchaseState }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[state]}`}
    >
      {PURCHASE_STATE_LABEL[state]}
    </span>
  );
}
