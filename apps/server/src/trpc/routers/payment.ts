/** payment.*: resolvers over services/payments. The Stripe webhook is an HTTP route (raw body). */
import { operations } from '@lectio/contracts/api';
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { confirmPayment } from '../../services/payments/confirm-payment';
import { createPaymentIntent } from '../../services/payments/create-payment-intent';
import { paymentConfig } from '../../services/payments/payment-config';
import { testConfirmCard } from '../../services/payments/test-confirm-card';
import { implement } from '../build-router';

export const paymentProcedures = implement(operations.payment, {
  config: ({ ctx }) => paymentConfig(ctx.services),
  createIntent: ({ ctx, input }) =>
    createPaymentIntent(ctx.services, ctx.actor, input.courseId, input.couponCode),
  async confirm({ ctx, input }) {
    const purchasedCourses = await confirmPayment(ctx.services, ctx.actor, input.paymentIntentId);
    return { message: PAYMENT_MESSAGES.enrolled, purchasedCourses };
  },
  testConfirmCard: ({ ctx, input }) => testConfirmCard(ctx.services, ctx.actor, input),
});
