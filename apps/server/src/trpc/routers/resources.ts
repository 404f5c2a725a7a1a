/** resources.*: resolvers over services/resources (files a lesson carries for download). */
import { operations } from '@lectio/contracts/api';
import { RESOURCE_MESSAGES } from '@lectio/contracts/resources';
import { attachResource, deleteResource, listResources } from '../../services/resources/resources';
import { implement } from '../build-router';

export const resourceProcedures = implement(operations.resources, {
  async list({ ctx, input }) {
    return { data: { resources: await listResources(ctx.services, ctx.actor, input.lectureId) } };
  },
  async attach({ ctx, input }) {
    return {
      message: RESOURCE_MESSAGES.attached,
      data: { resource: await attachResource(ctx.services, ctx.actor, input) },
    };
  },
  async delete({ ctx, input }) {
    await deleteResource(ctx.services, ctx.actor, input.resourceId);
    return { message: RESOURCE_MESSAGES.deleted };
  },
});
