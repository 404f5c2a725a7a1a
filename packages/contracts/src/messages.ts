/** Every user-visible string the spec fixes (sections 2, 4, 5 and 8), in one place for web, server and tests. */

export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  nameRequired: 'Name is required',
  confirmPasswordRequired: 'Confirm Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  lectureTitleRequired: 'Lecture title must be required!',
  // Limits the spec leaves open; the server enforces them so nothing unbounded reaches argon2 or the database.
  passwordTooLong: 'Password must be at most 128 characters',
  nameTooLong: 'Name must be at most 100 characters',
  emailTooLong: 'Email must be at most 254 characters',
  signupRoleNotAllowed: 'Only student accounts can be created at sign-up; an admin can change roles later',
  /** A course field over its length limit, in the words the course forms show. */
  tooLong: (field: string, max: number) => `${field} must be at most ${max.toLocaleString('en')} characters`,
  listItemTooLong: (list: string, max: number) => `Each item of ${list} must be at most ${max} characters`,
  listTooLong: (list: string, max: number) => `${list} can have at most ${max} items`,
  /** Any text field holding U+0000, which PostgreSQL text can't store; `field` is the path. */
  nulCharacter: (field: string) => `${field || 'Text'} must not contain the NUL character (U+0000)`,
} as const;

export {
  API_MESSAGES,
  AUTH_MESSAGES,
  COURSE_MESSAGES,
  displayServerMessage,
  PAGE_TEXT,
} from './common-messages.js';

export const LECTURE_MESSAGES = {
  created: 'Lecture created successfully',
  updated: 'Lecture updated successfully',
  deleted: 'Lecture deleted successfully',
  createFailed: 'Failed to create lecture',
  updateFailed: 'Failed to update lecture',
  deleteFailed: 'Failed to delete lecture',
  loadError: (message: string) => `Error: ${message}`,
  locked: 'This lecture is locked',
  enrollToUnlock: 'Enroll to Unlock',
  notPublishedYet: 'This lecture is not published yet. Please check back later',
  lectureNotFound: 'Lecture not found',
  reorderMismatch: 'lectureIds must list every video lecture of the course exactly once',
} as const;

export const PAYMENT_MESSAGES = {
  success: 'Payment successful! Redirecting to your courses...',
  fallbackError: 'Something went wrong',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  testModeNotice: 'Test mode: no real charges',
  // Platform texts the spec leaves open.
  notTestCard:
    'Your card was declined. Test mode accepts only test card numbers, such as 4242 4242 4242 4242.',
  incorrectNumber: 'Your card number is incorrect.',
  expiredCard: 'Your card has expired.',
  paymentNotSucceeded: 'The payment has not succeeded yet.',
  paymentMismatch: 'This payment does not match the course or its price.',
  paymentNotFound: 'Payment not found',
  freeCourseEnrolled: 'You are enrolled in this free course.',
  enrolled: 'Payment confirmed. You are enrolled.',
  testModeOnly: 'This endpoint exists only in test payment mode',
  webhookNotConfigured: 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET)',
  webhookSignatureInvalid: 'Invalid webhook signature',
  webhookStripeOnly: 'Webhooks are received only with the Stripe payment provider (PAYMENT_PROVIDER=stripe)',
  providerUnavailable: 'The payment service is unavailable right now. Please try again in a moment.',
  providerError: 'The payment service could not process this payment.',
  // Card form checks before Pay is enabled (test mode), worded like Stripe Elements' own messages.
  cardNumberIncomplete: 'Your card number is incomplete.',
  cardNumberInvalid: 'Your card number is invalid.',
  cardExpiryIncomplete: "Your card's expiration date is incomplete.",
  cardExpiryInvalid: "Your card's expiration date is invalid.",
  cardExpiryInPast: "Your card's expiration date is in the past.",
  cardCvcIncomplete: "Your card's security code is incomplete.",
  paymentFormLoadFailed: 'The payment form could not be loaded. Please try again later.',
  alreadyHasAccess: 'You already have access to this course.',
} as const;

export const PROGRESS_MESSAGES = {
  noAccess: "You don't have access to this lecture",
  /** `completed: true` before the server has seen enough of the lecture played (decision 0045). */
  notWatchedEnough: (percent: number) =>
    `This lecture counts as complete once you have watched at least ${percent}% of it.`,
} as const;

