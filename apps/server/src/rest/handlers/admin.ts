/** /api/v1/admin/*: thin handlers over services/admin (the route table requires permission `all`). */
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { unauthorized } from '../../lib/errors';
import { adminOverview } from '../../services/admin/admin-overview';
import { engagement } from '../../services/admin/engagement';
import { listInstructors } from '../../services/admin/list-instructors';
import { updateUser } from '../../services/admin/update-user';
import { userOverview } from '../../services/admin/user-overview';
import type { RestHandlers } from '../types';

export const adminHandlers: Pick<
  RestHandlers,
  'adminOverview' | 'adminUsersOverview' | 'adminInstructors' | 'adminUpdateUser' | 'adminEngagement'
> = {
  adminOverview: ({ services }) => adminOverview(services),
  adminUsersOverview: ({ services }) => userOverview(services),
  adminInstructors: ({ services }) => listInstructors(services),
  adminUpdateUser: ({ services, actor, params, body }) => {
    // The registrar has already refused anonymous callers; this narrows the type.
    if (!actor) throw unauthorized(AUTH_MESSAGES.notSignedIn);
    return updateUser(services, actor, params.id, body);
  },
  adminEngagement: ({ services }) => engagement(services),
};
