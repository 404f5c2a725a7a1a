/** Coupons (issue 14, item 4). */
export const COUPON_MESSAGES = {
  /**
   * An unknown code and a code for other courses get this one answer: codes share one namespace, and
   * telling them apart would show which codes other instructors made (decision 0048).
   */
  notValidHere: 'This coupon code is not valid for this course',
  disabled: 'This coupon is no longer active',
  expired: 'This coupon has expired',
  usedUp: 'This coupon has been used up',
  alreadyUsed: 'You have already used this coupon',
  codeInvalid: 'A code is 3 to 32 letters, digits, dashes or underscores',
  codeTaken: 'A coupon with this code already exists',
  percentInvalid: 'The discount must be a whole percent from 1 to 100',
  amountInvalid: 'The discount must be an amount above 0 with at most two decimals',
  kindMismatch: 'Give a percent for a percent coupon, or an amount for a fixed one',
  courseRequired: 'Choose the course the coupon is for',
  platformAdminOnly: 'Only an admin can make a coupon for every course',
  limitInvalid: 'The limit must be a whole number of uses above 0',
  limitBelowUses: (uses: number) => `The limit can't be below the ${uses} uses already made`,
  expiryInPast: 'The expiry must be in the future',
  expiryInvalid: 'Give the expiry as a date and time',
  created: (code: string) => `Coupon ${code} created.`,
} as const;
