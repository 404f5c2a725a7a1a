/** The tRPC router: one sub-router per domain, all calling the same services as the REST facade. */
import { healthResponseSchema } from '@lectio/contracts/rest';
import { checkHealth } from '../services/health';
import { contractOutput, publicProcedure, router } from './init';
import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { coursesRouter } from './routers/courses';
import { lecturesRouter } from './routers/lectures';
import { mediaRouter } from './routers/media';
import { paymentRouter } from './routers/payment';
import { progressRouter } from './routers/progress';

export const appRouter = router({
  health: publicProcedure
    .output(contractOutput(healthResponseSchema))
    .query(({ ctx }) => checkHealth(ctx.services)),
  auth: authRouter,
  admin: adminRouter,
  courses: coursesRouter,
  lectures: lecturesRouter,
  media: mediaRouter,
  payment: paymentRouter,
  progress: progressRouter,
});

export type AppRouter = typeof appRouter;
