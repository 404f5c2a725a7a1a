import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { describe, expect, it } from 'vitest';
import {
  cardNumberProblem,
  cardProblems,
  completeCard,
  cvcDigits,
  cvcProblem,
  expectedCardLength,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  MAX_CARD_NUMBER_LENGTH,
  parseExpiry,
} from './card-format';

const NOW = new Date('2026-05-15T12:00:00Z');

describe('formatCardNumber', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['12345678901234567890123', '1234 5678 9012 3456 789'],
  ])('%j -> %j', (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it('fits 19 digits in the input length', () => {
    expect(formatCardNumber('1'.repeat(19))).toHaveLength(MAX_CARD_NUMBER_LENGTH);
  });
});

describe('formatExpiry and parseExpiry', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['1228', '12 / 28'],
    ['12 / 28', '12 / 28'],
    ['12 /', '12'],
    ['5', '05'],
    ['528', '05 / 28'],
    ['122845', '12 / 28'],
  ])('%j -> %j', (input, expected) => {
    expect(formatExpiry(input)).toBe(expected);
  });

  it('reads month and a four-digit year once complete', () => {
    expect(parseExpiry('12 / 28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('01 / 30')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('12 / 2')).toBeNull();
  });
});

describe('card checks', () => {
  it('knows the length each brand needs', () => {
    expect(expectedCardLength('4242')).toBe(16);
    expect(expectedCardLength('3782')).toBe(15);
    expect(expectedCardLength('3056')).toBe(14);
    expect(expectedCardLength('5555')).toBe(16);
  });

  it('accepts Stripe test numbers and refuses a failed Luhn check', () => {
    for (const number of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '378282246310005',
    ]) {
      expect(cardNumberProblem(number)).toBeNull();
    }
    expect(cardNumberProblem('4242 4242 4242 4241')).toEqual({
      kind: 'invalid',
      message: PAYMENT_MESSAGES.cardNumberInvalid,
    });
    expect(cardNumberProblem('4242 4242')).toEqual({
      kind: 'incomplete',
      message: PAYMENT_MESSAGES.cardNumberIncomplete,
    });
  });

  it('needs a complete expiry, a real month and not the past', () => {
    expect(expiryProblem('12 / 2', NOW)?.message).toBe(PAYMENT_MESSAGES.cardExpiryIncomplete);
    expect(expiryProblem('13 / 30', NOW)?.message).toBe(PAYMENT_MESSAGES.cardExpiryInvalid);
    expect(expiryProblem('00 / 30', NOW)?.message).toBe(PAYMENT_MESSAGES.cardExpiryInvalid);
    expect(expiryProblem('04 / 26', NOW)?.message).toBe(PAYMENT_MESSAGES.cardExpiryInPast);
    // A card is valid to the end of its expiry month.
    expect(expiryProblem('05 / 26', NOW)).toBeNull();
    expect(expiryProblem('01 / 40', NOW)).toBeNull();
  });

  it('needs 3 or 4 CVC digits', () => {
    expect(cvcDigits('12a34 5')).toBe('1234');
    expect(cvcProblem('12')?.message).toBe(PAYMENT_MESSAGES.cardCvcIncomplete);
    expect(cvcProblem('123')).toBeNull();
    expect(cvcProblem('1234')).toBeNull();
  });

  it('builds the confirmation fields only when every check passes', () => {
    const fields = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };
    expect(cardProblems(fields, NOW)).toEqual({});
    expect(completeCard(fields, NOW)).toEqual({
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    expect(completeCard({ ...fields, cvc: '12' }, NOW)).toBeNull();
    expect(Object.keys(cardProblems({ number: '', expiry: '', cvc: '' }, NOW)).sort()).toEqual([
      'cvc',
      'expiry',
      'number',
    ]);
  });
});
