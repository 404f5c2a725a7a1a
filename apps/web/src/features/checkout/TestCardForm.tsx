/**
 * The test-mode card form (PAYMENT_PROVIDER=test): number, expiry and CVC fields that accept Stripe's test
 * cards, checked here (Luhn, expiry not in the past, CVC of 3-4 digits) before Pay is enabled, then sent
 * to our own server's test confirmation route, which plays Stripe's part. A 402 there is the provider's
 * decline and its message is shown as such.
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { useStore } from '@tanstack/react-form';
import { useId } from 'react';
import { type ImmediateError, useAppForm } from '~/components/ui/form/form-kit';
import { serverFailure } from '~/lib/api-errors';
import {
  type CardFields,
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

/**
 * The card checks as the form's validator: an invalid value shows at once, an incomplete one once its
 * field was left (`ImmediateError`). Pay stays disabled while any check fails.
 */
function validateCard({ value }: { value: CardFields }) {
  const problems = cardProblems(value, new Date());
  const fields: Partial<Record<keyof CardFields, ImmediateError | string>> = {};
  for (const [name, problem] of Object.entries(problems) as [keyof CardFields, FieldProblem][]) {
    fields[name] = problem.kind === 'invalid' ? { message: problem.message, showNow: true } : problem.message;
  }
  return Object.keys(fields).length > 0 ? { fields } : undefined;
}

/** The three boxes differ only in these; each keeps what is typed to its format (digits, "MM / YY"). */
const CARD_BOXES = {
  number: {
    label: CHECKOUT_TEXT.cardNumber,
    inputName: 'cardnumber',
    autoComplete: 'cc-number',
    placeholder: CHECKOUT_TEXT.cardNumberPlaceholder,
    maxLength: MAX_CARD_NUMBER_LENGTH,
    format: formatCardNumber,
  },
  expiry: {
    label: CHECKOUT_TEXT.expiry,
    inputName: 'exp-date',
    autoComplete: 'cc-exp',
    placeholder: CHECKOUT_TEXT.expiryPlaceholder,
    maxLength: EXPIRY_LENGTH,
    format: formatExpiry,
  },
  cvc: {
    label: CHECKOUT_TEXT.cvc,
    inputName: 'cvc',
    autoComplete: 'cc-csc',
    placeholder: CHECKOUT_TEXT.cvcPlaceholder,
    maxLength: MAX_CVC_DIGITS,
    format: cvcDigits,
  },
} satisfies Record<keyof CardFields, object>;

export function TestCardForm({ payLabel, processing, onPay }: CardFormProps) {
  const id = useId();
  const form = useAppForm({
    defaultValues: { number: '', expiry: '', cvc: '' } satisfies CardFields,
    validators: { onMount: validateCard, onChange: validateCard },
    onSubmit: ({ value }) => {
      const card = completeCard(value, new Date());
      if (card && !processing) onPay(confirmWithTestCard(card));
    },
  });
  const complete = useStore(form.store, (state) => completeCard(state.values, new Date()) !== null);

  /** A card box: digits in a fixed-width face, an invalid value announced at once, still while paying. */
  const box = (name: keyof CardFields) => {
    const { inputName, ...text } = CARD_BOXES[name];
    return (
      <form.AppField name={name}>
        {(field) => (
          <field.TextField
            {...text}
            id={`${id}-${name}`}
            name={inputName}
            inputMode="numeric"
            spellCheck={false}
            disabled={processing}
            announceError
            monospace
          />
        )}
      </form.AppField>
    );
  };

  return (
    <form.AppForm>
      <form.Form className="space-y-4" label={CHECKOUT_TEXT.cardDetails}>
        <div
          role="note"
          className="rounded-md border border-amber-600 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">{PAYMENT_MESSAGES.testModeNotice}</p>
          <p className="text-sm">{CHECKOUT_TEXT.testModeHint}</p>
        </div>
        {box('number')}
        <div className="grid grid-cols-2 gap-4">
          {box('expiry')}
          {box('cvc')}
        </div>
        <PayButton label={payLabel} processing={processing} disabled={!complete} />
      </form.Form>
    </form.AppForm>
  );
}
