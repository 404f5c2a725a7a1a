/**
 * The coupons.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { CREATED_AT, ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

/** The example coupon of the coupons.* operations. */
const EXAMPLE_COUPON = {
  _id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  code: 'HALF50',
  kind: 'percent',
  percentOff: 50,
  amountOff: null,
  scope: 'course',
  courseId: ids.course,
  courseTitle: 'Modern React from Scratch',
  instructorId: null,
  expiresAt: '2026-04-30T23:59:59.000Z',
  maxRedemptions: 5,
  redemptions: 2,
  disabled: false,
  createdAt: CREATED_AT,
} as const;

export const couponsExamples: NamespaceExamples<'coupons'> = {
  list: { input: { limit: 50 } },
  create: {
    input: {
      code: 'HALF50',
      kind: 'percent',
      percentOff: 50,
      scope: 'course',
      courseId: ids.course,
      maxRedemptions: 5,
    },
    output: { message: 'Coupon HALF50 created.', coupon: EXAMPLE_COUPON },
  },
  setDisabled: {
    input: { id: EXAMPLE_COUPON._id, disabled: true },
    output: { coupon: { ...EXAMPLE_COUPON, disabled: true } },
  },
  preview: { input: { courseId: ids.course, code: 'HALF50' } },
};
