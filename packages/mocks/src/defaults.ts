/**
 * Realistic answers for every read operation (the queries), built by the factories and shaped by each
 * call's input (`courses.get` answers the course asked for). `api.answerDefaults()` registers them below
 * your own answers; they are also exported for use one at a time:
 *
 *   api.answer('courses.get', defaultAnswers()['courses.get']!);
 */
import type { OperationPath } from '@lectio/contracts/api';
import type { Course } from '@lectio/contracts/course';
import {
  buildAdminOverview,
  buildEngagement,
  buildInstructorList,
  buildUserOverview,
} from './admin.factories.js';
import { buildAnnouncement, buildCourseMailSubscription } from './announcements.factories.js';
import type { MockAnswer } from './api-mocks.js';
import { buildPublicUser } from './auth.factories.js';
import { buildCertificateVerification, buildMyCertificates } from './certificates.factories.js';
import { buildCoupon, buildCouponPrice } from './coupons.factories.js';
import {
  buildCourse,
  buildCourseFacets,
  buildCourseOverview,
  buildCoursePage,
  type CoursePage,
} from './courses.factories.js';
import { buildCurriculum } from './curriculum.factories.js';
import { buildInstructorEarnings, buildPlatformRevenue } from './earnings.factories.js';
import { buildInstructorHome } from './instructor.factories.js';
import { buildLearnerDashboard } from './learner.factories.js';
import { buildLecture } from './lectures.factories.js';
import { buildMailMessage, buildMailPage, buildOutboxMessage } from './mail.factories.js';
import { buildUploadSignature } from './media.factories.js';
import { buildHealth } from './meta.factories.js';
import { buildLessonNote } from './notes.factories.js';
import { buildNotification } from './notifications.factories.js';
import { buildPaymentConfig } from './payment.factories.js';
import { buildOwedInstructor, buildPayout } from './payouts.factories.js';
import { buildPlatformStats, buildSocialLinks } from './platform.factories.js';
import { buildAvatarUploadSignature } from './profile.factories.js';
import { buildCourseProgress } from './progress.factories.js';
import {
  buildAnswer,
  buildQuestionDetail,
  buildQuestionPage,
  buildQuestionSummary,
  buildReportedDiscussionPage,
} from './questions.factories.js';
import {
  buildAttemptResult,
  buildEditableQuiz,
  buildGradebook,
  buildQuizSummary,
} from './quizzes.factories.js';
import {
  buildAdminRefund,
  buildAdminRefundPage,
  buildPurchaseList,
  buildRefundablePayment,
} from './refunds.factories.js';
import { buildLessonResource } from './resources.factories.js';
import {
  buildMyReview,
  buildReportedReviewPage,
  buildReview,
  buildReviewPage,
  buildReviewSummary,
} from './reviews.factories.js';
import { buildSetupStatus } from './setup.factories.js';
import { buildSitePage, buildSitePageList } from './site-pages.factories.js';
import {
  buildAdminTeachingApplication,
  buildTeachingApplication,
  buildTeachingApplicationPage,
} from './teaching.factories.js';
import { buildVideoProcessing, buildVideoStream } from './video.factories.js';

export type DefaultAnswers = { [P in OperationPath]?: MockAnswer<P> };

/**
 * The default catalogue (three courses, built on the first call) paged as the server pages it: `limit`
 * courses from `cursor` on, and a `nextCursor` while more remain (the cursor is opaque to the caller).
 */
function pagedCatalogue(): (input: { limit: number; cursor?: string | undefined }) => CoursePage {
  let catalogue: Course[] | undefined;
  return ({ limit, cursor }) => {
    catalogue ??= [buildCourse(), buildCourse(), buildCourse()];
    const from = cursor === undefined ? 0 : Math.max(0, Number.parseInt(cursor, 10) || 0);
    const to = from + limit;
    return buildCoursePage(catalogue.slice(from, to), to < catalogue.length ? String(to) : null);
  };
}

