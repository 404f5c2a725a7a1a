/** admin.*: platform statistics and user management, permission `all` only; same services as REST. */
import {
  adminOverviewSchema,
  adminUpdateUserInputSchema,
  engagementSchema,
  instructorListSchema,
  updateUserResponseSchema,
  userOverviewSchema,
} from '@lectio/contracts/admin';
import { adminOverview } from '../../services/admin/admin-overview';
import { engagement } from '../../services/admin/engagement';
import { listInstructors } from '../../services/admin/list-instructors';
import { updateUser } from '../../services/admin/update-user';
import { userOverview } from '../../services/admin/user-overview';
import { contractOutput, requirePermission, router } from '../init';

const adminProcedure = requirePermission('all');

export const adminRouter = router({
  overview: adminProcedure
    .output(contractOutput(adminOverviewSchema))
    .query(({ ctx }) => adminOverview(ctx.services)),
  usersOverview: adminProcedure
    .output(contractOutput(userOverviewSchema))
    .query(({ ctx }) => userOverview(ctx.services)),
  instructors: adminProcedure
    .output(contractOutput(instructorListSchema))
    .query(({ ctx }) => listInstructors(ctx.services)),
  updateUser: adminProcedure
    .input(adminUpdateUserInputSchema)
    .output(contractOutput(updateUserResponseSchema))
    .mutation(({ ctx, input: { id, ...body } }) => updateUser(ctx.services, ctx.actor, id, body)),
  engagement: adminProcedure
    .output(contractOutput(engagementSchema))
    .query(({ ctx }) => engagement(ctx.services)),
});
