/** payouts.*: payout accounts, what is owed and transfers (services/payouts). */
import { operations } from '@lectio/contracts/api';
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
  pay: ({ ctx, input }) => payInstructor(ctx.services, input),
});
