import {
  adminOverviewSchema,
  engagementSchema,
  instructorListSchema,
  userOverviewSchema,
} from '@lectio/contracts/admin';
import { authSessionSchema } from '@lectio/contracts/auth';
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import {
  courseListResponseSchema,
  courseOverviewResponseSchema,
  courseSchema,
} from '@lectio/contracts/course';
import {
  activeCourseSchema,
  learnerDashboardSchema,
  recommendedCourseSchema,
} from '@lectio/contracts/learner';
import { lectureSchema } from '@lectio/contracts/lecture';
import { mailMessageSchema, mailPageSchema, outboxMessageSchema } from '@lectio/contracts/mail';
import { mediaUploadResultSchema, uploadSignatureSchema } from '@lectio/contracts/media';
import { healthResponseSchema } from '@lectio/contracts/meta';
import { createPaymentIntentResponseSchema, paymentConfigResponseSchema } from '@lectio/contracts/payment';
import { courseProgressResponseSchema, lectureProgressSchema } from '@lectio/contracts/progress';
import {
  myReviewSchema,
  ownReviewSchema,
  reportedReviewPageSchema,
  reviewPageSchema,
  reviewSchema,
  reviewSummarySchema,
} from '@lectio/contracts/reviews';
import { setupStatusSchema } from '@lectio/contracts/setup';
import { publicUserSchema } from '@lectio/contracts/user';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildActiveCourse,
  buildAdminOverview,
  buildAuthSession,
  buildAvatarUploadSignature,
  buildCourse,
  buildCourseOverview,
  buildCoursePage,
  buildCourseProgress,
  buildEngagement,
  buildHealth,
  buildInstructorList,
  buildLearnerDashboard,
  buildLecture,
  buildLectureProgress,
  buildMailMessage,
  buildMailPage,
  buildMediaUploadResult,
  buildMyReview,
  buildOutboxMessage,
  buildOwnReview,
  buildPaymentConfig,
  buildPaymentIntent,
  buildPublicUser,
  buildRecommendedCourse,
  buildReportedReviewPage,
  buildReview,
  buildReviewPage,
  buildReviewSummary,
  buildSetupStatus,
  buildUploadSignature,
  buildUserOverview,
  resetFactories,
} from '../src/index';
import { formatProblems } from './formats';

beforeEach(() => resetFactories());

