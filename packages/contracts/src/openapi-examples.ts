/**
 * One request and response example per /api/v1 route, for the OpenAPI document (openapi.ts). They are
 * typed by each operation's schemas (what a client sends, what the server answers), the contracts tests
 * parse them with those schemas, and the server's document test validates them against the document
 * with ajv, formats included, so an example can't drift from the API. This module is only imported by
 * openapi.ts: the examples stay out of the web app's bundle.
 */
import type { z } from 'zod';
import type { OperationPath, Operations } from './api.js';
import type { Course } from './course.js';
import type { HttpRouteName, httpRoutes } from './http-routes.js';
import type { Lecture } from './lecture.js';
import type { Operation } from './operation.js';
import type { Review } from './reviews.js';
import type { PublicUser } from './user.js';

/** The declaration of the operation at `path` (`'courses.list'` -> `operations.courses.list`). */
type OperationAt<P extends OperationPath> = P extends `${infer N extends keyof Operations}.${infer K}`
  ? K extends keyof Operations[N]
    ? Operations[N][K] extends Operation
      ? Operations[N][K]
      : never
    : never
  : never;

/**
 * An operation's example: `input` (the procedure input: path parameters, query or JSON body fields
 * together, as a client passes it) when it takes one, and `output` (the response body).
 */
export type OperationExample<O extends Operation> = (O['input'] extends z.ZodType
  ? { input: z.input<O['input']> }
  : { input?: never }) & { output: z.output<O['output']> };

/** An HTTP-only route's example: its JSON response (none for binary downloads) and its request parts. */
export interface HttpRouteExample<N extends HttpRouteName> {
  /** Path parameters and query string. */
  parameters?: Record<string, string>;
  /** Multipart text fields, or the raw JSON body. */
  body?: Record<string, unknown>;
  response?: z.input<(typeof httpRoutes)[N]['response']>;
}

const ids = {
  admin: '0b9e3f6a-5c1d-4e2f-8a7b-1c2d3e4f5a60',
  instructor: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  student: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60',
  course: '3f2b8c1e-6a4d-4e8f-9b1a-2c5d7e9f0a12',
  otherCourse: '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  lecture: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
  secondLecture: '6c7d8e9f-0a1b-4c2d-9e3f-4a5b6c7d8e9f',
  payment: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
  review: '8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b',
  notification: '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
} as const;

const ORIGIN = 'https://lectio.example.com';
/** The example refund of the refunds.* routes. */
const REFUND_ID = 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d';
const exampleRefund = {
  _id: REFUND_ID,
  paymentId: ids.payment,
  amount: 250,
  reason: 'Charged twice for the same course',
  source: 'admin' as const,
  status: 'succeeded' as const,
  declineReason: null,
  overrideReason: null,
  failureReason: null,
  createdAt: '2026-03-20T11:00:00.000Z',
  decidedAt: '2026-03-20T11:00:00.000Z',
};
const exampleRefundablePayment = {
  _id: ids.payment,
  course: { _id: ids.course, title: 'Modern TypeScript' },
  student: { _id: ids.student, name: 'Asha Rao', email: 'asha@example.com' },
  amount: 499,
  currency: 'INR',
  createdAt: '2026-03-14T09:30:00.000Z',
  state: 'paid' as const,
  refunded: 0,
  refundable: 499,
};
/** The example certificate of the certificates.* routes. */
const CERTIFICATE_ID = '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
const CREATED_AT = '2026-03-14T09:30:00.000Z';
const MAIL_MESSAGE_ID = '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
const UPDATED_AT = '2026-04-02T17:05:12.000Z';
/** The example coupon of the coupons.* operations. */
const EXAMPLE_NOTIFICATION = {
  _id: ids.notification,
  kind: 'student_enrolled' as const,
  title: 'New student in React for Beginners',
  body: 'Ravi Kumar enrolled in React for Beginners.',
  link: `course/${ids.course}`,
  read: false,
  createdAt: '2026-03-20T11:00:00.000Z',
};
/** The example application of the teaching.* operations. */
const EXAMPLE_TEACHING_APPLICATION = {
  _id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  topic: 'Rust for web developers',
  experience: 'Eight years of backend work in Rust and Go; I run the Rust study group at my company.',
  sampleUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  status: 'pending' as const,
  decisionNote: null,
  createdAt: CREATED_AT,
  decidedAt: null,
};
const EXAMPLE_ADMIN_TEACHING_APPLICATION = {
  ...EXAMPLE_TEACHING_APPLICATION,
  applicant: {
    _id: ids.student,
    name: 'Asha Rao',
    email: 'asha@example.com',
    role: 'student' as const,
    isActive: true,
  },
  decidedByName: null,
};
const EXAMPLE_PAYOUT = {
  _id: '5f0c7c1e-8a0b-4c52-9d3e-2b7f6a1c9e44',
  instructorId: ids.instructor,
  instructorName: 'Asha Rao',
  amount: 9_280,
  reversed: 0,
  currency: 'INR',
  status: 'paid' as const,
  transferId: 'tr_1Q2w3E4r5T6y7U8i',
  failureReason: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  paidAt: '2026-11-20T09:30:02.000Z',
};
const EXAMPLE_COUPON = {
  _id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  code: 'HALF50',
  kind: 'percent',
  percentOff: 50,
  amountOff: null,
  scope: 'course',
  courseId: ids.course,
  courseTitle: 'Modern React from Scratch',
  instructorId: null,
  expiresAt: '2026-04-30T23:59:59.000Z',
  maxRedemptions: 5,
  redemptions: 2,
  disabled: false,
  createdAt: CREATED_AT,
} as const;
/** Twelve months ending in March 2026, as the earnings charts list them. */
const EXAMPLE_MONTHS = Array.from({ length: 12 }, (_, index) => {
  const month = ((index + 3) % 12) + 1;
  return `${index < 9 ? 2025 : 2026}-${String(month).padStart(2, '0')}`;
});
const VIDEO_KEY = `courses/${ids.course}/lectures/9c1f2e3d4b5a.mp4`;
const THUMBNAIL_KEY = `public/courses/${ids.course}/thumbnails/8a7b6c5d4e3f.jpg`;
const AVATAR_KEY = `users/${ids.student}/avatar/${ids.student}-Zx9pQr2sTu4vWx6y.png`;
const signedVideoUrl = `${ORIGIN}/api/v1/media/${encodeURIComponent(VIDEO_KEY)}?expires=1775149512&signature=Qm9vdHN0cmFwIHRoZSBzaWduYXR1cmU`;

