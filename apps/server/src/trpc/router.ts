/**
 * The tRPC router: one namespace per namespace of the contracts' `operations`, each built from its
 * declarations (build-router.ts). The namespaces are the contracts' own: `procedures` is typed by them,
 * so a missing or an extra namespace does not compile.
 */
import type { AppRouter, Namespace, Operations, ProceduresOf } from '@lectio/contracts/api';
import { router } from './init';
import { accountProcedures } from './routers/account';
import { adminProcedures } from './routers/admin';
import { announcementProcedures } from './routers/announcements';
import { authProcedures } from './routers/auth';
import { certificateProcedures } from './routers/certificates';
import { couponProcedures } from './routers/coupons';
import { courseMailProcedures } from './routers/course-mail';
import { courseProcedures } from './routers/courses';
import { curriculumProcedures } from './routers/curriculum';
import { earningsProcedures } from './routers/earnings';
import { instructorProcedures } from './routers/instructor';
import { learnerProcedures } from './routers/learner';
import { lectureProcedures } from './routers/lectures';
import { mailProcedures } from './routers/mail';
import { mediaProcedures } from './routers/media';
import { metaProcedures } from './routers/meta';
import { noteProcedures } from './routers/notes';
import { notificationProcedures } from './routers/notifications';
import { paymentProcedures } from './routers/payment';
import { payoutProcedures } from './routers/payouts';
import { platformProcedures } from './routers/platform';
import { profileProcedures } from './routers/profile';
import { progressProcedures } from './routers/progress';
import { answerProcedures, questionProcedures } from './routers/questions';
import { quizProcedures } from './routers/quizzes';
import { refundProcedures } from './routers/refunds';
import { resourceProcedures } from './routers/resources';
import { reviewProcedures } from './routers/reviews';
import { setupProcedures } from './routers/setup';
import { sitePageProcedures } from './routers/site-pages';
import { teachingProcedures } from './routers/teaching';
import { videoProcedures } from './routers/video';

/** Each namespace's procedures (routers/<domain>.ts), keyed by the contracts' namespaces. */
const procedures: { [N in Namespace]: ProceduresOf<Operations[N]> } = {
  meta: metaProcedures,
  auth: authProcedures,
  courses: courseProcedures,
  lectures: lectureProcedures,
  curriculum: curriculumProcedures,
  resources: resourceProcedures,
  notes: noteProcedures,
  announcements: announcementProcedures,
  courseMail: courseMailProcedures,
  questions: questionProcedures,
  answers: answerProcedures,
  quizzes: quizProcedures,
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
  earnings: earningsProcedures,
  coupons: couponProcedures,
  payouts: payoutProcedures,
  notifications: notificationProcedures,
  refunds: refundProcedures,
  instructor: instructorProcedures,
  platform: platformProcedures,
  sitePages: sitePageProcedures,
  teaching: teachingProcedures,
  video: videoProcedures,
};

const built = router(procedures);

/**
 * The router, typed as the contracts declare it: clients import `AppRouter` from `@lectio/contracts`.
 * `satisfies` checks that what was built has exactly the declared namespaces and procedures.
 */
export const appRouter: AppRouter = built satisfies {
  _def: { record: AppRouter['_def']['record'] };
} as AppRouter;
export type { AppRouter };