describe('every factory default passes its contract schema', () => {
  const cases: [string, () => unknown, z.ZodType][] = [
    ['buildCourse', () => buildCourse(), courseSchema],
    ['buildLecture', () => buildLecture(), lectureSchema],
    ['buildLecture (article)', () => buildLecture({ kind: 'article', isLocked: false }), lectureSchema],
    ['buildPublicUser', () => buildPublicUser(), publicUserSchema],
    ['buildAuthSession', () => buildAuthSession(), authSessionSchema],
    ['buildLectureProgress', () => buildLectureProgress(), lectureProgressSchema],
    ['buildCoursePage', () => buildCoursePage(), courseListResponseSchema],
    ['buildCourseOverview', () => buildCourseOverview(), courseOverviewResponseSchema],
    ['buildCourseProgress', () => buildCourseProgress(), courseProgressResponseSchema],
    ['buildAdminOverview', () => buildAdminOverview(), adminOverviewSchema],
    ['buildUserOverview', () => buildUserOverview(), userOverviewSchema],
    ['buildInstructorList', () => buildInstructorList(), instructorListSchema],
    ['buildEngagement', () => buildEngagement(), engagementSchema],
    ['buildUploadSignature', () => buildUploadSignature(), uploadSignatureSchema],
    ['buildMediaUploadResult', () => buildMediaUploadResult(), mediaUploadResultSchema],
    ['buildPaymentConfig', () => buildPaymentConfig(), paymentConfigResponseSchema],
    ['buildPaymentIntent', () => buildPaymentIntent(), createPaymentIntentResponseSchema],
    ['buildHealth', () => buildHealth(), healthResponseSchema],
    ['buildSetupStatus', () => buildSetupStatus(), setupStatusSchema],
    ['buildAvatarUploadSignature', () => buildAvatarUploadSignature(), uploadSignatureSchema],
    ['buildActiveCourse', () => buildActiveCourse(), activeCourseSchema],
    ['buildRecommendedCourse', () => buildRecommendedCourse(), recommendedCourseSchema],
    ['buildLearnerDashboard', () => buildLearnerDashboard(), learnerDashboardSchema],
    ['buildReview', () => buildReview(), reviewSchema],
    ['buildOwnReview', () => buildOwnReview(), ownReviewSchema],
    ['buildReviewPage', () => buildReviewPage(), reviewPageSchema],
    ['buildReviewSummary', () => buildReviewSummary(), reviewSummarySchema],
    ['buildMyReview', () => buildMyReview(), myReviewSchema],
    ['buildReportedReviewPage', () => buildReportedReviewPage(), reportedReviewPageSchema],
    ['buildMailMessage', () => buildMailMessage(), mailMessageSchema],
    ['buildMailPage', () => buildMailPage(), mailPageSchema],
    ['buildOutboxMessage', () => buildOutboxMessage(), outboxMessageSchema],
  ];
  it.each(cases)('%s', (_name, build, schema) => {
    const value = build();
    // Strict: the parsed value is the built one (no default filled in, nothing stripped).
    expect(schema.parse(value)).toEqual(value);
    // And the formats the OpenAPI document states (uuid, date-time, email, uri), which zod doesn't check.
    expect(formatProblems(schema, value)).toEqual([]);
  });

  it('the format check catches a wrong format', () => {
    const course = { ...buildCourse(), instructor: { _id: 'not-a-uuid', name: 'X' } };
    const problems = formatProblems(courseSchema, course);
    // Only once the contracts document the formats (schema-formats.ts); harmless before.
    if (courseSchema.shape.instructor.shape._id.meta())
      expect(problems).toEqual(['instructor._id: "not-a-uuid" is not a uuid']);
  });
});

