/** /api/v1/payment/*: thin handlers over services/payments (the tRPC twins are in trpc/routers/payment.ts). */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { badRequest } from '../../lib/errors';
import { confirmPayment } from '../../services/payments/confirm-payment';
import { createPaymentIntent } from '../../services/payments/create-payment-intent';
import { handlePaymentWebhook } from '../../services/payments/handle-webhook';
import { paymentConfig } from '../../services/payments/payment-config';
import { testConfirmCard } from '../../services/payments/test-confirm-card';
import type { RestHandlers } from '../types';
import { signedIn } from './courses';

export const paymentHandlers: Pick<
  RestHandlers,
  'paymentConfig' | 'createPaymentIntent' | 'confirmPayment' | 'testConfirmCard' | 'paymentWebhook'
> = {
  async paymentConfig({ services }) {
    return paymentConfig(services);
  },
  async createPaymentIntent({ services, actor, body }) {
    return createPaymentIntent(services, signedIn(actor), body.courseId);
  },
  async confirmPayment({ services, actor, body }) {
    return confirmPayment(services, signedIn(actor), body.paymentIntentId);
  },
  async testConfirmCard({ services, actor, body }) {
    return testConfirmCard(services, signedIn(actor), body);
  },
  async paymentWebhook({ services, request }) {
    // bodyKind 'raw': the registrar hands this route the unparsed bytes, which the signature covers.
    const signature = request.headers['stripe-signature'];
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (Array.isArray(signature)) throw badRequest(PAYMENT_MESSAGES.webhookSignatureInvalid);
    const result = await handlePaymentWebhook(services, rawBody, signature);
    if (result.outcome === 'ignored') request.log.warn(result, 'payment webhook event ignored');
    else request.log.info(result, 'payment webhook event processed');
    return { received: true };
  },
};
