/** account.*: password reset by e-mail and e-mail verification (services/account). */
import { operations } from '@lectio/contracts/api';
import { ACCOUNT_MESSAGES } from '@lectio/contracts/messages';
import { resendVerification, verifyEmail } from '../../services/account/email-verification';
import { requestPasswordReset, resetPassword } from '../../services/account/password-reset';
import { mailStaysOnServer } from '../../services/mail/list-mail';
import { implement } from '../build-router';

export const accountProcedures = implement(operations.account, {
  async mailDelivery({ ctx }) {
    const delivers = !mailStaysOnServer(ctx.services);
    return { delivers, notice: delivers ? null : ACCOUNT_MESSAGES.mailNotConfigured };
  },
  async requestPasswordReset({ ctx, input }) {
    await requestPasswordReset(ctx.services, input);
    return { message: ACCOUNT_MESSAGES.resetRequested };
  },
  async resetPassword({ ctx, input }) {
    await resetPassword(ctx.services, input);
    return { message: ACCOUNT_MESSAGES.passwordReset };
  },
  async verifyEmail({ ctx, input }) {
    await verifyEmail(ctx.services, input);
    return { message: ACCOUNT_MESSAGES.emailVerified };
  },
  async resendVerification({ ctx }) {
    await resendVerification(ctx.services, ctx.actor);
    return { message: ACCOUNT_MESSAGES.verificationSent };
  },
});