export const MY_COURSES_MESSAGES = {
  empty: "You haven't purchased any courses yet.",
  loadFailed: 'Failed to load your courses. Please try again later.',
  signInRequired: 'Please login to see your courses.',
} as const;

export const ADMIN_MESSAGES = {
  dashboardTitle: 'Admin Dashboard',
  dashboardSubtitle: 'Overview of platform activity & revenue',
  refreshing: 'Refreshing...',
  upToDate: 'Up to date',
  usersLoading: 'Loading user stats...',
  usersLoadFailed: 'Failed to load users',
  analyticsLoadFailed: 'Failed to load analytics',
  activeUsersHint: 'Users online right now',
  avgSessionHint: 'Average duration per user',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotDemoteSelf: 'You cannot change your own role',
  userNotFound: 'User not found',
  userUpdated: 'User updated successfully',
  /** Course title shown for a transaction whose course was deleted (its payment is kept). */
  deletedCourse: 'Deleted course',
} as const;

/** First-run setup (docs/decisions/0032-first-run-setup.md): the first admin account of a new server. */
export const SETUP_MESSAGES = {
  adminCreated: 'Admin account created. Sign in to continue.',
  tokenRequired: 'Setup token is required',
  invalidToken: 'Invalid setup token. Copy it from the server log.',
  alreadyComplete: 'Setup is already complete: an admin account exists.',
} as const;

/** The signed-in user's own account (docs/decisions/0038-profile-and-student-dashboard.md). */
export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile updated',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  signedOutEverywhere: 'Signed out on every device',
  accountDeleted: 'Your account has been deleted',
  currentPasswordRequired: 'Current password is required',
  wrongPassword: 'The password is incorrect',
  avatarKeyNotYours: 'avatarKey must be an image you uploaded for your profile',
  ownsCourses: 'You still own courses. Delete them (or ask an admin for help) before deleting your account.',
  lastAdmin: 'You are the only active admin. Make someone else an admin before deleting your account.',
  /** The name a deleted account keeps (its row stays for the payments that point at it). */
  deletedUserName: 'Deleted user',
} as const;

/**
 * Course reviews and ratings, in a module of their own: the web's shared chunk of this module loads with
 * every page, the landing page included, and only the course page's review forms need these.
 */
export { REVIEW_MESSAGES } from './review-messages.js';

export const CONFIRMATIONS = {
  suspendUser: 'Are you sure you want to suspend this user?',
  activateUser: 'Are you sure you want to activate this user?',
  changeRole: (role: string) => `Are you sure you want to change this user's role to "${role}"?`,
  deleteCourse: 'Are you sure you want to delete this course?',
  deleteLecture: (title: string) => `Are you sure you want to delete this lecture: ${title}?`,
} as const;

/** Certificates of completion (docs/decisions/0037-certificates.md). */
export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificate not found',
  invalidId: 'A certificate id is a UUID (the last part of the verification address)',
  reasonRequired: 'Give a reason for revoking the certificate',
  alreadyRevoked: 'This certificate has already been revoked',
  revoked: 'The certificate was revoked',
} as const;

/**
 * Why a certificate is revoked and a review hidden when the purchase that gave access is refunded or lost
 * in a dispute (decision 0046): the reason the certificate's verification and the admin show.
 */
export const ACCESS_ENDED_REASONS = {
  refund: 'refunded',
  dispute: 'payment disputed',
} as const;

/** Password reset and e-mail verification (docs/decisions/0035-mail-and-account-tokens.md). */
export const ACCOUNT_MESSAGES = {
  /** The one answer to a reset request, whether or not the account exists. */
  resetRequested:
    'If an account exists for that e-mail, we have sent a link to reset your password. It is valid for 30 minutes.',
  /** The reset page, on an installation with no mail server (decision 0047). */
  mailNotConfigured:
    'This site has no mail server set up yet, so the link is not e-mailed: it is kept for the site’s operator. Ask them for it.',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  tokenRequired: 'The link is missing its token',
  resetLinkInvalid:
    'This password reset link is invalid, has expired or was already used. Ask for a new one.',
  emailVerified: 'Your e-mail address is verified. Thank you!',
  verificationLinkInvalid: 'This verification link is invalid, has expired or was already used.',
  verificationSent: 'We have sent a new verification link to your e-mail address.',
  alreadyVerified: 'Your e-mail address is already verified.',
  verifyBanner:
    'Please verify your e-mail address: open the link we sent you. You can keep browsing and buying courses meanwhile.',
} as const;

