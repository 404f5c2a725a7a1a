/**
 * The checkout's coupon code (issue 14, item 4): the buyer types a code (or a shared link's `?coupon=`
 * filled it in) and applies it; the price with it comes from `coupons.preview`, and the payment sends only
 * the code. A code the server refuses shows its reason, and the course can still be bought at full price.
 */

import { couponOperations } from '@lectio/contracts/coupons';
import { useStore } from '@tanstack/react-form';
import { useEffect, useId } from 'react';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { refuseField } from '~/components/ui/form/server-errors';
import { secondaryActionClassName } from '~/components/ui/ui-classes';
import { formatPrice } from '../catalog/course-card-format';
import { CHECKOUT_TEXT } from './checkout-text';

/** The code as `coupons.preview` takes it (3 to 32 letters, digits, dashes or underscores, trimmed). */
const couponCodeSchema = couponOperations.preview.input.pick({ code: true });

export type CouponState =
  | { kind: 'none' }
  | { kind: 'checking'; code: string }
  | { kind: 'applied'; code: string; discount: number }
  | { kind: 'refused'; code: string; message: string };

export function CouponField({
  state,
  initialCode,
  disabled,
  onApply,
  onRemove,
}: {
  state: CouponState;
  initialCode: string;
  disabled: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const inputId = useId();
  const form = useAppForm({
    ...schemaForm(couponCodeSchema, { code: initialCode }),
    onSubmit: ({ value }) => onApply(couponCodeSchema.parse(value).code),
  });
  const empty = useStore(form.store, (current) => current.values.code.trim() === '');
  const refusal = state.kind === 'refused' ? state.message : null;
  // The server's reason for refusing the code shows on the box, until the code is typed again.
  useEffect(() => {
    if (refusal !== null) refuseField(form, 'code', refusal);
  }, [form, refusal]);

  if (state.kind === 'applied') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-emerald-700 bg-emerald-50 px-4 py-3 dark:border-emerald-400 dark:bg-emerald-950">
        <p className="font-medium text-emerald-900 dark:text-emerald-100">
          {CHECKOUT_TEXT.couponApplied(state.code, formatPrice(state.discount))}
        </p>
        <button
          type="button"
          className={secondaryActionClassName}
          disabled={disabled}
          aria-label={CHECKOUT_TEXT.removeCouponLabel(state.code)}
          onClick={() => {
            form.reset({ code: '' }, { keepDefaultValues: true });
            onRemove();
          }}
        >
          {CHECKOUT_TEXT.removeCoupon}
        </button>
      </div>
    );
  }

  return (
    <form.AppForm>
      <form.Form className="space-y-2" label={CHECKOUT_TEXT.couponCode}>
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <form.AppField name="code">
              {(field) => (
                <field.TextField
                  id={inputId}
                  label={CHECKOUT_TEXT.couponCode}
                  name="coupon"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={32}
                  announceError
                />
              )}
            </form.AppField>
          </div>
          {/* Level with the box, under its label (a text-sm line and the frame's gap). */}
          <button
            type="submit"
            className={`${secondaryActionClassName} mt-6`}
            disabled={disabled || state.kind === 'checking' || empty}
          >
            {CHECKOUT_TEXT.applyCoupon}
          </button>
        </div>
        {state.kind === 'checking' ? (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {CHECKOUT_TEXT.checkingCoupon}
          </p>
        ) : null}
      </form.Form>
    </form.AppForm>
  );
}
