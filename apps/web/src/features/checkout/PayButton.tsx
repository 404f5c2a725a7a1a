/** The Pay button of both card forms: disabled until the card is complete and while a payment runs. */
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
