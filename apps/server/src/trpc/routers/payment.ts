/** payment.*: the tRPC twins of /api/v1/payment/* (same services, same access). Webhooks are REST only. */
import {
  confirmPaymentRequestSchema,
  confirmPaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  paymentConfigResponseSchema,
  testConfirmCardRequestSchema,
  testConfirmCardResponseSchema,
} from '@lectio/contracts/payment';
import { confirmPayment } from '../../services/payments/confirm-payment';
import { createPaymentIntent } from '../../services/payments/create-payment-intent';
import { paymentConfig } from '../../services/payments/payment-config';
import { testConfirmCard } from '../../services/payments/test-confirm-card';
import { authedProcedure, contractOutput, publicProcedure, router } from '../init';

export const paymentRouter = router({
  config: publicProcedure
    .output(contractOutput(paymentConfigResponseSchema))
    .query(({ ctx }) => paymentConfig(ctx.services)),
  createIntent: authedProcedure
    .input(createPaymentIntentRequestSchema)
    .output(contractOutput(createPaymentIntentResponseSchema))
    .mutation(({ ctx, input }) => createPaymentIntent(ctx.services, ctx.actor, input.courseId)),
  confirm: authedProcedure
    .input(confirmPaymentRequestSchema)
    .output(contractOutput(confirmPaymentResponseSchema))
    .mutation(({ ctx, input }) => confirmPayment(ctx.services, ctx.actor, input.paymentIntentId)),
  testConfirmCard: authedProcedure
    .input(testConfirmCardRequestSchema)
    .output(contractOutput(testConfirmCardResponseSchema))
    .mutation(({ ctx, input }) => testConfirmCard(ctx.services, ctx.actor, input)),
});
