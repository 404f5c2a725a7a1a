/**
 * How a sale's money is shared, and how a refund takes it back: pure arithmetic in integer minor units.
 *
 * A sale of `gross` from which the provider kept `fee` passes on `net = gross - fee`. The platform's cut is
 * its commission percent of the net, rounded half up; the instructor's share is the rest of the net. So
 * instructor and platform bear the provider's fee in proportion, as on Udemy's and Teachable's terms.
 *
 * A refund of `amount` takes back the instructor's share in proportion to what has been refunded of the
 * gross, computed on the running total so that partial refunds never round past the share: a full refund,
 * in one go or in parts, takes back exactly the share. The platform bears the rest, the provider's fee
 * included (Stripe doesn't return it).
 */
import type { NewLedgerEntry } from './schema/marketplace';

export interface SaleSplit {
  grossMinor: number;
  feeMinor: number;
  /** The platform's commission: its percent of the net. */
  platformCutMinor: number;
  /** What the instructor earns: the net minus the platform's cut. */
  instructorShareMinor: number;
}

/** `value * percent / 100`, rounded half up, in integers. */
const percentOf = (value: number, percent: number) => Math.floor((value * percent + 50) / 100);

export function splitSale(grossMinor: number, feeMinor: number, percent: number): SaleSplit {
  if (!Number.isSafeInteger(grossMinor) || grossMinor < 0) throw new RangeError(`bad gross ${grossMinor}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`bad percent ${percent}`);
  const fee = Math.min(Math.max(Math.trunc(feeMinor), 0), grossMinor);
  const net = grossMinor - fee;
  const platformCutMinor = percentOf(net, percent);
  return { grossMinor, feeMinor: fee, platformCutMinor, instructorShareMinor: net - platformCutMinor };
}

/**
 * The part of the instructor's share a refund of `amountMinor` takes back, given what was refunded of the
 * same payment before (`refundedBeforeMinor`). The refunds' total may not pass the gross.
 */
export function instructorReversal(
  sale: Pick<SaleSplit, 'grossMinor' | 'instructorShareMinor'>,
  refundedBeforeMinor: number,
  amountMinor: number,
): number {
  const after = refundedBeforeMinor + amountMinor;
  if (amountMinor <= 0 || refundedBeforeMinor < 0 || after > sale.grossMinor)
    throw new RangeError(`refund of ${amountMinor} after ${refundedBeforeMinor} of ${sale.grossMinor}`);
  const takenBack = (refunded: number) =>
    Math.floor((sale.instructorShareMinor * refunded + Math.floor(sale.grossMinor / 2)) / sale.grossMinor);
  return takenBack(after) - takenBack(refundedBeforeMinor);
}

/** The platform's commission before any admin change (PLATFORM_FEE_PERCENT's default; the demo seed's rate). */
export const DEFAULT_PLATFORM_FEE_PERCENT = 20;

export interface SaleRowsInput {
  entryGroup: string;
  paymentId: string;
  courseId: string;
  instructorId: string;
  currency: string;
  createdAt: Date;
  split: SaleSplit;
}

/**
 * A sale's entry group (docs/decisions/0041): provider_balance +net, provider_fees +fee,
 * platform_commission -(cut + fee), instructor_payable -share. Written by fulfilment (apps/server
 * services/ledger) and by the demo seed for its purchases.
 */
export function saleLedgerRows(input: SaleRowsInput): NewLedgerEntry[] {
  const { split } = input;
  const common = {
    entryGroup: input.entryGroup,
    event: 'sale' as const,
    currency: input.currency,
    paymentId: input.paymentId,
    courseId: input.courseId,
    createdAt: input.createdAt,
  };
  return [
    { ...common, account: 'provider_balance', amountMinor: split.grossMinor - split.feeMinor },
    { ...common, account: 'provider_fees', amountMinor: split.feeMinor },
    { ...common, account: 'platform_commission', amountMinor: -(split.platformCutMinor + split.feeMinor) },
    {
      ...common,
      account: 'instructor_payable',
      instructorId: input.instructorId,
      amountMinor: -split.instructorShareMinor,
    },
  ];
}
