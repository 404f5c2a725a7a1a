/** meta.*: the health check. */
import { operations } from '@lectio/contracts/api';
import { checkHealth } from '../../services/health';
import { implement } from '../build-router';

export const metaProcedures = implement(operations.meta, {
  health: ({ ctx }) => checkHealth(ctx.services),
});
