/**
 * Money: amounts are stored and computed in integer minor units (paise) and shown in major units (the
 * contracts' `price`, `amount`), and as text in messages in the platform's locale.
 */

export const toMajorUnits = (minor: number): number => minor / 100;
export const toMinorUnits = (major: number): number => Math.round(major * 100);

/** An amount in minor units as people read it in messages (`₹1,999.00`). */
export const moneyText = (minorUnits: number, currency: string) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(toMajorUnits(minorUnits));
