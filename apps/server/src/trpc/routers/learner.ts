/** learner.*: the student dashboard, over services/learner. */
import { operations } from '@lectio/contracts/api';
import { learnerDashboard } from '../../services/learner/learner-dashboard';
import { implement } from '../build-router';

export const learnerProcedures = implement(operations.learner, {
  dashboard: ({ ctx }) => learnerDashboard(ctx.services, ctx.actor),
});
