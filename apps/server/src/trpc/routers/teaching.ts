/** teaching.*: applications to teach and the admin's decisions (services/teaching). */
import { operations } from '@lectio/contracts/api';
import {
  applyToTeach,
  decideApplication,
  listApplications,
  myApplication,
} from '../../services/teaching/teaching-applications';
import { implement } from '../build-router';

export const teachingProcedures = implement(operations.teaching, {
  apply: ({ ctx, input }) => applyToTeach(ctx.services, ctx.actor, input),
  mine: ({ ctx }) => myApplication(ctx.services, ctx.actor),
  list: ({ ctx, input }) => listApplications(ctx.services, input),
  decide: ({ ctx, input }) => decideApplication(ctx.services, ctx.actor, input),
});
