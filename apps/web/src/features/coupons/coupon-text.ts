/**
 * Every text of the coupons screen (issue 14, item 4). The server's own messages (the created toast, the
 * reasons a coupon is refused) are COUPON_MESSAGES in the contracts.
 */
import type { Coupon } from '@lectio/contracts/coupons';

/** Where a coupon stands, as its list shows it (`couponState` in coupon-format.ts decides). */
export type CouponState = 'active' | 'disabled' | 'expired' | 'usedUp';

export const COUPON_STATE_LABEL: Record<CouponState, string> = {
  active: 'Active',
  disabled: 'Disabled',
  expired: 'Expired',
  usedUp: 'Used up',
};

export const COUPON_KIND_LABEL: Record<Coupon['kind'], string> = {
  percent: 'Percent',
  fixed: 'Fixed amount',
};

export const COUPONS_TEXT = {
  title: 'Coupons',
  intro:
    'A coupon takes a percent or a fixed amount off the price at checkout. Each student can use a coupon once.',
  // The form
  createTitle: 'Create a coupon',
  codeLabel: 'Code',
  kindLegend: 'Discount type',
  percentLabel: 'Percent off',
  amountLabel: (currency: string) => `Amount off (${currency})`,
  scopeLegend: 'Applies to',
  scopeCourse: 'One course',
  scopeInstructor: 'All my courses',
  scopePlatform: 'Every course',
  courseLabel: 'Course',
  chooseCourse: 'Choose a course',
  coursesLoading: 'Loading your courses…',
  coursesFailed: 'Your courses could not be loaded.',
  noCourses: 'You have no courses yet: create a course first, or make the coupon for all your courses.',
  moreCourses: 'Load more courses',
  expiresLabel: 'Expires (optional)',
  expiresHint: 'Leave empty for a coupon that never expires.',
  limitLabel: 'Usage limit (optional)',
  limitHint: 'How many times the coupon can be used in all. Leave empty for no limit.',
  create: 'Create coupon',
  creating: 'Creating…',
  // The list
  listTitle: 'Your coupons',
  allCouponsTitle: 'All coupons',
  code: 'Code',
  discount: 'Discount',
  appliesTo: 'Applies to',
  uses: 'Uses',
  expires: 'Expires',
  state: 'State',
  actions: 'Actions',
  loading: 'Loading coupons…',
  loadFailed: 'Coupons could not be loaded.',
  retry: 'Try again',
  emptyTitle: 'No coupons yet',
  emptyBody:
    'A coupon is a code students enter at checkout to pay less for your course. Create one above and share its link.',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  disable: 'Disable',
  disableFor: (code: string) => `Disable coupon ${code}`,
  enable: 'Enable',
  enableFor: (code: string) => `Enable coupon ${code}`,
  disabledToast: (code: string) => `Coupon ${code} disabled.`,
  enabledToast: (code: string) => `Coupon ${code} enabled.`,
  copyLink: 'Copy share link',
  copyLinkFor: (code: string) => `Copy share link for coupon ${code}`,
  linkCopied: 'Share link copied.',
  shareLinkLabel: (code: string) => `Share link for coupon ${code}`,
  copyFailed: 'The link could not be copied: select it and copy it yourself.',
  // Formatting
  percentOff: (percent: number) => `${percent}% off`,
  amountOff: (amount: string) => `${amount} off`,
  allYourCourses: 'All your courses',
  allInstructorCourses: 'All courses of one instructor',
  everyCourse: 'Every course',
  deletedCourse: 'A deleted course',
  usesOf: (uses: string, limit: string) => `${uses} of ${limit}`,
  usesNoLimit: (uses: string) => `${uses} used`,
  neverExpires: 'Never',
} as const;