export function defaultAnswers(): DefaultAnswers {
  const catalogue = pagedCatalogue();
  return {
    'meta.health': () => buildHealth(),
    'auth.me': () => ({ user: buildPublicUser() }),
    'courses.list': ({ input }) => catalogue(input),
    'courses.facets': () => ({ data: buildCourseFacets() }),
    'courses.byIds': ({ input }) => ({
      data: { courses: input.courseIds.map((_id) => buildCourse({ _id })) },
    }),
    'courses.mine': () => buildCoursePage([buildCourse({ canAccessAll: true, progress: 40 })]),
    'courses.overview': () => buildCourseOverview(),
    'courses.get': ({ input }) => ({ data: buildCourse({ _id: input.id }) }),
    'courses.instructorList': () =>
      buildCoursePage([
        buildCourse({ canAccessAll: true }),
        buildCourse({ canAccessAll: true, isPublished: false }),
      ]),
    'lectures.list': ({ input }) => ({
      videos: [1, 2, 3].map((order) => buildLecture({ courseId: input.id, order, isPreview: order === 1 })),
    }),
    'lectures.get': ({ input }) => ({
      data: { lecture: buildLecture({ _id: input.lectureId, isPreview: true }) },
    }),
    'curriculum.get': ({ input }) => ({ data: buildCurriculum({ courseId: input.courseId }) }),
    'resources.list': ({ input }) => ({
      data: { resources: [buildLessonResource({ lectureId: input.lectureId })] },
    }),
    'notes.list': ({ input }) => ({
      data: {
        notes: [
          buildLessonNote({ courseId: input.courseId, seconds: 12 }),
          buildLessonNote({ courseId: input.courseId, lectureKind: 'article', seconds: null }),
        ],
      },
    }),
    'video.processing': ({ input }) => ({ data: buildVideoProcessing({ lectureId: input.lectureId }) }),
    'video.stream': ({ input }) => ({
      data: {
        isLocked: false,
        stream: buildVideoStream({
          masterUrl: `https://lectio.test/api/v1/hls/${input.lectureId}/master.m3u8?expires=1775149512&signature=sig`,
        }),
      },
    }),
    'announcements.list': ({ input }) => ({
      data: {
        announcements: [
          buildAnnouncement({ courseId: input.courseId }),
          buildAnnouncement({ courseId: input.courseId }),
        ],
        nextCursor: null,
      },
    }),
    'courseMail.byToken': () => ({ data: buildCourseMailSubscription() }),
    'courseMail.preference': ({ input }) => ({
      data: buildCourseMailSubscription({ courseId: input.courseId }),
    }),
    'quizzes.get': ({ input }) => ({ data: { quiz: buildQuizSummary({ lectureId: input.lectureId }) } }),
    'quizzes.result': ({ input }) => {
      const result = buildAttemptResult();
      return { data: { ...result, attempt: { ...result.attempt, _id: input.attemptId } } };
    },
    'quizzes.edit': ({ input }) => ({ data: { quiz: buildEditableQuiz({ lectureId: input.lectureId }) } }),
    'quizzes.gradebook': ({ input }) => ({ data: buildGradebook(input.courseId) }),
    'media.uploadSignature': ({ input }) =>
      buildUploadSignature({ courseId: input.courseId, kind: input.kind }),
    'payment.config': () => buildPaymentConfig(),
    'progress.course': ({ input }) => buildCourseProgress({ courseId: input.courseId }),
    'questions.list': ({ input }) =>
      buildQuestionPage(
        input.scope === 'hidden'
          ? [buildQuestionSummary({ courseId: input.courseId, hidden: true })]
          : [
              buildQuestionSummary({ courseId: input.courseId, mine: input.scope === 'mine' }),
              buildQuestionSummary({
                courseId: input.courseId,
                mine: input.scope === 'mine',
                answerCount: 0,
                seconds: null,
                lecture: null,
              }),
            ],
      ),
    'questions.get': ({ input }) => ({
      question: buildQuestionDetail({
        _id: input.questionId,
        answers: [buildAnswer({ questionId: input.questionId, canAccept: true })],
      }),
    }),
    'questions.reported': () => buildReportedDiscussionPage(),
    'reviews.list': ({ input }) =>
      buildReviewPage([buildReview({ courseId: input.courseId }), buildReview({ courseId: input.courseId })]),
    'reviews.summary': ({ input }) => buildReviewSummary({ courseId: input.courseId }),
    'reviews.mine': () => buildMyReview(),
    'reviews.reported': () => buildReportedReviewPage(),
    'admin.overview': () => buildAdminOverview(),
    'admin.usersOverview': () => buildUserOverview(),
    'admin.instructors': () => buildInstructorList(),
    'admin.engagement': () => buildEngagement(),
    'setup.status': () => buildSetupStatus(),
    'profile.avatarUploadSignature': ({ input }) =>
      buildAvatarUploadSignature(input.contentType ? { contentType: input.contentType } : {}),
    'learner.dashboard': () => buildLearnerDashboard(),
    'certificates.mine': () => buildMyCertificates(),
    'certificates.verify': ({ input }) => buildCertificateVerification({ id: input.id }),
    'mail.list': ({ input }) =>
      buildMailPage(input.status ? [buildMailMessage({ status: input.status })] : undefined),
    'mail.outboxMessage': ({ input }) => ({ message: buildOutboxMessage({ _id: input.id }) }),
    'earnings.instructor': () => buildInstructorEarnings(),
    'earnings.platform': () => buildPlatformRevenue(),
    'instructor.home': () => buildInstructorHome(),
    'coupons.list': () => ({ coupons: [buildCoupon()], nextCursor: null }),
    'coupons.preview': ({ input }) => buildCouponPrice({ code: input.code }),
    'payouts.account': () => ({ account: { status: 'active', payoutsEnabled: true, provider: 'test' } }),
    'payouts.list': ({ input }) => ({
      payouts: [buildPayout(input.instructorId ? { instructorId: input.instructorId } : {})],
      nextCursor: null,
    }),
    'payouts.owed': () => ({ instructors: [buildOwedInstructor()], total: 1 }),
    'refunds.list': ({ input }) =>
      buildAdminRefundPage(input.status ? [buildAdminRefund({ status: input.status })] : undefined),
    'refunds.payment': ({ input }) => buildRefundablePayment({ _id: input.paymentId }),
    'refunds.mine': () => buildPurchaseList(),
    'notifications.summary': () => ({ unreadCount: 1, latest: [buildNotification()] }),
    'notifications.list': () => ({ notifications: [buildNotification()], nextCursor: null, unreadCount: 1 }),
    'platform.stats': () => buildPlatformStats(),
    'platform.socialLinks': () => buildSocialLinks(),
    'account.mailDelivery': () => ({ delivers: true, notice: null }),
    'sitePages.get': ({ input }) => ({ page: buildSitePage({ slug: input.slug }) }),
    'sitePages.list': () => buildSitePageList(),
    'teaching.mine': () => ({ application: buildTeachingApplication() }),
    'teaching.list': ({ input }) =>
      buildTeachingApplicationPage([
        buildAdminTeachingApplication(input.status ? { status: input.status } : {}),
      ]),
  };
}
