/** payouts.*: payout accounts, what is owed and transfers (services/payouts). */
import { operations } from '@lectio/contracts/api';
import { PAYOUT_MESSAGES } from '@lectio/contracts/messages';
import { moneyText, toMinorUnits } from '../../lib/money';
import {
  listPayouts,
  myPayoutAccount,
  payInstructor,
  payoutsOwed,
  startOnboarding,
} from '../../services/payouts/payouts';
import { implement } from '../build-router';

export const payoutProcedures = implement(operations.payouts, {
  account: ({ ctx }) => myPayoutAccount(ctx.services, ctx.actor),
  startOnboarding: ({ ctx }) => startOnboarding(ctx.services, ctx.actor),
  list: ({ ctx, input }) => listPayouts(ctx.services, ctx.actor, input),
  owed: ({ ctx }) => payoutsOwed(ctx.services),
  async pay({ ctx, input }) {
    const payout = await payInstructor(ctx.services, input);
    return { message: PAYOUT_MESSAGES.paid(moneyText(toMinorUnits(payout.amount), payout.currency)), payout };
  },
});
