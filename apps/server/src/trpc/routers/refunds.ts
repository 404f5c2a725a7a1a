/** refunds.*: resolvers over services/refunds. */
import { operations } from '@lectio/contracts/api';
import { REFUND_MESSAGES } from '@lectio/contracts/messages';
import { presentRefund } from '../../services/refunds/refund-payment';
import {
  createRefund,
  decideRefund,
  listRefunds,
  myPurchases,
  refundablePayment,
  requestRefund,
} from '../../services/refunds/refund-requests';
import { implement } from '../build-router';

const doneMessage = (status: string) =>
  status === 'pending' ? REFUND_MESSAGES.pending : REFUND_MESSAGES.created;

export const refundProcedures = implement(operations.refunds, {
  async create({ ctx, input }) {
    const refund = await createRefund(ctx.services, ctx.actor, input);
    return { message: doneMessage(refund.status), refund: presentRefund(refund) };
  },
  async request({ ctx, input }) {
    const refund = await requestRefund(ctx.services, ctx.actor, input);
    return { message: REFUND_MESSAGES.requested, refund: presentRefund(refund) };
  },
  async decide({ ctx, input }) {
    const refund = await decideRefund(ctx.services, ctx.actor, input);
    return {
      message: input.decision === 'decline' ? REFUND_MESSAGES.declined : doneMessage(refund.status),
      refund: presentRefund(refund),
    };
  },
  list({ ctx, input }) {
    return listRefunds(ctx.services, input);
  },
  payment({ ctx, input }) {
    return refundablePayment(ctx.services, input.paymentId);
  },
  mine({ ctx }) {
    return myPurchases(ctx.services, ctx.actor);
  },
});
