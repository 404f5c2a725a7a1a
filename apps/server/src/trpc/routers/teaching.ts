/** teaching.*: applications to teach and the admin's decisions (services/teaching). */
import { operations } from '@lectio/contracts/api';
import { TEACHING_MESSAGES } from '@lectio/contracts/messages';
import {
  applyToTeach,
  decideApplication,
  listApplications,
  myApplication,
} from '../../services/teaching/teaching-applications';
import { implement } from '../build-router';

export const teachingProcedures = implement(operations.teaching, {
  async apply({ ctx, input }) {
    return {
      message: TEACHING_MESSAGES.applied,
      application: await applyToTeach(ctx.services, ctx.actor, input),
    };
  },
  mine: ({ ctx }) => myApplication(ctx.services, ctx.actor),
  list: ({ ctx, input }) => listApplications(ctx.services, input),
  async decide({ ctx, input }) {
    const { application, outcome } = await decideApplication(ctx.services, ctx.actor, input);
    const name = application.applicant.name;
    const message =
      outcome === 'promoted'
        ? TEACHING_MESSAGES.approved(name)
        : outcome === 'alreadyTeaching'
          ? TEACHING_MESSAGES.approvedAlreadyTeaching(name)
          : TEACHING_MESSAGES.declined(name);
    return { message, application };
  },
});
