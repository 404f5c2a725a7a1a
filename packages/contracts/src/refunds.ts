/**
 * Refunds that revoke access (issue 14, item 3; docs/decisions/0040-refunds.md). An admin refunds a
 * payment, fully or partly, with a reason. A student asks for a refund of their own purchase within the
 * refund window and under the progress limit; an admin approves (the rest of the payment is refunded) or
 * declines with a reason, and the student sees the state on their purchases page. A full refund (or a
 * dispute opened at the provider) ends the enrollment at once. Amounts are major units (499.5 = ₹499.50).
 */
import { z } from 'zod';
import { REFUND_MESSAGES, VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { requires } from './permissions.js';
import {
  amountNumber,
  countNumber,
  dateTimeString,
  emailString,
  inputString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
} from './schema-formats.js';

/** The longest reason (an admin's, a student's, a decline's). */
export const REFUND_REASON_MAX_LENGTH = 500;
export const REFUND_PAGE_DEFAULT_LIMIT = 20;
export const REFUND_PAGE_MAX_LIMIT = 100;
/** The purchases page lists a student's latest purchases, up to this many. */
export const PURCHASES_MAX = 200;

/** A refund's state (`refunds.status`): a student's request, then the money's way back. */
export const REFUND_STATES = ['requested', 'declined', 'pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** Who started it: an admin, the student's request, a refund made at the provider, or a dispute. */
export const REFUND_ORIGINS = ['admin', 'student', 'provider', 'dispute'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

/**
 * A purchase's state as the student and the admin see it: paid, part of it given back, all of it given
 * back (the enrollment ended), or disputed at the bank (the enrollment ended).
 */
export const PURCHASE_STATES = ['paid', 'partially_refunded', 'refunded', 'disputed'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

const reasonInput = (required: string) =>
  inputString({ error: required })
    .trim()
    .min(1, required)
    .max(REFUND_REASON_MAX_LENGTH, VALIDATION.tooLong('Reason', REFUND_REASON_MAX_LENGTH));

/** A refund amount in major units: more than 0, at most two decimals. */
const refundAmountInput = () =>
  z
    .number({ error: REFUND_MESSAGES.amountInvalid })
    .positive(REFUND_MESSAGES.amountInvalid)
    .max(21_474_836.47, REFUND_MESSAGES.amountInvalid)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      message: REFUND_MESSAGES.amountInvalid,
    });

export const refundSchema = z
  .object({
    _id: uuidString(),
    paymentId: uuidString(),
    amount: amountNumber(),
    reason: z.string(),
    source: z.enum(REFUND_ORIGINS),
    status: z.enum(REFUND_STATES),
    declineReason: z.string().nullable(),
    /** Why an admin approved a request the refund rules no longer allowed; null otherwise. */
    overrideReason: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: dateTimeString(),
    decidedAt: dateTimeString().nullable(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

/** A payment as the admin sees it when refunding: what was paid, what has gone back, what is left. */
export const refundablePaymentSchema = z
  .object({
    _id: uuidString(),
    course: z.object({ _id: uuidString().nullable(), title: z.string() }),
    student: z.object({ _id: uuidString(), name: z.string(), email: emailString() }),
    amount: amountNumber(),
    currency: z.string(),
    createdAt: dateTimeString(),
    state: z.enum(PURCHASE_STATES),
    /** Refunded (and disputed) so far. */
    refunded: amountNumber(),
    /** What may still be refunded: the amount less refunds made and under way. */
    refundable: amountNumber(),
  })
  .meta({ id: 'RefundablePayment' });
export type RefundablePayment = z.infer<typeof refundablePaymentSchema>;

/** A refund in the admin's list, with its payment. */
export const adminRefundSchema = refundSchema
  .extend({ payment: refundablePaymentSchema })
  .meta({ id: 'AdminRefund' });
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminRefundPageSchema = pageOutput('refunds', adminRefundSchema).meta({ id: 'AdminRefundPage' });
export type AdminRefundPage = z.infer<typeof adminRefundPageSchema>;

/** One of the student's purchases with its refund state and whether they may ask for a refund now. */
export const purchaseSchema = z
  .object({
    paymentId: uuidString(),
    course: z.object({ _id: uuidString().nullable(), title: z.string() }),
    amount: amountNumber(),
    currency: z.string(),
    createdAt: dateTimeString(),
    state: z.enum(PURCHASE_STATES),
    refunded: amountNumber(),
    /** The latest refund of this purchase (a request, or a refund made by an admin), if any. */
    refund: refundSchema.nullable(),
    canRequestRefund: z.boolean(),
    /** Why the student can't ask for a refund now; null when they can. */
    refundNotice: z.string().nullable(),
    /** The last day a refund can be asked for (the end of the refund window). */
    refundableUntil: dateTimeString(),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseListSchema = z
  .object({
    purchases: z.array(purchaseSchema),
    /** The rules, for the page to state them. */
    refundWindowDays: countNumber(),
    refundMaxProgressPercent: z.number().min(0).max(100),
  })
  .meta({ id: 'PurchaseList' });
export type PurchaseList = z.infer<typeof purchaseListSchema>;

const refundResponseSchema = z.object({ message: z.string(), refund: refundSchema });

export const createRefundRequestSchema = z.object({
  paymentId: uuidInput(),
  amount: refundAmountInput(),
  reason: reasonInput(REFUND_MESSAGES.reasonRequired),
});
export type CreateRefundRequest = z.input<typeof createRefundRequestSchema>;

export const requestRefundRequestSchema = z.object({
  paymentId: uuidInput(),
  reason: reasonInput(REFUND_MESSAGES.reasonRequired),
});
export type RequestRefundRequest = z.input<typeof requestRefundRequestSchema>;

export const decideRefundRequestSchema = z
  .object({
    id: uuidInput(),
    decision: z.enum(['approve', 'decline'], { error: REFUND_MESSAGES.decisionInvalid }),
    reason: inputString()
      .trim()
      .max(REFUND_REASON_MAX_LENGTH, VALIDATION.tooLong('Reason', REFUND_REASON_MAX_LENGTH))
      .optional(),
    /**
     * Approve although the refund rules (the window when the request was made, the progress now) no
     * longer hold: why, recorded with the refund. Without it such an approval answers 409.
     */
    overrideReason: inputString()
      .trim()
      .min(1, REFUND_MESSAGES.reasonRequired)
      .max(REFUND_REASON_MAX_LENGTH, VALIDATION.tooLong('Override reason', REFUND_REASON_MAX_LENGTH))
      .optional(),
  })
  .refine((body) => body.decision === 'approve' || (body.reason ?? '').length > 0, {
    message: REFUND_MESSAGES.declineReasonRequired,
    path: ['reason'],
  });
export type DecideRefundRequest = z.input<typeof decideRefundRequestSchema>;

const ADMIN = requires('all');
/** Students ask for refunds of what they bought (the same permission that lets them buy and watch). */
const BUYER = requires('access_purchased_courses');

export const refundOperations = defineOperations({
  create: {
    kind: 'mutation',
    access: ADMIN,
    summary: 'Refund a payment, fully or in part, with a reason (admin)',
    description:
      'The amount may not pass what is left of the payment (409). A refund of everything that is left ends ' +
      'the enrollment at once. The provider is called outside any database transaction with the refund’s ' +
      'id as idempotency key; a refusal records the refund as failed and changes nothing else.',
    input: createRefundRequestSchema,
    output: refundResponseSchema,
    rest: { method: 'POST', path: '/refunds', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_FAILED', 'SERVICE_UNAVAILABLE'],
  },
  request: {
    kind: 'mutation',
    access: BUYER,
    summary: 'Ask for a refund of one of your purchases',
    description:
      'Within REFUND_WINDOW_DAYS of the payment and with less than REFUND_MAX_PROGRESS percent of the course ' +
      'completed; one open request per purchase (409 otherwise, with the reason).',
    input: requestRefundRequestSchema,
    output: refundResponseSchema,
    rest: { method: 'POST', path: '/refunds/requests', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  decide: {
    kind: 'mutation',
    access: ADMIN,
    summary: 'Approve (refund what is left) or decline a student’s refund request (admin)',
    input: decideRefundRequestSchema,
    output: refundResponseSchema,
    rest: { method: 'POST', path: '/refunds/{id}/decision' },
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_FAILED', 'SERVICE_UNAVAILABLE'],
  },
  list: {
    kind: 'query',
    access: ADMIN,
    summary: 'Refunds and refund requests, newest first, optionally of one state (admin)',
    input: z.object({
      status: z.enum(REFUND_STATES).optional(),
      ...pageInput(REFUND_PAGE_MAX_LIMIT, REFUND_PAGE_DEFAULT_LIMIT),
    }),
    output: adminRefundPageSchema,
    rest: { method: 'GET', path: '/refunds' },
  },
  payment: {
    kind: 'query',
    access: ADMIN,
    summary: 'A payment with what has been refunded and what may still be (admin)',
    input: z.object({ paymentId: uuidInput() }),
    output: refundablePaymentSchema,
    rest: { method: 'GET', path: '/refunds/payments/{paymentId}' },
    errors: ['NOT_FOUND'],
  },
  mine: {
    kind: 'query',
    access: BUYER,
    summary: 'Your purchases with their refund state, and whether you may ask for a refund',
    output: purchaseListSchema,
    rest: { method: 'GET', path: '/refunds/mine' },
  },
});
