/**
 * Refunds and the student's purchases (refunds.*; docs/decisions/0040-refunds.md): realistic answers,
 * overridable field by field like the other factories.
 */
import type {
  AdminRefund,
  AdminRefundPage,
  Purchase,
  PurchaseList,
  Refund,
  RefundablePayment,
} from '@lectio/contracts/refunds';
import { nextId } from './sequence.js';

const PAID_AT = '2025-01-06T09:30:00.000Z';

export function buildRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    _id: nextId(),
    paymentId: nextId(),
    amount: 499,
    reason: 'The course was not what I expected',
    source: 'student',
    status: 'requested',
    declineReason: null,
    overrideReason: null,
    failureReason: null,
    createdAt: '2025-01-08T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function buildRefundablePayment(overrides: Partial<RefundablePayment> = {}): RefundablePayment {
  return {
    _id: nextId(),
    course: { _id: nextId(), title: 'Modern TypeScript' },
    student: { _id: nextId(), name: 'Asha Rao', email: 'asha@example.com' },
    amount: 499,
    currency: 'INR',
    createdAt: PAID_AT,
    state: 'paid',
    refunded: 0,
    refundable: 499,
    ...overrides,
  };
}

export function buildAdminRefund(
  overrides: Partial<Omit<AdminRefund, 'payment'>> & { payment?: Partial<RefundablePayment> } = {},
): AdminRefund {
  const { payment: paymentOverrides, ...fields } = overrides;
  const payment = buildRefundablePayment(paymentOverrides);
  return { ...buildRefund({ paymentId: payment._id, amount: payment.refundable, ...fields }), payment };
}

/** The `refunds.list` output; one open request by default. */
export function buildAdminRefundPage(
  refunds?: AdminRefund[],
  nextCursor: string | null = null,
): AdminRefundPage {
  return { refunds: refunds ?? [buildAdminRefund()], nextCursor };
}

export function buildPurchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    paymentId: nextId(),
    course: { _id: nextId(), title: 'Modern TypeScript' },
    amount: 499,
    currency: 'INR',
    createdAt: PAID_AT,
    state: 'paid',
    refunded: 0,
    refund: null,
    canRequestRefund: true,
    refundNotice: null,
    refundableUntil: '2025-02-05T09:30:00.000Z',
    ...overrides,
  };
}

/** The `refunds.mine` output; one purchase by default. */
export function buildPurchaseList(purchases?: Purchase[]): PurchaseList {
  return { purchases: purchases ?? [buildPurchase()], refundWindowDays: 30, refundMaxProgressPercent: 30 };
}
