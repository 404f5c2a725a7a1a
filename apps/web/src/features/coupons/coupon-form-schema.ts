/**
 * The coupon form's schema: the contract's `createCouponRequestSchema` read from what the form's controls
 * hold (decision 0056). Only the reading is the form's: the number boxes' text is a number (an empty box
 * is no number, which the contract's rule refuses with its message; an empty optional box is not sent),
 * the expiry box's local time is an instant, and the one value box is the percent or the amount off as
 * the kind says. A course coupon needs its course chosen (`courseRequired`, the server's message too);
 * the wider scopes send none. The output is the request.
 */
import { type CreateCouponRequest, createCouponRequestSchema } from '@lectio/contracts/coupons';
import { COUPON_MESSAGES } from '@lectio/contracts/messages';
import { z } from 'zod';
import { expiryInstant } from './coupon-format';

const rules = createCouponRequestSchema.shape;

/** A number box's text; empty is NaN, which the contract's number rules refuse. */
const numberText = z.string().transform((text) => (text.trim() === '' ? Number.NaN : Number(text)));

/** An optional number box's text; empty is not sent. */
const optionalNumberText = z.string().transform((text) => (text.trim() === '' ? undefined : Number(text)));

const details = z.object({
  code: rules.code,
  expires: z.string().transform(expiryInstant).pipe(rules.expiresAt),
  limit: optionalNumberText.pipe(rules.maxRedemptions),
});

/** The value box is the percent off or the amount off, by the kind. */
const discount = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), value: numberText.pipe(rules.percentOff.unwrap()) }),
  z.object({ kind: z.literal('fixed'), value: numberText.pipe(rules.amountOff.unwrap()) }),
]);

/** One course needs its course chosen; the wider scopes take none. */
const target = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('course'),
    courseId: z.string().min(1, COUPON_MESSAGES.courseRequired).pipe(rules.courseId.unwrap()),
  }),
  z.object({ scope: z.enum(['instructor', 'platform']), courseId: z.string() }),
]);

export const couponFormSchema = details
  .and(discount)
  .and(target)
  .transform(
    (form): CreateCouponRequest => ({
      code: form.code,
      kind: form.kind,
      ...(form.kind === 'percent' ? { percentOff: form.value } : { amountOff: form.value }),
      scope: form.scope,
      ...(form.scope === 'course' ? { courseId: form.courseId } : {}),
      ...(form.expires === undefined ? {} : { expiresAt: form.expires }),
      ...(form.limit === undefined ? {} : { maxRedemptions: form.limit }),
    }),
  );

/** An empty form: a percent coupon for one course. */
export const EMPTY_COUPON_FORM: z.input<typeof couponFormSchema> = {
  code: '',
  kind: 'percent',
  value: '',
  scope: 'course',
  courseId: '',
  expires: '',
  limit: '',
};