const lecture: Lecture = {
  _id: ids.lecture,
  title: 'Setting up the project',
  order: 1,
  isPreview: true,
  thumbnail: { secure_url: signedVideoUrl },
  videoUrl: signedVideoUrl,
  duration: 754,
  formattedDuration: '12:34',
  description: 'Create the repository, install the tools and run the first build.',
  courseId: ids.course,
  isLocked: false,
};

const lockedLecture: Lecture = {
  ...lecture,
  _id: ids.secondLecture,
  title: 'Routing and layouts',
  order: 2,
  isPreview: false,
  thumbnail: { secure_url: null },
  videoUrl: null,
  duration: 1325,
  formattedDuration: '22:05',
  description: 'Nested routes, shared layouts and loading states.',
  isLocked: true,
};

const course: Course = {
  _id: ids.course,
  title: 'Full-Stack TypeScript',
  shortDescription: 'Build and ship a web application with one language end to end.',
  description:
    'From the first commit to production: a typed API, a React front end and a PostgreSQL database.',
  category: 'Web Development',
  level: 'Intermediate',
  requirements: ['Basic JavaScript', 'A computer with Node.js 20'],
  whatYouWillLearn: ['Typed APIs with zod', 'React with TanStack Router', 'Deploying with Docker'],
  tags: 'typescript,react,node',
  price: 499,
  currency: 'INR',
  isPublished: true,
  status: 'published',
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
  thumbnail: {
    public_id: THUMBNAIL_KEY,
    secure_url: `${ORIGIN}/api/v1/media/${encodeURIComponent(THUMBNAIL_KEY)}`,
    duration: null,
  },
  duration: '0h 34m',
  videos: [lecture, lockedLecture],
  studentsCount: 128,
  rating: 4.7,
  ratingCount: 96,
  publicLectures: 1,
  privateLectures: 1,
  instructor: { _id: ids.instructor, name: 'Asha Rao' },
  instructorName: 'Asha Rao',
  canAccessAll: false,
  progress: null,
};

const student: PublicUser = {
  _id: ids.student,
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  role: 'student',
  avatar: null,
  isActive: true,
  emailVerified: true,
  purchasedCourses: [ids.course],
  permissions: { permissions: ['access_purchased_courses', 'track_progress'], level: 2 },
  createdAt: CREATED_AT,
};

const session = {
  accessToken:
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyZDNlNGY1YS02YjdjLTRkOGUtOWYwYS0xYjJjM2Q0ZTVmNjAifQ.c2lnbmF0dXJl',
  role: 'student',
  user: student,
} as const;

const updatedLecture: Lecture = { ...lecture, title: 'Setting up the project (2026 edition)' };

const review: Review = {
  _id: ids.review,
  courseId: ids.course,
  rating: 5,
  body: 'Clear explanations and the projects are worth doing. The testing section alone was worth it.',
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
  author: { name: 'Ravi Kumar', avatar: null },
  reply: { body: 'Thanks Ravi, glad the testing section helped!', repliedAt: UPDATED_AT },
};

