/** Payment calls (spec sections 3, 4 and 7). The price is always read on the server, never sent. */
import { z } from 'zod';

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;

export const createPaymentIntentRequestSchema = z.object({ courseId: z.string().min(1) });
export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** True when the course was free and the buyer was enrolled without payment. */
  enrolled: z.boolean().optional(),
});
export const confirmPaymentRequestSchema = z.object({ paymentIntentId: z.string().min(1) });
export const confirmPaymentResponseSchema = z.object({
  message: z.string(),
  purchasedCourses: z.array(z.string()),
});
export const paymentConfigResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
  currency: z.string(),
});
export const webhookResponseSchema = z.object({ received: z.boolean() });
