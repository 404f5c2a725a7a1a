/** Factories for the earnings.* operations' answers (see sequence.ts for ids and dates). */
import { DEFAULT_CURRENCY } from '@lectio/contracts/constants';
import { EARNINGS_MONTHS, type InstructorEarnings, type PlatformRevenue } from '@lectio/contracts/earnings';
import { given, isoAt, next, sequentialUuid } from './sequence.js';

/** The last twelve months, oldest first, ending in the month of the factories' clock. */
function earningsMonths(): string[] {
  const end = new Date(isoAt(0));
  return Array.from({ length: EARNINGS_MONTHS }, (_, index) => {
    const day = new Date(
      Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (EARNINGS_MONTHS - 1 - index), 1),
    );
    return `${day.getUTCFullYear()}-${String(day.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** An instructor's earnings (`earnings.instructor`): one course with sales in the last three months. */
export function buildInstructorEarnings(overrides: Partial<InstructorEarnings> = {}): InstructorEarnings {
  const n = next();
  const months = earningsMonths().map((month, index) => {
    const sales = index >= EARNINGS_MONTHS - 3 ? index - (EARNINGS_MONTHS - 4) : 0;
    return { month, sales, gross: sales * 999, earnings: sales * 799.2, refunded: 0 };
  });
  return {
    instructorId: sequentialUuid(n),
    currency: DEFAULT_CURRENCY,
    feePercent: 20,
    balance: 4_795.2,
    pending: 2_397.6,
    available: 2_397.6,
    paid: 0,
    lifetimeEarnings: 4_795.2,
    refunded: 0,
    sales: 6,
    months,
    courses: [
      {
        courseId: sequentialUuid(n + 1),
        title: 'Modern React from Scratch',
        sales: 6,
        gross: 5_994,
        earnings: 4_795.2,
        refunded: 0,
      },
    ],
    payoutAccount: null,
    ...given(overrides),
  };
}

/** The platform's revenue (`earnings.platform`) matching one instructor's six sales. */
export function buildPlatformRevenue(overrides: Partial<PlatformRevenue> = {}): PlatformRevenue {
  const months = earningsMonths().map((month, index) => {
    const sales = index >= EARNINGS_MONTHS - 3 ? index - (EARNINGS_MONTHS - 4) : 0;
    return { month, gross: sales * 999, fees: 0, commission: sales * 199.8, refunded: 0, paidOut: 0 };
  });
  return {
    currency: DEFAULT_CURRENCY,
    feePercent: 20,
    grossSales: 5_994,
    providerFees: 0,
    commissionEarned: 1_198.8,
    refunded: 0,
    owedToInstructors: 4_795.2,
    paidOut: 0,
    months,
    ...given(overrides),
  };
}
