/** platform.*: the landing page's live figures and the configured social profiles. */
import { operations } from '@lectio/contracts/api';
import { platformStats, socialLinks } from '../../services/platform/platform-stats';
import { implement } from '../build-router';

export const platformProcedures = implement(operations.platform, {
  stats: ({ ctx }) => platformStats(ctx.services),
  socialLinks: ({ ctx }) => socialLinks(ctx.services),
});
