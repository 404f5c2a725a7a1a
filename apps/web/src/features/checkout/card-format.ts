/**
 * The test-mode card form's formatting and checks (issue 4): the number in groups of four, the expiry as
 * "MM / YY", the CVC as 3-4 digits, and the checks that must pass before Pay is enabled (Luhn, an expiry
 * not in the past, a complete CVC). Pure functions, so every rule is unit-tested without a DOM.
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { expiryInFuture, luhnValid } from '@lectio/contracts/payment';

export const MAX_CARD_DIGITS = 19;
/** 19 digits plus a space after every group of four. */
export const MAX_CARD_NUMBER_LENGTH = MAX_CARD_DIGITS + Math.floor((MAX_CARD_DIGITS - 1) / 4);
/** "MM / YY" */
export const EXPIRY_LENGTH = 7;
export const MAX_CVC_DIGITS = 4;

function digitsOf(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** The digits of a card number as typed (spaces, dashes and anything else dropped), at most 19. */
export function cardDigits(value: string): string {
  return digitsOf(value, MAX_CARD_DIGITS);
}

/** "4242424242424242" -> "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "1228" -> "12 / 28". A first digit above 1 can only be a single-digit month, so "5" becomes "05". The
 * separator appears only once a year digit exists: adding it after the month would put it back on every
 * Backspace and trap the caret.
 */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** "12 / 28" -> { month: 12, year: 2028 }; null until four digits are there. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOf(value, 4);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function cvcDigits(value: string): string {
  return digitsOf(value, MAX_CVC_DIGITS);
}

/**
 * How many digits a number needs before it can be checked: American Express 15, Diners Club 14,
 * everything else (Visa, Mastercard, Discover, Stripe's test cards) 16.
 */
export function expectedCardLength(digits: string): number {
  if (/^3[47]/.test(digits)) return 15;
  if (/^3(?:0[0-5]|[689])/.test(digits)) return 14;
  return 16;
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * One field's problem: `incomplete` ones are shown only once the field was left (nobody wants an error
 * while still typing), `invalid` ones as soon as they are known.
 */
export interface FieldProblem {
  kind: 'incomplete' | 'invalid';
  message: string;
}

export type CardProblems = Partial<Record<keyof CardFields, FieldProblem>>;

const incomplete = (message: string): FieldProblem => ({ kind: 'incomplete', message });
const invalid = (message: string): FieldProblem => ({ kind: 'invalid', message });

export function cardNumberProblem(value: string): FieldProblem | null {
  const digits = cardDigits(value);
  if (digits.length < expectedCardLength(digits)) return incomplete(PAYMENT_MESSAGES.cardNumberIncomplete);
  return luhnValid(digits) ? null : invalid(PAYMENT_MESSAGES.cardNumberInvalid);
}

export function expiryProblem(value: string, now: Date): FieldProblem | null {
  const parsed = parseExpiry(value);
  if (!parsed) return incomplete(PAYMENT_MESSAGES.cardExpiryIncomplete);
  if (parsed.month < 1 || parsed.month > 12) return invalid(PAYMENT_MESSAGES.cardExpiryInvalid);
  return expiryInFuture(parsed.month, parsed.year, now) ? null : invalid(PAYMENT_MESSAGES.cardExpiryInPast);
}

export function cvcProblem(value: string): FieldProblem | null {
  return /^\d{3,4}$/.test(value) ? null : incomplete(PAYMENT_MESSAGES.cardCvcIncomplete);
}

export function cardProblems(fields: CardFields, now: Date): CardProblems {
  const problems: CardProblems = {};
  const number = cardNumberProblem(fields.number);
  const expiry = expiryProblem(fields.expiry, now);
  const cvc = cvcProblem(fields.cvc);
  if (number) problems.number = number;
  if (expiry) problems.expiry = expiry;
  if (cvc) problems.cvc = cvc;
  return problems;
}

export interface TestCard {
  /** Digits only. */
  cardNumber: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/** The body fields of POST /payment/test/confirm-card, or null while any check fails. */
export function completeCard(fields: CardFields, now: Date): TestCard | null {
  if (Object.keys(cardProblems(fields, now)).length > 0) return null;
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) return null;
  return {
    cardNumber: cardDigits(fields.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: fields.cvc,
  };
}
