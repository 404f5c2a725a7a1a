/**
 * The test-mode card form (PAYMENT_PROVIDER=test): number, expiry and CVC fields that accept Stripe's test
 * cards, checked here (Luhn, expiry not in the past, CVC of 3-4 digits) before Pay is enabled, then sent
 * to our own server's test confirmation route, which plays Stripe's part. A 402 there is the provider's
 * decline and its message is shown as such.
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { type FormEvent, type InputHTMLAttributes, useId, useState } from 'react';
import { errorTextClassName, fieldClassName, labelClassName } from '~/components/ui/ui-classes';
import { serverFailure } from '~/lib/api-errors';
import {
  type CardFields,
  type CardProblems,
  cardProblems,
  completeCard,
  cvcDigits,
  EXPIRY_LENGTH,
  type FieldProblem,
  formatCardNumber,
  formatExpiry,
  MAX_CARD_NUMBER_LENGTH,
  MAX_CVC_DIGITS,
  type TestCard,
} from './card-format';
import { CHECKOUT_TEXT } from './checkout-text';
import { PayButton } from './PayButton';
import { confirmTestCard } from './payment-api';
import { CardProviderError, type ConfirmCard } from './payment-flow';

export interface CardFormProps {
  /** The Pay button's label, with the amount. */
  payLabel: string;
  /** A payment is under way: Pay is disabled and says so. */
  processing: boolean;
  /** Starts the purchase with this form's way of confirming the card. */
  onPay: (confirmCard: ConfirmCard) => void;
}

/** Confirms an intent with a test card; a 402 (declined, insufficient funds) is the provider's answer. */
export function confirmWithTestCard(card: TestCard): ConfirmCard {
  return async (intent) => {
    try {
      await confirmTestCard(intent, card);
    } catch (error) {
      const failure = serverFailure(error);
      if (failure?.code === 'PAYMENT_FAILED') throw new CardProviderError(failure.message);
      throw error;
    }
  };
}

type Touched = Partial<Record<keyof CardFields, boolean>>;

/** The message to show now: invalid values at once, incomplete ones once the field has been left. */
function shownProblem(problem: FieldProblem | undefined, touched: boolean | undefined): string | undefined {
  if (!problem) return undefined;
  return problem.kind === 'invalid' || touched ? problem.message : undefined;
}

function CardField({
  id,
  label,
  error,
  ...inputProps
}: { id: string; label: string; error: string | undefined } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className'
>) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        type="text"
        inputMode="numeric"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${fieldClassName} font-mono tracking-wide ${error ? 'border-red-700 dark:border-red-400' : ''}`}
      />
      {error ? (
        <p id={errorId} role="alert" className={errorTextClassName}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TestCardForm({ payLabel, processing, onPay }: CardFormProps) {
  const id = useId();
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Touched>({});
  const now = new Date();
  const problems: CardProblems = cardProblems(fields, now);
  const card = completeCard(fields, now);

  const set = (field: keyof CardFields, value: string) =>
    setFields((current) => ({ ...current, [field]: value }));
  const leave = (field: keyof CardFields) => () => setTouched((current) => ({ ...current, [field]: true }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!card || processing) return;
    onPay(confirmWithTestCard(card));
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={CHECKOUT_TEXT.cardDetails}>
      <div
        role="note"
        className="rounded-md border border-amber-600 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-semibold">{PAYMENT_MESSAGES.testModeNotice}</p>
        <p className="text-sm">{CHECKOUT_TEXT.testModeHint}</p>
      </div>
      <CardField
        id={`${id}-number`}
        label={CHECKOUT_TEXT.cardNumber}
        name="cardnumber"
        autoComplete="cc-number"
        placeholder={CHECKOUT_TEXT.cardNumberPlaceholder}
        maxLength={MAX_CARD_NUMBER_LENGTH}
        value={fields.number}
        onChange={(event) => set('number', formatCardNumber(event.target.value))}
        onBlur={leave('number')}
        error={shownProblem(problems.number, touched.number)}
        disabled={processing}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          id={`${id}-expiry`}
          label={CHECKOUT_TEXT.expiry}
          name="exp-date"
          autoComplete="cc-exp"
          placeholder={CHECKOUT_TEXT.expiryPlaceholder}
          maxLength={EXPIRY_LENGTH}
          value={fields.expiry}
          onChange={(event) => set('expiry', formatExpiry(event.target.value))}
          onBlur={leave('expiry')}
          error={shownProblem(problems.expiry, touched.expiry)}
          disabled={processing}
        />
        <CardField
          id={`${id}-cvc`}
          label={CHECKOUT_TEXT.cvc}
          name="cvc"
          autoComplete="cc-csc"
          placeholder={CHECKOUT_TEXT.cvcPlaceholder}
          maxLength={MAX_CVC_DIGITS}
          value={fields.cvc}
          onChange={(event) => set('cvc', cvcDigits(event.target.value))}
          onBlur={leave('cvc')}
          error={shownProblem(problems.cvc, touched.cvc)}
          disabled={processing}
        />
      </div>
      <PayButton label={payLabel} processing={processing} disabled={!card} />
    </form>
  );
}
