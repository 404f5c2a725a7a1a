/**
 * The Stripe card form (PAYMENT_PROVIDER=stripe): Stripe Elements' CardElement and
 * `stripe.confirmCardPayment`. CheckoutScreen imports this module lazily and only in Stripe mode, so
 * neither Stripe.js nor @stripe/react-stripe-js enters any other bundle. `@stripe/stripe-js/pure` injects
 * the js.stripe.com script only when loadStripe is called, not when the module is imported. The card
 * input is Stripe's own (not a form field); the form around it is the form kit's (`PayForm`).
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useState } from 'react';
import { errorTextClassName, labelClassName } from '~/components/ui/ui-classes';
import { useTheme } from '~/lib/theme';
import { CHECKOUT_TEXT } from './checkout-text';
import { PayForm } from './PayButton';
import { CardProviderError, type ConfirmCard } from './payment-flow';
import type { CardFormProps } from './TestCardForm';

/** One Stripe.js load per publishable key for the page's lifetime (loadStripe itself caches the script). */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load may succeed on the next visit (the network came back): don't cache the failure.
    stripe.catch(() => stripeByKey.delete(publishableKey));
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; stripe: Stripe };

function useStripeInstance(publishableKey: string): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (stripe) => current && setLoaded(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      () => current && setLoaded({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  return loaded;
}

/** Colours inside Stripe's iframe, which our Tailwind classes can't reach (AA contrast in both themes). */
function cardStyle(theme: 'light' | 'dark') {
  return theme === 'dark'
    ? { base: { color: '#f1f5f9', '::placeholder': { color: '#94a3b8' } }, invalid: { color: '#f87171' } }
    : { base: { color: '#0f172a', '::placeholder': { color: '#64748b' } }, invalid: { color: '#b91c1c' } };
}

function CardElementForm({ payLabel, processing, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const id = useId();
  const [complete, setComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  function change(event: StripeCardElementChangeEvent) {
    setComplete(event.complete);
    setCardError(event.error?.message ?? null);
  }

  const confirmCard: ConfirmCard = async (intent) => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new CardProviderError(PAYMENT_MESSAGES.paymentFormLoadFailed);
    const result = await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card } });
    if (result.error) throw new CardProviderError(result.error.message ?? '');
  };

  const errorId = `${id}-error`;
  return (
    <PayForm
      label={CHECKOUT_TEXT.cardDetails}
      payLabel={payLabel}
      processing={processing}
      ready={Boolean(stripe && elements && complete)}
      onPay={() => onPay(confirmCard)}
    >
      <fieldset className="space-y-1" aria-describedby={cardError ? errorId : undefined}>
        <legend className={labelClassName}>{CHECKOUT_TEXT.cardDetails}</legend>
        <div className="rounded-md border border-slate-400 bg-white px-3 py-3 dark:border-slate-600 dark:bg-slate-900">
          <CardElement
            id={`${id}-card`}
            options={{ style: cardStyle(theme), hidePostalCode: true, disabled: processing }}
            onChange={change}
          />
        </div>
        {cardError ? (
          <p id={errorId} role="alert" className={errorTextClassName}>
            {cardError}
          </p>
        ) : null}
      </fieldset>
    </PayForm>
  );
}

export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  const loaded = useStripeInstance(publishableKey);
  if (loaded.status === 'loading') {
    return (
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {CHECKOUT_TEXT.loadingPaymentForm}
      </p>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <p role="alert" className={errorTextClassName}>
        {PAYMENT_MESSAGES.paymentFormLoadFailed}
      </p>
    );
  }
  return (
    <Elements stripe={loaded.stripe}>
      <CardElementForm {...props} />
    </Elements>
  );
}
