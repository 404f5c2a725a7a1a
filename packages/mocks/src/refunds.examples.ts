/**
 * The refunds.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

/** The example refund of the refunds.* routes. */
const REFUND_ID = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';
const exampleRefund = {
  _id: REFUND_ID,
  paymentId: ids.payment,
  amount: 250,
  reason: 'Charged twice for the same course',
  source: 'admin' as const,
  status: 'succeeded' as const,
  declineReason: null,
  overrideReason: null,
  failureReason: null,
  createdAt: '2026-03-20T11:00:00.000Z',
  decidedAt: '2026-03-20T11:00:00.000Z',
};

export const refundsExamples: NamespaceExamples<'refunds'> = {
  create: {
    input: { paymentId: ids.payment, amount: 250, reason: 'Charged twice for the same course' },
    output: { message: 'The refund was made.', refund: exampleRefund },
  },
  request: {
    input: { paymentId: ids.payment, reason: 'The course is not what I expected' },
    output: {
      message: 'Your refund request was sent. You will see the decision here.',
      refund: { ...exampleRefund, source: 'student', status: 'requested', amount: 499, decidedAt: null },
    },
  },
  decide: {
    input: { id: REFUND_ID, decision: 'decline', reason: 'Most of the course has been watched' },
    output: {
      message: 'The refund request was declined.',
      refund: {
        ...exampleRefund,
        source: 'student',
        status: 'declined',
        amount: 499,
        declineReason: 'Most of the course has been watched',
      },
    },
  },
  list: { input: { status: 'requested', limit: 20 } },
  payment: { input: { paymentId: ids.payment } },
};