/** The admin's view of the e-mail the server sends (docs/decisions/0035-mail-and-account-tokens.md). */
export const MAIL_MESSAGES = {
  notFound: 'Message not found',
  /**
   * Shown in the outbox instead of a link that signs someone in or changes their credentials (a reset or
   * verification link), unless the admin reading is the one it was sent to (decision 0047).
   */
  tokenLinkHidden: '[link hidden: it works only for the person it was sent to]',
} as const;

/** Instructor earnings and platform revenue (docs/ARCHITECTURE.md, "Money"). */
export const EARNINGS_MESSAGES = {
  instructorNotFound: 'Instructor not found',
  feePercentInvalid: 'The commission must be a whole percent from 0 to 100',
  feePercentSaved: (percent: number) => `The commission for new sales is now ${percent}%.`,
} as const;

/** Instructor payouts (docs/ARCHITECTURE.md, "Money"). */
export const PAYOUT_MESSAGES = {
  instructorsOnly: 'Only instructors are paid out: their share of their courses’ sales',
  instructorNotFound: 'Instructor not found',
  notOnboarded: 'This instructor has not finished setting up payouts',
  nothingToPay: 'Nothing is available to pay out: the balance is zero or still inside the refund window',
  providerFailed: (reason: string) => `The transfer failed: ${reason}`,
  paid: (amount: string) => `Paid out ${amount}.`,
  stillPending: 'The transfer has not gone through yet; paying again retries the same transfer.',
} as const;

/** Refunds and refund requests (docs/decisions/0040-refunds.md). */
export const REFUND_MESSAGES = {
  paymentNotFound: 'Payment not found',
  refundNotFound: 'Refund not found',
  amountInvalid: 'Enter an amount above 0 with at most two decimals',
  reasonRequired: 'Give a reason for the refund',
  decisionInvalid: 'Choose approve or decline',
  declineReasonRequired: 'Give the student a reason for declining',
  notRefundable: (state: string) => `This payment can't be refunded: it is ${state}.`,
  nothingLeft: 'Nothing is left to refund on this payment.',
  amountTooHigh: (left: string) => `The amount is more than what is left to refund (${left}).`,
  created: 'The refund was made.',
  pending: 'The refund is under way at the payment provider.',
  requested: 'Your refund request was sent. You will see the decision here.',
  declined: 'The refund request was declined.',
  alreadyDecided: 'This request has already been decided.',
  alreadyRequested: 'You already have an open refund request for this purchase.',
  notYourPayment: 'Payment not found',
  windowClosed: (days: number) => `Refunds can be requested within ${days} days of purchase.`,
  tooMuchProgress: (percent: number) =>
    `Refunds can be requested only while less than ${percent}% of the course is complete.`,
  alreadyRefunded: 'This purchase has been refunded.',
  disputed: 'This purchase is disputed with your bank.',
  providerFailed: (reason: string) => `The payment provider refused the refund: ${reason}`,
  /** Approving a request the rules no longer allow (checked again at the decision; decision 0046). */
  rulesNoLongerMet: (why: string) =>
    `The request no longer meets the refund rules: ${why} Give an override reason to refund anyway.`,
} as const;

/**
 * Coupons (issue 14, item 4), in a module of their own like REVIEW_MESSAGES: only the coupon screens and the
 * checkout need them, not the landing page, which loads the web's chunk of this module.
 */
export { COUPON_MESSAGES } from './coupon-messages.js';

/**
 * Notifications (issue 15, item 3): each event's title and body, written when the event happens, and
 * the bell's and the see-all page's texts.
 */
