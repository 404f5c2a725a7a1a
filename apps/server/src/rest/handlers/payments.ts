/** The Stripe webhook: an HTTP route, because its signature covers the raw body. */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { badRequest } from '../../lib/errors';
import { handlePaymentWebhook } from '../../services/payments/handle-webhook';
import type { HttpHandlers } from '../types';

export const paymentHandlers: Pick<HttpHandlers, 'payment.webhook'> = {
  async 'payment.webhook'({ services, request }) {
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