describe('realistic values', () => {
  it('builds a course with UUIDs, ISO dates, a rupee price, contract constants and API media URLs', () => {
    const course = buildCourse();
    expect(z.uuid().safeParse(course._id).success).toBe(true);
    expect(z.uuid().safeParse(course.instructor._id).success).toBe(true);
    expect(new Date(course.createdAt).toISOString()).toBe(course.createdAt);
    expect(course.currency).toBe('INR');
    expect(Number.isInteger(course.price) && course.price > 0).toBe(true);
    expect(CATEGORIES).toContain(course.category);
    expect(LEVELS).toContain(course.level);
    expect(course.thumbnail?.secure_url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/media\/courses%2F/);
    expect(course.instructorName).toBe(course.instructor.name);
    expect(course.videos.map((lecture) => lecture.courseId)).toEqual([course._id, course._id, course._id]);
    expect(course.videos.map((lecture) => lecture.isLocked)).toEqual([false, true, true]);
    expect(course.videos[0]?.videoUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/v1\/media\/.+\?expires=\d+&signature=/,
    );
    expect(course.videos[1]?.videoUrl).toBeNull();
    expect([course.publicLectures, course.privateLectures]).toEqual([1, 2]);
    expect(course.duration).toMatch(/^\d+m \d\ds$|^\d+h \d\dm$/);
  });

  it('is deterministic after resetFactories()', () => {
    const first = [buildCourse(), buildAuthSession()];
    resetFactories();
    expect([buildCourse(), buildAuthSession()]).toEqual(first);
    expect(buildCourse()._id).not.toBe((first[0] as { _id: string })._id);
  });

  it('gives every built entity a distinct id', () => {
    const page = buildCoursePage();
    const ids = page.data.courses.flatMap((course) => [
      course._id,
      course.instructor._id,
      ...course.videos.map((v) => v._id),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('overrides', () => {
  it('replaces shallow fields and keeps the derived ones consistent', () => {
    const course = buildCourse({
      title: 'Rust for Web Developers',
      price: 1499,
      instructor: { name: 'Neha Joshi' },
    });
    expect(course).toMatchObject({
      title: 'Rust for Web Developers',
      price: 1499,
      instructorName: 'Neha Joshi',
    });
    expect(course.instructor.name).toBe('Neha Joshi');
    expect(courseSchema.parse(course)).toEqual(course);
  });

  it('derives lecture counts and duration from videos, and unlocks lectures for canAccessAll', () => {
    const videos = [buildLecture({ duration: 3600, isPreview: true }), buildLecture({ duration: 300 })];
    expect(buildCourse({ videos })).toMatchObject({
      publicLectures: 1,
      privateLectures: 1,
      duration: '1h 05m',
    });
    expect(buildCourse({ videos: [] })).toMatchObject({
      duration: null,
      publicLectures: 0,
      privateLectures: 0,
    });
    const enrolled = buildCourse({ canAccessAll: true, progress: 50, lectureCount: 4 });
    expect(enrolled.videos).toHaveLength(4);
    expect(enrolled.videos.every((lecture) => !lecture.isLocked && lecture.videoUrl)).toBe(true);
  });

  it('ignores undefined overrides', () => {
    expect(buildLecture({ isPreview: true, videoUrl: undefined }).videoUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/v1\/media\//,
    );
    resetFactories();
    expect(buildCourse({ title: undefined }).title).toBe('Modern React with TypeScript');
  });

  it('makes users and sessions follow the role', () => {
    expect(buildPublicUser({ role: 'instructor' }).permissions).toEqual({
      permissions: ['create_courses', 'manage_own_courses'],
      level: 7,
    });
    const session = buildAuthSession({ user: { role: 'admin', name: 'Asha Rao' } });
    expect(session).toMatchObject({
      role: 'admin',
      user: { role: 'admin', name: 'Asha Rao', email: expect.stringMatching(/^asha\.rao\d*@example\.com$/) },
    });
    expect(buildAuthSession({ role: 'instructor' }).user.role).toBe('instructor');
    expect(session.accessToken.split('.')).toHaveLength(3);
  });

  it('builds pages and overviews around given items', () => {
    const courses = [buildCourse({ title: 'Only one' })];
    expect(buildCoursePage(courses, 'cursor-2')).toEqual({ data: { courses, nextCursor: 'cursor-2' } });
    expect(buildCoursePage([]).data.courses).toEqual([]);
    expect(buildCourseOverview().data).toMatchObject({
      totalCourses: 3,
      publishedCourses: 2,
      draftCourses: 1,
    });
    const progress = buildCourseProgress({ lectures: [buildLectureProgress({ completed: true })] });
    expect(progress.progress.completionPercentage).toBe(100);
    const signature = buildUploadSignature({ courseId: 'course-1', kind: 'thumbnail' });
    expect(signature.key).toMatch(/^courses\/course-1\/thumbnail\/.+\.jpg$/);
    expect(signature.fields.contentType).toBe('image/jpeg');
  });
});

describe('article lessons (decision 0077)', () => {
  it('builds an article with its body only when it is open, and never a video URL', () => {
    const open = buildLecture({ kind: 'article', isLocked: false });
    expect(open).toMatchObject({ kind: 'article', videoUrl: null, duration: 0, formattedDuration: null });
    expect(open.body).toContain('# ');
    expect(open.readingMinutes).toBeGreaterThanOrEqual(1);
    const locked = buildLecture({ kind: 'article' });
    expect(locked.isLocked).toBe(true);
    expect('body' in locked).toBe(false);
    expect(buildLecture()).toMatchObject({ kind: 'video', readingMinutes: null });
    expect('body' in buildLecture()).toBe(false);
  });
});
