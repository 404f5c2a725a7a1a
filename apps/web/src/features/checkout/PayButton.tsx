/**
 * The Pay button of the checkout's forms, disabled until the card is complete and while a payment runs;
 * and `PayForm`, the form of those without fields of the form kit's (Stripe's card, a free enrollment).
 */
import type { ReactNode } from 'react';
import { useAppForm } from '~/components/ui/form/form-kit';
import { actionClassName } from '~/components/ui/ui-classes';
import { CHECKOUT_TEXT } from './checkout-text';

export function PayButton({
  label,
  processing,
  disabled,
}: {
  label: string;
  processing: boolean;
  disabled: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={disabled || processing}
      aria-busy={processing || undefined}
      className={`${actionClassName('primary', 'large')} w-full`}
    >
      {processing ? CHECKOUT_TEXT.processing : label}
    </button>
  );
}

/** The kit's form around `children` and the Pay button; submitting pays once `ready`, unless paying already. */
export function PayForm({
  label,
  payLabel,
  processing,
  ready,
  onPay,
  children,
}: {
  /** The form's accessible name. */
  label?: string;
  payLabel: string;
  processing: boolean;
  ready: boolean;
  onPay: () => void;
  children: ReactNode;
}) {
  const form = useAppForm({
    defaultValues: {},
    onSubmit: () => {
      if (ready && !processing) onPay();
    },
  });
  return (
    <form.AppForm>
      <form.Form className="space-y-4" label={label}>
        {children}
        <PayButton label={payLabel} processing={processing} disabled={!ready} />
      </form.Form>
    </form.AppForm>
  );
}
