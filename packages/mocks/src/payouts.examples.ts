/**
 * The payouts.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const EXAMPLE_PAYOUT = {
  _id: '5f0c7c1e-8a0b-4c52-9d3e-2b7f6a1c9e44',
  instructorId: ids.instructor,
  instructorName: 'Asha Rao',
  amount: 9_280,
  reversed: 0,
  currency: 'INR',
  status: 'paid' as const,
  transferId: 'tr_1Q2w3E4r5T6y7U8i',
  failureReason: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  paidAt: '2026-11-20T09:30:02.000Z',
};

export const payoutsExamples: NamespaceExamples<'payouts'> = {
  startOnboarding: {
    input: {},
    output: { url: 'https://connect.stripe.com/setup/e/acct_1Q2w3E4r5T6y7U8i/aBcDeFgHiJkL' },
  },
  list: { input: { limit: 20 } },
  pay: {
    input: { instructorId: ids.instructor },
    output: { message: 'Paid out ₹9,280.00.', payout: EXAMPLE_PAYOUT },
  },
};
