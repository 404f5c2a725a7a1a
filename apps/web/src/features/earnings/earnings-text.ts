/** The texts of the earnings and revenue screens. */
import type { PAYOUT_ACCOUNT_STATUSES, PAYOUT_STATUSES } from '@lectio/contracts/payouts';

export const EARNINGS_TEXT = {
  title: 'Earnings',
  subtitle: (feePercent: number) =>
    `Your share of every sale: what the buyer paid, less the payment provider’s fee and the platform’s ${feePercent}% commission.`,
  balance: 'Balance',
  balanceHint: 'What the platform owes you now',
  pending: 'Pending',
  pendingHint: 'Sales still inside the refund window',
  available: 'Available',
  availableHint: 'Can be paid out now',
  paid: 'Paid out',
  paidHint: 'Sent to you so far',
  lifetime: (sales: string) => `Lifetime earnings from ${sales}`,
  sales: (count: number) =>
    `${new Intl.PluralRules('en').select(count) === 'one' ? `${count} sale` : `${count} sales`}`,
  refunded: 'Taken back by refunds',
  byMonth: 'Earnings by month',
  month: 'Month',
  earnings: 'Your earnings',
  byCourse: 'Sales by course',
  course: 'Course',
  salesColumn: 'Sales',
  gross: 'Paid by buyers',
  refundedColumn: 'Refunded',
  deletedCourse: 'Deleted course',
  emptyTitle: 'No sales yet',
  emptyBody:
    'When a student buys one of your courses, your share shows up here the same minute, with the month’s total and the course it came from.',
  emptyAction: 'Go to your courses',
  loading: 'Loading your earnings…',
  // Admin
  revenueTitle: 'Revenue',
  revenueSubtitle: 'The platform’s money, from the ledger of every sale, refund and payout.',
  grossSales: 'Gross sales',
  grossSalesHint: 'What buyers paid, before refunds',
  commissionEarned: 'Commission earned',
  commissionHint: 'After provider fees and refunds',
  providerFees: 'Provider fees',
  providerFeesHint: 'Kept by the payment provider',
  refundedTotal: 'Refunded',
  refundedHint: 'Returned to buyers',
  owed: 'Owed to instructors',
  owedHint: 'Their balances now',
  paidOut: 'Paid out',
  paidOutHint: 'Sent to instructors',
  grossByMonth: 'Gross sales by month',
  commissionByMonth: 'Commission by month',
  commission: 'Commission',
  feeTitle: 'Commission on new sales',
  feeLabel: 'Commission (percent)',
  feeHelp: 'Applies to sales from now on; sales already made keep the rate they were charged.',
  feeSave: 'Save rate',
  feeSaving: 'Saving…',
} as const;

/** The payouts sections of both screens (issue 14, item 2). */
export const PAYOUTS_TEXT = {
  nothingAvailableYet: 'Nothing to pay yet: recent sales stay pending until the refund window ends.',
  noPayoutAccount: 'Can’t be paid yet: the instructor hasn’t set up payouts.',
  title: 'Payouts',
  explain:
    'Your share of each sale is sent to your bank account through Stripe once the sale leaves the refund window. Set up a payout account to receive it.',
  setUp: 'Set up payouts',
  finish: 'Finish setting up payouts',
  opening: 'Opening…',
  checking: 'Checking your payout account…',
  onboardingBody:
    'You started setting up payouts; Stripe still needs a few details before it can send you money.',
  restrictedBody:
    'Stripe needs more information before it can send you money. Finish setting up to receive payouts.',
  active: 'Payouts are set up',
  activeBody: 'What is available is sent to your bank account when the platform pays out.',
  linkExpired: 'The setup link expired. Open a new one to carry on.',
  history: 'Payout history',
  empty: 'No payouts yet',
  loading: 'Loading payouts…',
  loadFailed: 'Payouts could not be loaded.',
  retry: 'Try again',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  date: 'Date',
  amount: 'Amount',
  status: 'Status',
  transfer: 'Transfer',
  noTransfer: 'None',
  instructor: 'Instructor',
  reversed: (amount: string) => `${amount} reversed`,
  // Admin
  owedTitle: 'Payouts owed',
  owedIntro:
    'What each instructor can be paid now: their balance less the sales still inside the refund window. A payout sends the available amount to their payout account.',
  owedEmpty: 'No instructor has a balance or payouts yet.',
  owedLoading: 'Loading what instructors are owed…',
  owedList: 'Instructors owed',
  owedShown: (shown: number, total: number) => `Showing the ${shown} with most available of ${total}.`,
  balance: 'Balance',
  pending: 'Pending',
  available: 'Available',
  paid: 'Paid so far',
  account: 'Payout account',
  pay: (amount: string) => `Pay ${amount}`,
  payTo: (amount: string, name: string) => `Pay ${amount} to ${name}`,
  paying: 'Paying…',
  recentTitle: 'Recent payouts',
} as const;

export const PAYOUT_STATUS_LABEL: Record<(typeof PAYOUT_STATUSES)[number], string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  reversed: 'Reversed',
};

/** An instructor's payout account as the admin sees it; `none` is an account not started. */
export const PAYOUT_ACCOUNT_LABEL: Record<(typeof PAYOUT_ACCOUNT_STATUSES)[number] | 'none', string> = {
  none: 'Not set up',
  onboarding: 'Setting up',
  restricted: 'Restricted',
  active: 'Active',
};
