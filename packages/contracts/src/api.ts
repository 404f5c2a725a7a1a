/**
 * Every operation of the API, by namespace: `courses.list` is `operations.courses.list`. The server builds
 * its tRPC router from this object, and `AppRouter` below is that router's type, derived here from the
 * same declarations so that clients (the web app, other services, the MSW mocks) get it from the built
 * contracts package, not from the server's source.
 */
import type {
  TRPC_ERROR_CODE_KEY,
  TRPC_ERROR_CODE_NUMBER,
  TRPCBuiltRouter,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
} from '@trpc/server';
import { accountOperations } from './account.js';
import { adminOperations } from './admin.js';
import { announcementOperations } from './announcements.js';
import { authOperations } from './auth.js';
import { certificateOperations } from './certificates.js';
import { couponOperations } from './coupons.js';
import { courseOperations } from './course.js';
import { courseMailOperations } from './course-mail.js';
import { curriculumOperations } from './curriculum.js';
import { earningsOperations } from './earnings.js';
import type { ErrorCode } from './enumerations.js';
import type { ErrorIssue } from './errors.js';
import { instructorOperations } from './instructor.js';
import { learnerOperations } from './learner.js';
import { lectureOperations } from './lecture.js';
import { mailOperations } from './mail.js';
import { mediaOperations } from './media.js';
import { metaOperations } from './meta.js';
import { noteOperations } from './notes.js';
import { notificationOperations } from './notifications.js';
import type { Operation, OperationInput, OperationOutput, OperationTable } from './operation.js';
import { paymentOperations } from './payment.js';
import { payoutOperations } from './payouts.js';
import { platformOperations } from './platform.js';
import { profileOperations } from './profile.js';
import { progressOperations } from './progress.js';
import { answerOperations, questionOperations } from './questions.js';
import { quizOperations } from './quizzes.js';
import { refundOperations } from './refunds.js';
import { resourceOperations } from './resources.js';
import { reviewOperations } from './reviews.js';
import { setupOperations } from './setup.js';
import { sitePageOperations } from './site-pages.js';
import { teachingOperations } from './teaching-applications.js';
import { videoOperations } from './video.js';

export const operations = {
  meta: metaOperations,
  auth: authOperations,
  courses: courseOperations,
  lectures: lectureOperations,
  curriculum: curriculumOperations,
  resources: resourceOperations,
  notes: noteOperations,
  announcements: announcementOperations,
  courseMail: courseMailOperations,
  questions: questionOperations,
  answers: answerOperations,
  quizzes: quizOperations,
  media: mediaOperations,
  payment: paymentOperations,
  progress: progressOperations,
  reviews: reviewOperations,
  admin: adminOperations,
  setup: setupOperations,
  profile: profileOperations,
  learner: learnerOperations,
  certificates: certificateOperations,
  account: accountOperations,
  mail: mailOperations,
  earnings: earningsOperations,
  coupons: couponOperations,
  payouts: payoutOperations,
  refunds: refundOperations,
  platform: platformOperations,
  sitePages: sitePageOperations,
  instructor: instructorOperations,
  notifications: notificationOperations,
  teaching: teachingOperations,
  video: videoOperations,
} as const satisfies Record<string, OperationTable>;

export type Operations = typeof operations;
export type Namespace = keyof Operations;
/** `'courses.list'` and every other procedure path. */
export type OperationPath = {
  [N in Namespace]: `${N}.${Extract<keyof Operations[N], string>}`;
}[Namespace];

/** Every operation with its procedure path, in declaration order. */
export function listOperations(): { path: OperationPath; operation: Operation }[] {
  return Object.entries(operations).flatMap(([namespace, table]) =>
    Object.entries(table as OperationTable).map(([name, operation]) => ({
      path: `${namespace}.${name}` as OperationPath,
      operation,
    })),
  );
}

/** What a procedure's meta holds: the operation's declaration, read by the server's middleware. */
export interface ProcedureMeta {
  operation: Operation;
}

/** The `error` of a failed tRPC call: tRPC's shape with the service's own code and field issues. */
export interface ApiTrpcErrorShape {
  message: string;
  code: TRPC_ERROR_CODE_NUMBER;
  data: {
    code: TRPC_ERROR_CODE_KEY;
    httpStatus: number;
    path?: string;
    /** The REST error code (`VALIDATION_ERROR`, `PAYMENT_FAILED`, ...) when a service raised it. */
    appCode?: ErrorCode;
    issues?: ErrorIssue[];
    stack?: string;
  };
}

type ProcedureOf<O extends Operation> = O['kind'] extends 'query'
  ? TRPCQueryProcedure<{ input: OperationInput<O>; output: OperationOutput<O>; meta: ProcedureMeta }>
  : TRPCMutationProcedure<{ input: OperationInput<O>; output: OperationOutput<O>; meta: ProcedureMeta }>;

export type ProceduresOf<T extends OperationTable> = { [K in keyof T]: ProcedureOf<T[K]> };

/** The type of the server's tRPC router (no transformer: dates travel as ISO strings, as over REST). */
export type AppRouter = TRPCBuiltRouter<
  { ctx: object; meta: ProcedureMeta; errorShape: ApiTrpcErrorShape; transformer: false },
  { [N in Namespace]: ProceduresOf<Operations[N]> }
>;
