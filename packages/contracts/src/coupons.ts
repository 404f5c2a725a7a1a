/**
 * Coupons (issue 14, item 4; docs/ARCHITECTURE.md, "Money"): percent or fixed amount off, for one course,
 * every course of an instructor, or every course; with an expiry, a total limit and one use per student.
 * Instructors make coupons for their own courses, admins for any. The checkout sends only the code
 * (`payment.createIntent`'s `couponCode`): the server computes the price.
 */
import { z } from 'zod';
import { COUPON_MESSAGES } from './coupon-messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, requires } from './permissions.js';
import { COUPON_CODE_PATTERN } from './route-search.js';
import {
  amountNumber,
  countNumber,
  dateTimeInput,
  dateTimeString,
  inputString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
  wholeNumberInput,
} from './schema-formats.js';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
/** What a coupon applies to: one course, every course of one instructor, or every course. */
export const COUPON_SCOPES = ['course', 'instructor', 'platform'] as const;
/** How long a checkout holds a coupon use before paying. */
export const COUPON_RESERVATION_MINUTES = 30;
export const COUPON_PAGE_MAX = 100;

export { COUPON_CODE_PATTERN };
export const couponCodeInput = () =>
  inputString({ error: COUPON_MESSAGES.codeInvalid })
    .trim()
    .regex(COUPON_CODE_PATTERN, { error: COUPON_MESSAGES.codeInvalid });

export const couponSchema = z
  .object({
    _id: uuidString(),
    code: z.string(),
    kind: z.enum(COUPON_KINDS),
    /** kind 'percent': 1-100. */
    percentOff: z.number().int().min(1).max(100).nullable(),
    /** kind 'fixed': major units off the price. */
    amountOff: amountNumber().nullable(),
    scope: z.enum(COUPON_SCOPES),
    courseId: uuidString().nullable(),
    courseTitle: z.string().nullable(),
    instructorId: uuidString().nullable(),
    expiresAt: dateTimeString().nullable(),
    maxRedemptions: countNumber().nullable(),
    /** Uses held by checkouts under way and uses paid for. */
    redemptions: countNumber(),
    disabled: z.boolean(),
    createdAt: dateTimeString(),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

export const createCouponRequestSchema = z.object({
  code: couponCodeInput(),
  kind: z.enum(COUPON_KINDS),
  percentOff: wholeNumberInput(1, 100, COUPON_MESSAGES.percentInvalid).optional(),
  amountOff: z
    .number({ error: COUPON_MESSAGES.amountInvalid })
    // At least one paisa: a positive amount that rounds to 0 minor units is no discount.
    .min(0.01, { error: COUPON_MESSAGES.amountInvalid, abort: true })
    .max(1_000_000, COUPON_MESSAGES.amountInvalid)
    .refine(
      (value) =>
        Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      COUPON_MESSAGES.amountInvalid,
    )
    .optional(),
  scope: z.enum(COUPON_SCOPES),
  courseId: uuidInput().optional(),
  expiresAt: dateTimeInput(COUPON_MESSAGES.expiryInvalid).optional(),
  maxRedemptions: wholeNumberInput(1, 1_000_000, COUPON_MESSAGES.limitInvalid).optional(),
});
export type CreateCouponRequest = z.input<typeof createCouponRequestSchema>;

export const couponPriceSchema = z
  .object({
    code: z.string(),
    /** Major units: the course's price, the discount, and what the buyer pays. */
    listPrice: amountNumber(),
    discount: amountNumber(),
    amount: amountNumber(),
    currency: z.string(),
  })
  .meta({ id: 'CouponPrice' });
export type CouponPrice = z.infer<typeof couponPriceSchema>;

const MANAGE = requires('manage_own_courses');

export const couponOperations = defineOperations({
  list: {
    kind: 'query',
    access: MANAGE,
    summary: 'Coupons: an instructor’s own, or every coupon for an admin (newest first)',
    input: z.object(pageInput(COUPON_PAGE_MAX, 50)),
    output: pageOutput('coupons', couponSchema),
    rest: { method: 'GET', path: '/coupons' },
  },
  create: {
    kind: 'mutation',
    access: MANAGE,
    summary: 'Make a coupon for one of your courses or all of them (admins: any course, or every course)',
    description:
      'Percent (1-100) or a fixed amount off. Codes are unique whatever their case (409). An instructor may ' +
      'only name their own course, or scope `instructor` for all their courses; `platform` is for admins.',
    input: createCouponRequestSchema,
    output: z.object({ message: z.string(), coupon: couponSchema }),
    rest: { method: 'POST', path: '/coupons', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  setDisabled: {
    kind: 'mutation',
    access: MANAGE,
    summary: 'Stop or restart a coupon (its uses so far stay)',
    input: z.object({ id: uuidInput(), disabled: z.boolean() }),
    output: z.object({ coupon: couponSchema }),
    rest: { method: 'PUT', path: '/coupons/{id}/disabled' },
    errors: ['NOT_FOUND'],
  },
  preview: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'What a course costs with a coupon code (nothing is held)',
    description:
      'The checkout shows this before paying. An unknown code and a code for other courses get one 400 ' +
      'answer (codes share one namespace); a code for this course that can’t be used by this buyer now ' +
      'gets a 400 with the reason (disabled, expired, used up, already used). 404 for an unknown course.',
    input: z.object({ courseId: uuidInput(), code: couponCodeInput() }),
    output: couponPriceSchema,
    rest: { method: 'GET', path: '/coupons/preview' },
    errors: ['NOT_FOUND'],
  },
});
