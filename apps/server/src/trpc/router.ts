/** The tRPC router: one namespace per domain, each built from the contracts' declarations (build-router.ts). */
import type { AppRouter } from '@lectio/contracts/api';
import { router } from './init';
import { accountProcedures } from './routers/account';
import { adminProcedures } from './routers/admin';
import { authProcedures } from './routers/auth';
import { certificateProcedures } from './routers/certificates';
import { courseProcedures } from './routers/courses';
import { learnerProcedures } from './routers/learner';
import { lectureProcedures } from './routers/lectures';
import { mailProcedures } from './routers/mail';
import { mediaProcedures } from './routers/media';
import { metaProcedures } from './routers/meta';
import { paymentProcedures } from './routers/payment';
import { profileProcedures } from './routers/profile';
import { progressProcedures } from './routers/progress';
import { reviewProcedures } from './routers/reviews';
import { setupProcedures } from './routers/setup';

const built = router({
  meta: metaProcedures,
  auth: authProcedures,
  courses: courseProcedures,
  lectures: lectureProcedures,
  media: mediaProcedures,
  payment: paymentProcedures,
  progress: progressProcedures,
  reviews: reviewProcedures,
  admin: adminProcedures,
  setup: setupProcedures,
  profile: profileProcedures,
  learner: learnerProcedures,
  certificates: certificateProcedures,
  account: accountProcedures,
  mail: mailProcedures,
});

/**
 * The router, typed as the contracts declare it: clients import `AppRouter` from `@lectio/contracts`.
 * `satisfies` checks that what was built has exactly the declared namespaces and procedures.
 */
export const appRouter: AppRouter = built satisfies {
  _def: { record: AppRouter['_def']['record'] };
} as AppRouter;
export type { AppRouter };
