/**
 * The account.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives it
 * (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import type { NamespaceExamples } from './openapi-examples.js';

export const accountExamples: NamespaceExamples<'account'> = {
  requestPasswordReset: {
    input: { email: 'ravi@example.com' },
    output: {
      message:
        'If an account exists for that e-mail, we have sent a link to reset your password. It is valid for 30 minutes.',
    },
  },
  resetPassword: {
    input: {
      token: 'q3Vd9m0W7x2yZ1bC4eF6gH8jK0lM2nP4rS6tU8vW0xY',
      password: 'a new long passphrase',
      confirmPassword: 'a new long passphrase',
    },
    output: { message: 'Your password has been reset. Sign in with your new password.' },
  },
  verifyEmail: {
    input: { token: 'Zx8Yw6Vu4Ts2Rq0Po8Nm6Lk4Ji2Hg0Fe8Dc6Ba4Zy2X' },
    output: { message: 'Your e-mail address is verified. Thank you!' },
  },
  resendVerification: {
    input: {},
    output: { message: 'We have sent a new verification link to your e-mail address.' },
  },
};