export const operationExamples: { [P in OperationPath]: OperationExample<OperationAt<P>> } = {
  'meta.health': { output: { status: 'ok', database: 'ok', version: '1.4.0' } },
  'auth.signup': {
    input: {
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    },
    output: {
      message: 'Account created successfully!',
      user: { ...student, emailVerified: false, purchasedCourses: [] },
    },
  },
  'auth.login': {
    input: { email: 'ravi@example.com', password: 'correct horse battery', remember: true },
    output: session,
  },
  'auth.refresh': { output: session },
  'auth.logout': { output: { message: 'Logged out' } },
  'auth.me': { output: { user: student } },
  'courses.facets': {
    input: { search: 'react' },
    output: {
      data: {
        total: 3,
        categories: [
          { value: 'Web Development', count: 2 },
          { value: 'Mobile Development', count: 1 },
        ],
        levels: [
          { value: 'Beginner', count: 2 },
          { value: 'Intermediate', count: 1 },
        ],
        prices: [
          { value: 'free', count: 1 },
          { value: 'paid', count: 2 },
        ],
        approximate: false,
        suggestion: null,
      },
    },
  },
  'courses.list': {
    input: { limit: 12, category: 'Web Development', search: 'typescript' },
    output: { data: { courses: [course], nextCursor: 'MjAyNi0wMy0xNFQwOTozMDowMC4wMDBafDNmMmI4YzFl' } },
  },
  'courses.create': {
    input: {
      title: 'Full-Stack TypeScript',
      shortDescription: 'Build and ship a web application with one language end to end.',
      category: 'Web Development',
      level: 'Intermediate',
      price: 499,
      requirements: ['Basic JavaScript'],
      whatYouWillLearn: ['Typed APIs with zod'],
      tags: 'typescript,react,node',
    },
    output: {
      message: 'Course created successfully!',
      data: {
        course: {
          ...course,
          isPublished: false,
          status: 'draft',
          thumbnail: null,
          duration: null,
          videos: [],
          studentsCount: 0,
          rating: 0,
          ratingCount: 0,
          publicLectures: 0,
          privateLectures: 0,
          canAccessAll: true,
          updatedAt: CREATED_AT,
        },
      },
    },
  },
  'courses.byIds': {
    input: { courseIds: [ids.course, ids.otherCourse] },
    output: { data: { courses: [course] } },
  },
  'courses.mine': {
    output: {
      data: {
        courses: [
          {
            ...course,
            canAccessAll: true,
            progress: 50,
            videos: [
              lecture,
              {
                ...lockedLecture,
                isLocked: false,
                videoUrl: signedVideoUrl,
                thumbnail: { secure_url: signedVideoUrl },
              },
            ],
          },
        ],
        nextCursor: null,
      },
    },
  },
  'courses.overview': {
    output: {
      data: {
        totalCourses: 2,
        publishedCourses: 1,
        draftCourses: 1,
        courses: [
          {
            _id: ids.course,
            title: 'Full-Stack TypeScript',
            isPublished: true,
            status: 'published',
            studentsCount: 128,
            lecturesCount: 2,
            publicLectures: 1,
            privateLectures: 1,
            revenue: 63872,
          },
        ],
      },
    },
  },
  'courses.get': { input: { id: ids.course }, output: { data: course } },
  'courses.update': {
    input: { id: ids.course, title: 'Full-Stack TypeScript', price: 599, isPublished: true },
    output: { message: 'Course updated successfully!', data: { course: { ...course, price: 599 } } },
  },
  'courses.delete': { input: { id: ids.course }, output: { message: 'Course deleted successfully' } },
  'courses.instructorList': {
    input: { limit: 12 },
    output: { data: { courses: [{ ...course, canAccessAll: true }], nextCursor: null } },
  },
  'lectures.list': { input: { id: ids.course }, output: { videos: [lecture, lockedLecture] } },
  'lectures.get': { input: { lectureId: ids.lecture }, output: { data: { lecture } } },
  'lectures.create': {
    input: {
      title: 'Setting up the project',
      courseId: ids.course,
      description: 'Create the repository, install the tools and run the first build.',
      isPreview: true,
    },
    output: {
      message: 'Lecture created successfully',
      data: {
        lecture: {
          ...lecture,
          thumbnail: { secure_url: null },
          videoUrl: null,
          duration: 0,
          formattedDuration: null,
        },
      },
    },
  },
  'lectures.update': {
    input: {
      lectureId: ids.lecture,
      title: 'Setting up the project (2026 edition)',
      public_id: VIDEO_KEY,
      duration: 754,
    },
    output: { message: 'Lecture updated successfully', data: { lecture: updatedLecture } },
  },
  'lectures.reorder': {
    input: { courseId: ids.course, lectureIds: [ids.secondLecture, ids.lecture] },
    output: {
      videos: [
        { ...lockedLecture, order: 1 },
        { ...lecture, order: 2 },
      ],
    },
  },
  'lectures.delete': { input: { id: ids.lecture }, output: { message: 'Lecture deleted successfully' } },
  'media.uploadSignature': {
    input: { kind: 'lecture', courseId: ids.course, contentType: 'video/mp4' },
    output: {
      apiKey: 'local',
      timestamp: 1775148912,
      signature: 'c2lnbmVkIHVwbG9hZCB0YXJnZXQgZm9yIHRoZSBrZXk',
      cloudName: 'lectio-local',
      uploadUrl: `${ORIGIN}/api/v1/media/upload`,
      fields: {
        key: VIDEO_KEY,
        contentType: 'video/mp4',
        maxBytes: '2147483648',
        expires: '1775149512',
        signature: 'c2lnbmVkIHVwbG9hZCB0YXJnZXQgZm9yIHRoZSBrZXk',
      },
      key: VIDEO_KEY,
      maxBytes: 2147483648,
      expiresAt: '2026-04-02T17:05:12.000Z',
    },
  },
  'payment.config': { output: { provider: 'test', publishableKey: null, currency: 'INR' } },
  'payment.createIntent': {
    input: { courseId: ids.course },
    output: {
      clientSecret: 'pi_test_3f2b8c1e6a4d_secret_9b1a2c5d',
      paymentIntentId: 'pi_test_3f2b8c1e6a4d',
      amount: 499,
      currency: 'INR',
      provider: 'test',
    },
  },
  'payment.confirm': {
    input: { paymentIntentId: 'pi_test_3f2b8c1e6a4d' },
    output: { message: 'Payment confirmed. You are enrolled.', purchasedCourses: [ids.course] },
  },
  'payment.testConfirmCard': {
    input: {
      paymentIntentId: 'pi_test_3f2b8c1e6a4d',
      clientSecret: 'pi_test_3f2b8c1e6a4d_secret_9b1a2c5d',
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    },
    output: { paymentIntentId: 'pi_test_3f2b8c1e6a4d', status: 'succeeded' },
  },
  'progress.record': {
    input: { videoId: ids.lecture, watchedDuration: 377, completed: false },
    output: {
      progress: { lectureId: ids.lecture, watchedDuration: 377, completed: false },
      certificateId: null,
    },
  },
  'progress.course': {
    input: { courseId: ids.course },
    output: {
      progress: {
        courseId: ids.course,
        completionPercentage: 50,
        lectures: [
          { lectureId: ids.lecture, watchedDuration: 754, completed: true },
          { lectureId: ids.secondLecture, watchedDuration: 120, completed: false },
        ],
      },
    },
  },
  'reviews.list': {
    input: { courseId: ids.course, limit: 10 },
    output: { reviews: [review], nextCursor: 'MjAyNi0wNC0wMlQxNzowNToxMi4wMDAwMDBafDhlOWYwYTFi' },
  },
  'reviews.summary': {
    input: { courseId: ids.course },
    output: {
      courseId: ids.course,
      average: 4.38,
      count: 16,
      distribution: [
        { stars: 5, count: 9 },
        { stars: 4, count: 5 },
        { stars: 3, count: 1 },
        { stars: 2, count: 0 },
        { stars: 1, count: 1 },
      ],
    },
  },
  'reviews.mine': {
    input: { courseId: ids.course },
    output: { review: { ...review, hidden: false }, canReview: false, canReply: false, notice: null },
  },
  'reviews.create': {
    input: { courseId: ids.course, rating: 5, body: review.body },
    output: { message: 'Thanks for your review!', review: { ...review, reply: null, hidden: false } },
  },
  'reviews.update': {
    input: { id: ids.review, rating: 4 },
    output: { message: 'Your review was updated', review: { ...review, rating: 4, hidden: false } },
  },
  'reviews.delete': {
    input: { id: ids.review },
    output: { message: 'Your review was deleted' },
  },
  'reviews.reply': {
    input: { id: ids.review, body: 'Thank you! The testing module gets a new lecture next month.' },
    output: { message: 'Your reply was posted', review },
  },
  'reviews.report': {
    input: { id: ids.review, reason: 'Advertises another site' },
    output: { message: 'Thanks. An admin will take a look at this review.' },
  },
  'reviews.reported': {
    input: { limit: 10 },
    output: {
      reviews: [
        {
          ...review,
          hidden: false,
          hiddenAt: null,
          hiddenReason: null,
          course: { _id: ids.course, title: 'Full-Stack TypeScript' },
          reportCount: 2,
          lastReportedAt: UPDATED_AT,
          reasons: ['Advertises another site'],
        },
      ],
      nextCursor: null,
    },
  },
  'reviews.setHidden': {
    input: { id: ids.review, hidden: true },
    output: {
      message: 'The review is hidden and no longer counts towards the rating',
      review: { _id: ids.review, hidden: true },
      course: { _id: ids.course, rating: 4.33, ratingCount: 15 },
    },
  },
  'admin.overview': {
    output: {
      totalCourses: 24,
      totalStudents: 1180,
      totalInstructors: 9,
      monthlyRevenue: [
        { _id: '2026-03', revenue: 48902 },
        { _id: '2026-04', revenue: 12475 },
      ],
      newUsers: [
        { _id: '2026-04-01', count: 14 },
        { _id: '2026-04-02', count: 9 },
      ],
      topCourses: [
        { courseId: ids.course, title: 'Full-Stack TypeScript', instructor: 'Asha Rao', enrollments: 128 },
      ],
      recentTransactions: [
        {
          _id: ids.payment,
          course: { title: 'Full-Stack TypeScript' },
          createdAt: UPDATED_AT,
          amount: 499,
        },
      ],
    },
  },
  'admin.usersOverview': {
    output: {
      totalStudents: 1180,
      totalInstructors: 9,
      newSignups: [
        { _id: '2026-04-01', count: 14 },
        { _id: '2026-04-02', count: 9 },
      ],
      recentUsers: [
        {
          _id: ids.student,
          name: 'Ravi Kumar',
          email: 'ravi@example.com',
          avatar: null,
          role: 'student',
          isActive: true,
        },
      ],
    },
  },
  'admin.instructors': {
    output: {
      instructors: [{ _id: ids.instructor, name: 'Asha Rao', email: 'asha@example.com', isActive: true }],
    },
  },
  'admin.updateUser': {
    input: { id: ids.student, role: 'instructor' },
    output: {
      message: 'User updated successfully',
      user: { _id: ids.student, role: 'instructor', isActive: true },
    },
  },
  'admin.engagement': {
    output: {
      activeUsers: 37,
      avgSessionTime: 1260,
      popularCategories: [
        { category: 'Web Development', views: 5120 },
        { category: 'Data Science', views: 2875 },
      ],
      dropOffPoints: [{ title: 'Full-Stack TypeScript', completionRate: 42.5 }],
    },
  },
  'profile.update': {
    input: { name: 'Ravi K.', avatarKey: AVATAR_KEY },
    output: {
      message: 'Profile updated',
      user: {
        ...student,
        name: 'Ravi K.',
        avatar: `${ORIGIN}/api/v1/media/${encodeURIComponent(AVATAR_KEY)}`,
      },
    },
  },
  'profile.avatarUploadSignature': {
    input: { contentType: 'image/png' },
    output: {
      apiKey: 'local',
      timestamp: 1775148912,
      signature: 'YXZhdGFyIHVwbG9hZCB0YXJnZXQgc2lnbmF0dXJl',
      cloudName: 'lectio-local',
      uploadUrl: `${ORIGIN}/api/v1/media/upload`,
      fields: {
        key: AVATAR_KEY,
        contentType: 'image/png',
        maxBytes: '5242880',
        expires: '1775149512',
        signature: 'YXZhdGFyIHVwbG9hZCB0YXJnZXQgc2lnbmF0dXJl',
      },
      key: AVATAR_KEY,
      maxBytes: 5242880,
      expiresAt: '2026-04-02T17:05:12.000Z',
    },
  },
  'profile.changePassword': {
    input: {
      currentPassword: 'my old passphrase',
      password: 'a new, longer passphrase',
      confirmPassword: 'a new, longer passphrase',
    },
    output: { message: 'Password changed. Your other sessions have been signed out.' },
  },
  'profile.signOutEverywhere': {
    input: { password: 'my passphrase' },
    output: { message: 'Signed out on every device' },
  },
  'profile.deleteAccount': {
    input: { password: 'my passphrase' },
    output: { message: 'Your account has been deleted' },
  },
  'learner.dashboard': {
    output: {
      name: 'Ravi Kumar',
      coursesEnrolled: 3,
      coursesCompleted: 1,
      certificatesEarned: 1,
      averageProgress: 67,
      continueLearning: {
        courseId: ids.course,
        courseTitle: 'Full-Stack TypeScript',
        lectureId: ids.secondLecture,
        lectureTitle: 'Routing and layouts',
        position: 312,
        duration: 1325,
        started: true,
      },
      activeCourses: [
        {
          courseId: ids.course,
          title: 'Full-Stack TypeScript',
          instructorName: 'Asha Rao',
          thumbnailUrl: `${ORIGIN}/api/v1/media/${encodeURIComponent(THUMBNAIL_KEY)}`,
          totalLectures: 2,
          completedLectures: 1,
          progress: 50,
          lastWatchedAt: UPDATED_AT,
        },
      ],
      recommendations: [
        {
          _id: ids.otherCourse,
          title: 'Testing React Applications',
          shortDescription: 'Unit, integration and end-to-end tests for a React front end.',
          category: 'Web Development',
          level: 'Intermediate',
          price: 799,
          currency: 'INR',
          thumbnailUrl: null,
          instructorName: 'Asha Rao',
          rating: 4.6,
          ratingCount: 41,
          studentsCount: 212,
        },
      ],
    },
  },
  'setup.status': { output: { needsSetup: true } },
  'setup.createAdmin': {
    input: {
      token: 'q5Yt1u0ZJX2mS8dWc4kPa7LhN3vRb9Ee',
      name: 'Meera Iyer',
      email: 'meera@example.com',
      password: 'a long admin passphrase',
      confirmPassword: 'a long admin passphrase',
    },
    output: {
      message: 'Admin account created. Sign in to continue.',
      user: {
        _id: ids.admin,
        name: 'Meera Iyer',
        email: 'meera@example.com',
        role: 'admin',
        avatar: null,
        isActive: true,
        emailVerified: false,
        purchasedCourses: [],
        permissions: { permissions: ['all'], level: 5 },
        createdAt: CREATED_AT,
      },
    },
  },
  'certificates.mine': {
    output: {
      certificates: [
        {
          id: CERTIFICATE_ID,
          courseId: ids.course,
          status: 'valid',
          studentName: 'Ravi Kumar',
          courseTitle: 'Full-Stack TypeScript',
          instructorName: 'Asha Rao',
          issuedAt: UPDATED_AT,
          revokedAt: null,
          revokedReason: null,
        },
      ],
    },
  },
  'certificates.verify': {
    input: { id: CERTIFICATE_ID },
    output: {
      id: CERTIFICATE_ID,
      status: 'valid',
      studentName: 'Ravi Kumar',
      courseTitle: 'Full-Stack TypeScript',
      instructorName: 'Asha Rao',
      issuedAt: UPDATED_AT,
      revokedAt: null,
      revokedReason: null,
    },
  },
  'certificates.revoke': {
    input: { id: CERTIFICATE_ID, reason: 'Issued for a course completed by someone else' },
    output: {
      message: 'The certificate was revoked',
      certificate: {
        id: CERTIFICATE_ID,
        status: 'revoked',
        studentName: 'Ravi Kumar',
        courseTitle: 'Full-Stack TypeScript',
        instructorName: 'Asha Rao',
        issuedAt: UPDATED_AT,
        revokedAt: '2026-04-20T08:15:00.000Z',
        revokedReason: 'Issued for a course completed by someone else',
      },
    },
  },
  'account.mailDelivery': { output: { delivers: true, notice: null } },
  'account.requestPasswordReset': {
    input: { email: 'ravi@example.com' },
    output: {
      message:
        'If an account exists for that e-mail, we have sent a link to reset your password. It is valid for 30 minutes.',
    },
  },
  'account.resetPassword': {
    input: {
      token: 'q3Vd9m0W7x2yZ1bC4eF6gH8jK0lM2nP4rS6tU8vW0xY',
      password: 'a new long passphrase',
      confirmPassword: 'a new long passphrase',
    },
    output: { message: 'Your password has been reset. Sign in with your new password.' },
  },
  'account.verifyEmail': {
    input: { token: 'Zx8Yw6Vu4Ts2Rq0Po8Nm6Lk4Ji2Hg0Fe8Dc6Ba4Zy2X' },
    output: { message: 'Your e-mail address is verified. Thank you!' },
  },
  'account.resendVerification': {
    input: {},
    output: { message: 'We have sent a new verification link to your e-mail address.' },
  },
  'mail.list': {
    input: { status: 'failed', limit: 20 },
    output: {
      messages: [
        {
          _id: MAIL_MESSAGE_ID,
          to: 'ravi@example.com',
          template: 'password_reset',
          subject: 'Reset your Lectio password',
          status: 'failed',
          attempts: 6,
          lastError: 'connect ECONNREFUSED 10.0.0.5:587',
          createdAt: CREATED_AT,
          sentAt: null,
        },
      ],
      nextCursor: null,
      outbox: false,
    },
  },
  'mail.outboxMessage': {
    input: { id: MAIL_MESSAGE_ID },
    output: {
      message: {
        _id: MAIL_MESSAGE_ID,
        from: 'Lectio <no-reply@localhost>',
        to: 'ravi@example.com',
        subject: 'Verify your e-mail address for Lectio',
        text: 'Hello Ravi Kumar,\n\nOpen this link to verify your e-mail address:\nhttps://lectio.example/verify-email?token=Zx8Yw6Vu4Ts2Rq0Po8Nm6Lk4Ji2Hg0Fe8Dc6Ba4Zy2X\n',
        html: '<p>Hello Ravi Kumar,</p><p><a href="https://lectio.example/verify-email?token=Zx8Yw6Vu4Ts2Rq0Po8Nm6Lk4Ji2Hg0Fe8Dc6Ba4Zy2X">Verify my e-mail address</a></p>',
        writtenAt: CREATED_AT,
      },
    },
  },
  'earnings.instructor': {
    input: {},
    output: {
      instructorId: ids.instructor,
      currency: 'INR',
      feePercent: 20,
      balance: 15_960.8,
      pending: 3_991.2,
      available: 11_969.6,
      paid: 20_000,
      lifetimeEarnings: 39_960.8,
      refunded: 3_999.2,
      sales: 52,
      months: EXAMPLE_MONTHS.map((month, index) => ({
        month,
        sales: index,
        gross: index * 999,
        earnings: index * 799.2,
        refunded: index === 9 ? 799.2 : 0,
      })),
      courses: [
        {
          courseId: ids.course,
          title: 'Modern React from Scratch',
          sales: 40,
          gross: 39_960,
          earnings: 31_968,
          refunded: 799.2,
        },
      ],
      payoutAccount: { status: 'active', payoutsEnabled: true },
    },
  },
  'earnings.platform': {
    output: {
      currency: 'INR',
      feePercent: 20,
      grossSales: 249_750,
      providerFees: 5_894.1,
      commissionEarned: 48_771.18,
      refunded: 4_995,
      owedToInstructors: 90_000,
      paidOut: 100_089.72,
      months: EXAMPLE_MONTHS.map((month, index) => ({
        month,
        gross: index * 20_000,
        fees: index * 472,
        commission: index * 3_905.6,
        refunded: 0,
        paidOut: index * 8_000,
      })),
    },
  },
  'notifications.summary': {
    output: { unreadCount: 1, latest: [EXAMPLE_NOTIFICATION] },
  },
  'notifications.list': {
    input: { limit: 20 },
    output: { notifications: [EXAMPLE_NOTIFICATION], nextCursor: null, unreadCount: 1 },
  },
  'notifications.markRead': {
    input: { id: ids.notification },
    output: { unreadCount: 0 },
  },
  'notifications.markAllRead': {
    input: {},
    output: { marked: 1, unreadCount: 0 },
  },
  'payouts.account': {
    output: { account: { status: 'active', payoutsEnabled: true, provider: 'stripe' } },
  },
  'payouts.startOnboarding': {
    input: {},
    output: { url: 'https://connect.stripe.com/setup/e/acct_1Q2w3E4r5T6y7U8i/aBcDeFgHiJkL' },
  },
  'payouts.list': {
    input: { limit: 20 },
    output: { payouts: [EXAMPLE_PAYOUT], nextCursor: null },
  },
  'payouts.owed': {
    output: {
      instructors: [
        {
          instructorId: ids.instructor,
          name: 'Asha Rao',
          email: 'asha@example.com',
          balance: 12_480,
          pending: 3_200,
          available: 9_280,
          paid: 40_000,
          account: { status: 'active', payoutsEnabled: true, provider: 'stripe' },
        },
      ],
      total: 1,
    },
  },
  'payouts.pay': {
    input: { instructorId: ids.instructor },
    output: { message: 'Paid out ₹9,280.00.', payout: EXAMPLE_PAYOUT },
  },
  'coupons.list': {
    input: { limit: 50 },
    output: { coupons: [EXAMPLE_COUPON], nextCursor: null },
  },
  'coupons.create': {
    input: {
      code: 'HALF50',
      kind: 'percent',
      percentOff: 50,
      scope: 'course',
      courseId: ids.course,
      maxRedemptions: 5,
    },
    output: { message: 'Coupon HALF50 created.', coupon: EXAMPLE_COUPON },
  },
  'coupons.setDisabled': {
    input: { id: EXAMPLE_COUPON._id, disabled: true },
    output: { coupon: { ...EXAMPLE_COUPON, disabled: true } },
  },
  'coupons.preview': {
    input: { courseId: ids.course, code: 'HALF50' },
    output: { code: 'HALF50', listPrice: 999, discount: 499.5, amount: 499.5, currency: 'INR' },
  },
  'earnings.setFeePercent': {
    input: { percent: 25 },
    output: { feePercent: 25 },
  },
  'instructor.home': {
    output: {
      currency: 'INR',
      students: 3,
      revenue: { sales: 3, gross: 2_497, share: 1_997.6, refunded: 0 },
      courses: { total: 2, published: 1, drafts: 1 },
      averageCompletion: 40,
      completions: 1,
      notStarted: 1,
      rating: { average: 4.5, count: 2 },
      recentEnrollments: [
        {
          enrollmentId: '0e1f2a3b-4c5d-4e6f-8a7b-8c9d0e1f2a3b',
          studentName: 'Asha Rao',
          courseId: ids.course,
          courseTitle: 'Modern React from Scratch',
          enrolledAt: '2026-03-30T09:30:00.000Z',
          paid: 499.5,
          source: 'purchase',
        },
      ],
      // Twelve Mondays ending 30 March 2026.
      weeks: Array.from({ length: 12 }, (_, index) => ({
        week: new Date(Date.UTC(2026, 2, 30 - (11 - index) * 7)).toISOString().slice(0, 10),
        enrollments: index === 11 ? 2 : index === 10 ? 1 : 0,
      })),
      dropOff: [
        {
          courseId: ids.course,
          courseTitle: 'Modern React from Scratch',
          lectureId: ids.secondLecture,
          lectureTitle: 'State and effects',
          number: 2,
          students: 1,
        },
      ],
    },
  },
  'refunds.create': {
    input: { paymentId: ids.payment, amount: 250, reason: 'Charged twice for the same course' },
    output: { message: 'The refund was made.', refund: exampleRefund },
  },
  'refunds.request': {
    input: { paymentId: ids.payment, reason: 'The course is not what I expected' },
    output: {
      message: 'Your refund request was sent. You will see the decision here.',
      refund: { ...exampleRefund, source: 'student', status: 'requested', amount: 499, decidedAt: null },
    },
  },
  'refunds.decide': {
    input: { id: REFUND_ID, decision: 'decline', reason: 'Most of the course has been watched' },
    output: {
      message: 'The refund request was declined.',
      refund: {
        ...exampleRefund,
        source: 'student',
        status: 'declined',
        amount: 499,
        declineReason: 'Most of the course has been watched',
      },
    },
  },
  'refunds.list': {
    input: { status: 'requested', limit: 20 },
    output: {
      refunds: [
        {
          ...exampleRefund,
          source: 'student',
          status: 'requested',
          amount: 499,
          decidedAt: null,
          payment: exampleRefundablePayment,
        },
      ],
      nextCursor: null,
    },
  },
  'refunds.payment': { input: { paymentId: ids.payment }, output: exampleRefundablePayment },
  'refunds.mine': {
    output: {
      purchases: [
        {
          paymentId: ids.payment,
          course: { _id: ids.course, title: 'Modern TypeScript' },
          amount: 499,
          currency: 'INR',
          createdAt: CREATED_AT,
          state: 'paid',
          refunded: 0,
          refund: null,
          canRequestRefund: true,
          refundNotice: null,
          refundableUntil: '2026-04-13T09:30:00.000Z',
        },
      ],
      refundWindowDays: 30,
      refundMaxProgressPercent: 30,
    },
  },
  'platform.stats': {
    output: {
      courses: 42,
      instructors: 9,
      learners: 1280,
      videoSeconds: 351_000,
      countedAt: UPDATED_AT,
    },
  },
  'platform.socialLinks': {
    output: {
      links: [
        { network: 'x', url: 'https://x.com/lectio' },
        { network: 'youtube', url: 'https://www.youtube.com/@lectio' },
      ],
    },
  },
  'sitePages.get': {
    input: { slug: 'faq' },
    output: {
      page: {
        slug: 'faq',
        title: 'Frequently asked questions',
        markdown:
          '## Can I watch a lecture before I buy?\n\nYes: lectures marked **Preview** play for anyone.',
        edited: true,
        updatedAt: UPDATED_AT,
      },
    },
  },
  'sitePages.list': {
    output: {
      pages: [
        {
          slug: 'about',
          title: 'About Lectio',
          markdown: 'Lectio is a course marketplace.',
          edited: false,
          updatedAt: null,
          updatedBy: null,
        },
      ],
    },
  },
  'sitePages.update': {
    input: { slug: 'support', title: 'Support', markdown: 'Write to [support](mailto:help@example.com).' },
    output: {
      message: 'Support saved',
      page: {
        slug: 'support',
        title: 'Support',
        markdown: 'Write to [support](mailto:help@example.com).',
        edited: true,
        updatedAt: UPDATED_AT,
        updatedBy: { name: 'Admin' },
      },
    },
  },
  'sitePages.reset': {
    input: { slug: 'support' },
    output: {
      message: 'Support is back to the default text',
      page: {
        slug: 'support',
        title: 'Support',
        markdown: 'Questions about a course or a payment? Write to the people who run this site.',
        edited: false,
        updatedAt: null,
        updatedBy: null,
      },
    },
  },
  'teaching.apply': {
    input: {
      topic: 'Rust for web developers',
      experience: 'Eight years of backend work in Rust and Go; I run the Rust study group at my company.',
      sampleUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    },
    output: {
      message: 'Your application was sent. An admin will review it soon.',
      application: EXAMPLE_TEACHING_APPLICATION,
    },
  },
  'teaching.mine': {
    output: { application: EXAMPLE_TEACHING_APPLICATION },
  },
  'teaching.list': {
    input: { status: 'pending', limit: 20 },
    output: { applications: [EXAMPLE_ADMIN_TEACHING_APPLICATION], nextCursor: null },
  },
  'teaching.decide': {
    input: { id: EXAMPLE_TEACHING_APPLICATION._id, decision: 'approve' },
    output: {
      message: 'Asha Rao is now an instructor.',
      application: {
        ...EXAMPLE_ADMIN_TEACHING_APPLICATION,
        status: 'approved',
        decidedAt: UPDATED_AT,
        applicant: { ...EXAMPLE_ADMIN_TEACHING_APPLICATION.applicant, role: 'instructor' },
        decidedByName: 'Admin',
      },
    },
  },
};

