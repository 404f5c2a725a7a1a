/** earnings.*: an instructor's earnings, the platform's revenue and its commission rate (services/earnings). */
import { operations } from '@lectio/contracts/api';
import { instructorEarnings, platformRevenue, setPlatformFeePercent } from '../../services/earnings/earnings';
import { implement } from '../build-router';

export const earningsProcedures = implement(operations.earnings, {
  instructor: ({ ctx, input }) => instructorEarnings(ctx.services, ctx.actor, input),
  platform: ({ ctx }) => platformRevenue(ctx.services),
  setFeePercent: ({ ctx, input }) => setPlatformFeePercent(ctx.services, ctx.actor, input.percent),
});
