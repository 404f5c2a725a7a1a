/** GET /payment/config, tRPC payment.config: which provider runs, its publishable key, the currency. */
import type { paymentConfigResponseSchema } from '@lectio/contracts/payment';
import type { z } from 'zod';
import type { ServiceContext } from '../context';

export function paymentConfig(ctx: ServiceContext): z.input<typeof paymentConfigResponseSchema> {
  return {
    provider: ctx.payments.name,
    publishableKey: ctx.payments.publishableKey,
    currency: ctx.config.payments.currency,
  };
}
