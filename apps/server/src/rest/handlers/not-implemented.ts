/**
 * Routes the contracts table declares whose services arrive with later issues (catalogue, purchase,
 * admin). They are registered, so their permission is enforced and tested now; past the permission
 * check they answer 501.
 */
import { API_MESSAGES } from '@lectio/contracts/messages';
import { AppError } from '../../lib/errors';
import type { RestHandlers } from '../types';

const notImplemented = async (): Promise<never> => {
  throw new AppError('NOT_IMPLEMENTED', API_MESSAGES.notImplemented);
};

export const pendingRoutes = [
  'recordProgress',
  'courseProgress',
  'paymentConfig',
  'createPaymentIntent',
  'confirmPayment',
  'paymentWebhook',
] as const;

export const notImplementedHandlers = Object.fromEntries(
  pendingRoutes.map((name) => [name, notImplemented]),
) as unknown as Pick<RestHandlers, (typeof pendingRoutes)[number]>;
