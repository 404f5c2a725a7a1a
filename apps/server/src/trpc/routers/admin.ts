/** admin.*: platform statistics and user management (permission `all`). */
import { operations } from '@lectio/contracts/api';
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import { adminOverview } from '../../services/admin/admin-overview';
import { engagement } from '../../services/admin/engagement';
import { listInstructors } from '../../services/admin/list-instructors';
import { updateUser } from '../../services/admin/update-user';
import { userOverview } from '../../services/admin/user-overview';
import { implement } from '../build-router';

export const adminProcedures = implement(operations.admin, {
  overview: ({ ctx }) => adminOverview(ctx.services),
  usersOverview: ({ ctx }) => userOverview(ctx.services),
  instructors: ({ ctx }) => listInstructors(ctx.services),
  async updateUser({ ctx, input: { id, ...changes } }) {
    return {
      message: ADMIN_MESSAGES.userUpdated,
      user: await updateUser(ctx.services, ctx.actor, id, changes),
    };
  },
  engagement: ({ ctx }) => engagement(ctx.services),
});