export const NOTIFICATION_TEXT = {
  purchaseSucceeded: (course: string) => ({
    title: 'Purchase complete',
    body: `You now have access to ${course}. Happy learning!`,
  }),
  studentEnrolled: (student: string, course: string) => ({
    title: `New student in ${course}`,
    body: `${student} enrolled in ${course}.`,
  }),
  coursePublished: (course: string) => ({
    title: 'Your course was published',
    body: `An admin published ${course}. It is now in the catalogue.`,
  }),
  courseUnpublished: (course: string) => ({
    title: 'Your course was unpublished',
    body: `An admin unpublished ${course}. Students who bought it keep their access.`,
  }),
  refundIssued: (amount: string, course: string) => ({
    title: 'Refund issued',
    body: `${amount} for ${course} is on its way back to your card.`,
  }),
  reviewPosted: (student: string, rating: number, course: string) => ({
    title: `New review of ${course}`,
    body: `${student} rated ${course} ${rating} out of 5.`,
  }),
  reviewReplied: (instructor: string, course: string) => ({
    title: 'The instructor replied to your review',
    body: `${instructor} replied to your review of ${course}.`,
  }),
  payoutPaid: (amount: string) => ({
    title: 'Payout sent',
    body: `${amount} was transferred to your payout account.`,
  }),
  roleChanged: (role: string) => ({
    title: 'Your role changed',
    body: `An admin changed your role to ${role}.`,
  }),
  accountReactivated: () => ({
    title: 'Your account is active again',
    body: 'An admin lifted the suspension of your account. Welcome back.',
  }),
  applicationReceived: (applicant: string, topic: string) => ({
    title: 'New application to teach',
    body: `${applicant} applied to teach ${topic}.`,
  }),
  applicationApproved: () => ({
    title: 'You can now teach on Lectio',
    body: 'Your application to teach was approved. Create your first course from your instructor dashboard.',
  }),
  applicationDeclined: (note: string | null) => ({
    title: 'Your application to teach was declined',
    body: note
      ? `Your application to teach was declined: ${note}`
      : 'Your application to teach was declined.',
  }),
  announcementPosted: (course: string, title: string) => ({
    title: `Announcement in ${course}`,
    body: title,
  }),
  questionAsked: (student: string, question: string, course: string) => ({
    title: `New question in ${course}`,
    body: `${student} asked: ${question}`,
  }),
  questionAnswered: (author: string, question: string) => ({
    title: 'New answer to a question you follow',
    body: `${author} answered “${question}”.`,
  }),
  pageTitle: 'Notifications',
  seeAll: 'See all notifications',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unreadLabel: 'unread',
  loadingMore: 'Loading…',
  loadFailed: 'Notifications could not be loaded.',
  retry: 'Try again',
  empty: 'No notifications yet. You will see purchases, enrollments, reviews and payouts here.',
  unread: (count: number) => (count === 0 ? 'All read' : `${count} unread`),
  loadMore: 'Load more',
  notificationNotFound: 'Notification not found',
} as const;

/** Site pages (issue 15, item 4): the admin's editor and the server's answers. */
export const SITE_PAGE_MESSAGES = {
  unknownPage: 'There is no such page',
  titleRequired: 'Title is required',
  textRequired: 'Text is required',
  saved: (title: string) => `${title} saved`,
  reset: (title: string) => `${title} is back to the default text`,
} as const;

/** Applications to teach (issue 15, item 5): the form's rules and the server's answers. */
export const TEACHING_MESSAGES = {
  topicLength: 'The topic must be 3 to 120 characters',
  experienceLength: 'Describe your experience in 20 to 2,000 characters',
  sampleUrlInvalid: 'The sample link must be a web address starting with http:// or https://',
  sampleUrlTooLong: 'The sample link must be at most 500 characters',
  noteTooLong: 'The note must be at most 500 characters',
  decisionInvalid: 'Choose approve or decline',
  studentsOnly: 'Only a student account can apply to teach',
  alreadyPending: 'You already have an application waiting for a decision',
  applied: 'Your application was sent. An admin will review it soon.',
  applicationNotFound: 'Application not found',
  alreadyDecided: 'This application has already been decided',
  applicantInactive: 'The applicant’s account is suspended or deleted: decline the application instead',
  applicantNotStudent: (role: string) =>
    `The applicant is no longer a student (their role is now ${role.replaceAll('_', ' ')}): decline the application instead`,
  approved: (name: string) => `${name} is now an instructor.`,
  approvedAlreadyTeaching: (name: string) => `Approved. ${name} could already teach.`,
  declined: (name: string) => `${name}’s application was declined.`,
} as const;