export const httpRouteExamples: { [N in HttpRouteName]: HttpRouteExample<N> } = {
  'meta.openapi': {
    response: { openapi: '3.1.0', info: { title: 'Lectio API', version: '1.4.0' }, paths: {} },
  },
  'lectures.upload': {
    body: {
      title: 'Setting up the project',
      description: 'Create the repository, install the tools and run the first build.',
      courseId: ids.course,
      isPreview: 'true',
    },
    response: { message: 'Lecture created successfully', data: { lecture } },
  },
  'media.upload': {
    body: {
      key: VIDEO_KEY,
      contentType: 'video/mp4',
      maxBytes: '2147483648',
      expires: '1775149512',
      signature: 'c2lnbmVkIHVwbG9hZCB0YXJnZXQgZm9yIHRoZSBrZXk',
    },
    response: { public_id: VIDEO_KEY, secure_url: signedVideoUrl, duration: 754.2 },
  },
  'media.download': {
    parameters: { key: VIDEO_KEY, expires: '1775149512', signature: 'Qm9vdHN0cmFwIHRoZSBzaWduYXR1cmU' },
  },
  'certificates.pdf': { parameters: { id: CERTIFICATE_ID } },
  'purchases.receipt': { parameters: { paymentId: ids.payment } },
  'payment.webhook': {
    body: {
      id: 'evt_1PqR2sT3uV4wX5yZ',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_3PqR2sT3uV4wX5yZ', object: 'payment_intent', status: 'succeeded' } },
    },
    response: { received: true },
  },
};
