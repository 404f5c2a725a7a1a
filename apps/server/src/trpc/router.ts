/** The tRPC router: one sub-router per domain, all calling the same services as the REST facade. */
import { healthResponseSchema } from '@lectio/contracts/rest';
import { checkHealth } from '../services/health';
import { publicProcedure, router } from './init';
import { authRouter } from './routers/auth';

export const appRouter = router({
  health: publicProcedure.output(healthResponseSchema).query(({ ctx }) => checkHealth(ctx.services)),
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
