/**
 * Wording of the password-reset and e-mail verification pages and banner (docs/decisions/0035) that the
 * contracts' ACCOUNT_MESSAGES does not hold: titles, labels and button names the tests use.
 */
export const ACCOUNT_TEXT = {
  resetTitle: 'Reset your password',
  resetIntro:
    'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  sendLink: 'Send reset link',
  sending: 'Sending...',
  checkInbox: 'Check your inbox',
  newPasswordTitle: 'Choose a new password',
  newPasswordIntro:
    'Your new password follows the same rules as at sign-up. Setting it signs you out everywhere.',
  newPasswordLabel: 'New Password',
  setPassword: 'Set new password',
  askAgain: 'Ask for a new link',
  backToSignIn: 'Back to sign in',
  verifyTitle: 'Verify your e-mail address',
  verifying: 'Verifying your e-mail address...',
  verifiedTitle: 'E-mail address verified',
  linkProblemTitle: 'This link did not work',
  missingLink: 'This page needs the link from the e-mail we sent you. Open the link from that e-mail again.',
  resend: 'Send a new link',
  resent: 'Sent! Check your inbox.',
  signInToResend: 'Sign in to ask for a new link',
  goToDashboard: 'Go to your dashboard',
  signIn: 'Sign in',
  dismissBanner: 'Dismiss',
  bannerLabel: 'E-mail verification',
} as const;
