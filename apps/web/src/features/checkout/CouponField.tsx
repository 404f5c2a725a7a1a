/**
 * The checkout's coupon code (issue 14, item 4): the buyer types a code (or a shared link's `?coupon=`
 * filled it in) and applies it; the price with it comes from `coupons.preview`, and the payment sends only
 * the code. A code the server refuses shows its reason, and the course can still be bought at full price.
 */

import { COUPON_MESSAGES } from '@lectio/contracts/messages';
import { COUPON_CODE_PATTERN } from '@lectio/contracts/route-search';
import { useId, useState } from 'react';
import {
  errorTextClassName,
  fieldClassName,
  labelClassName,
  secondaryActionClassName,
} from '~/components/ui/ui-classes';
import { formatPrice } from '../catalog/course-card-format';
import { CHECKOUT_TEXT } from './checkout-text';

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
  const messageId = useId();
  const [code, setCode] = useState(initialCode);
  const [formatError, setFormatError] = useState<string | null>(null);

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
            setCode('');
            onRemove();
          }}
        >
          {CHECKOUT_TEXT.removeCoupon}
        </button>
      </div>
    );
  }

  const message = formatError ?? (state.kind === 'refused' ? state.message : null);
  return (
    <form
      className="space-y-2"
      aria-label={CHECKOUT_TEXT.couponCode}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.trim();
        if (!COUPON_CODE_PATTERN.test(trimmed)) {
          setFormatError(COUPON_MESSAGES.codeInvalid);
          return;
        }
        setFormatError(null);
        onApply(trimmed);
      }}
    >
      <label htmlFor={inputId} className={labelClassName}>
        {CHECKOUT_TEXT.couponCode}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="coupon"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={`${fieldClassName} min-w-0 flex-1`}
        />
        <button
          type="submit"
          className={secondaryActionClassName}
          disabled={disabled || state.kind === 'checking' || code.trim() === ''}
        >
          {CHECKOUT_TEXT.applyCoupon}
        </button>
      </div>
      {state.kind === 'checking' ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {CHECKOUT_TEXT.checkingCoupon}
        </p>
      ) : null}
      {message ? (
        <p id={messageId} role="alert" className={errorTextClassName}>
          {message}
        </p>
      ) : null}
    </form>
  );
}
