/** Factories for the payouts.* operations' answers (see sequence.ts for ids and dates). */
import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import type { OwedInstructor, Payout } from '@lectio/contracts/payouts';
import { given, isoAt, next, sequentialUuid } from './sequence.js';

/** A payout of ₹9,280 sent to an instructor (`payouts.list`). */
export function buildPayout(overrides: Partial<Payout> = {}): Payout {
  const n = next();
  return {
    _id: sequentialUuid(n),
    instructorId: sequentialUuid(n + 1),
    instructorName: 'Asha Rao',
    amount: 9280,
    reversed: 0,
    currency: DEFAULT_CURRENCY,
    status: 'paid',
    transferId: `tr_test_${String(n).padStart(24, '0')}`,
    failureReason: null,
    createdAt: isoAt(n),
    paidAt: isoAt(n),
    ...given(overrides),
  };
}

/** An instructor the platform owes (`payouts.owed`): ₹9,280 available of a ₹12,480 balance. */
export function buildOwedInstructor(overrides: Partial<OwedInstructor> = {}): OwedInstructor {
  const n = next();
  return {
    instructorId: sequentialUuid(n),
    name: 'Asha Rao',
    email: `instructor${n}@example.com`,
    balance: 12480,
    pending: 3200,
    available: 9280,
    paid: 40000,
    account: { status: 'active', payoutsEnabled: true, provider: 'test' },
    ...given(overrides),
  };
}
