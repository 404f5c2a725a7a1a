/** setup.*: first-run setup, the first admin account of a new server (services/setup). */
import { operations } from '@lectio/contracts/api';
import { SETUP_MESSAGES } from '@lectio/contracts/messages';
import { createFirstAdmin, needsSetup } from '../../services/setup/first-run-setup';
import { implement } from '../build-router';

export const setupProcedures = implement(operations.setup, {
  async status({ ctx }) {
    return { needsSetup: await needsSetup(ctx.services) };
  },
  async createAdmin({ ctx, input }) {
    return { message: SETUP_MESSAGES.adminCreated, user: await createFirstAdmin(ctx.services, input) };
  },
});
