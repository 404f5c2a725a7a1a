/**
 * Realistic, deterministic test data for the Lectio API, typed from the contracts and valid against their
 * output schemas (test/factories.test.ts parses every default). Ids are UUIDs from one seeded sequence
 * (`00000000-0000-4000-8000-000000000001`, `…002`, …) and ISO dates advance from a fixed instant, so the same
 * test builds the same data on every run; call `resetFactories()` in `beforeEach` to start over.
 *
 * Builders named after an entity return the entity (`buildCourse` -> `Course`); builders named after a
 * page or an overview return the whole output of its operation, ready for `api.answer`:
 *
 *   api.answer('courses.list', buildCoursePage([buildCourse({ title: 'Rust for Web Developers', price: 1499 })]));
 *   api.answer('auth.login', buildAuthSession({ user: { role: 'instructor' } }));
 *
 * Overrides are shallow, except that nested objects you'd often tweak (a course's `instructor`, a session's
 * `user`) take a partial, and derived fields follow what you override (`instructorName` follows
 * `instructor.name`, lecture counts and `duration` follow `videos`, a session's `role` follows its user's).
 */
import type { AdminOverview, Engagement, InstructorList, UserOverview } from '@lectio/contracts/admin';
import type { AuthSession } from '@lectio/contracts/auth';
import type { CertificateVerification, MyCertificate, MyCertificates } from '@lectio/contracts/certificates';
import { CATEGORIES, type Category, DEFAULT_CURRENCY, type Level } from '@lectio/contracts/constants';
import type { Coupon, CouponPrice } from '@lectio/contracts/coupons';
import type {
  Course,
  CourseFacets,
  courseListResponseSchema,
  courseOverviewResponseSchema,
} from '@lectio/contracts/course';
import { EARNINGS_MONTHS, type InstructorEarnings, type PlatformRevenue } from '@lectio/contracts/earnings';
import type { ActiveCourse, LearnerDashboard, RecommendedCourse } from '@lectio/contracts/learner';
import type { Lecture } from '@lectio/contracts/lecture';
import type { MailMessage, MailPage, OutboxMessage } from '@lectio/contracts/mail';
import type { mediaUploadResultSchema, uploadSignatureSchema } from '@lectio/contracts/media';
import type { healthResponseSchema } from '@lectio/contracts/meta';
import type { Notification } from '@lectio/contracts/notifications';
import type {
  createPaymentIntentResponseSchema,
  paymentConfigResponseSchema,
} from '@lectio/contracts/payment';
import type { OwedInstructor, Payout } from '@lectio/contracts/payouts';
import { ROLE_PERMISSIONS, type Role } from '@lectio/contracts/permissions';
import type { courseProgressResponseSchema, LectureProgress } from '@lectio/contracts/progress';
import { API_PREFIX } from '@lectio/contracts/rest-paths';
import type {
  MyReview,
  OwnReview,
  ReportedReview,
  ReportedReviewPage,
  Review,
  ReviewPage,
  ReviewSummary,
} from '@lectio/contracts/reviews';
import type { SetupStatus } from '@lectio/contracts/setup';
import type { PublicUser } from '@lectio/contracts/user';
import type { z } from 'zod';

export type CoursePage = z.output<typeof courseListResponseSchema>;
export type CourseOverview = z.output<typeof courseOverviewResponseSchema>;
export type CourseOverviewItem = CourseOverview['data']['courses'][number];
export type CourseProgress = z.output<typeof courseProgressResponseSchema>;
export type UploadSignature = z.output<typeof uploadSignatureSchema>;
export type MediaUploadResult = z.output<typeof mediaUploadResultSchema>;
export type PaymentConfig = z.output<typeof paymentConfigResponseSchema>;
export type PaymentIntent = z.output<typeof createPaymentIntentResponseSchema>;
export type Health = z.output<typeof healthResponseSchema>;
export type {
  AdminOverview,
  AuthSession,
  Course,
  Engagement,
  InstructorList,
  Lecture,
  LectureProgress,
  PublicUser,
  SetupStatus,
  UserOverview,
};

// ---------------------------------------------------------------------------------------------------------
// The seeded sequence

let sequence = 0;

/** The next number of the sequence every factory draws its ids and dates from. */
function next(): number {
  sequence += 1;
  return sequence;
}

/** Starts the sequence over: the next `buildCourse()` gets the same id as the first one did. */
export function resetFactories(): void {
  sequence = 0;
}

/** The UUID (version 4 layout) of a sequence number: 1 -> `00000000-0000-4000-8000-000000000001`. */
export function sequentialUuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A fresh id from the sequence. */
export function nextId(): string {
  return sequentialUuid(next());
}

/** Sequence instants are an hour apart, from Monday 6 January 2025, 09:30 UTC. */
const EPOCH = Date.UTC(2025, 0, 6, 9, 30);
const HOUR = 60 * 60 * 1000;

/** The ISO date of a sequence number (`hoursLater` hours after it). */
function isoAt(n: number, hoursLater = 0): string {
  return new Date(EPOCH + (n + hoursLater) * HOUR).toISOString();
}

const pick = <T>(values: readonly T[], n: number): T =>
  values[(((n - 1) % values.length) + values.length) % values.length] as T;

/** `overrides` without its `undefined` entries, so that `{ videoUrl: undefined }` keeps the default. */
function given<T extends object>(overrides: T): T {
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) as T;
}

/** The origin the server builds its file URLs on (its `PUBLIC_URL`; `.env.example` has this one). */
export const MOCK_PUBLIC_URL = 'http://localhost:3000';

/**
 * The URL the API gives for a stored file, absolute as the server builds it:
 * `http://localhost:3000/api/v1/media/<key>`, the key URL-encoded; `signed` adds `expires` and
 * `signature` as on lecture video URLs.
 */
export function mediaUrl(key: string, signed = false, n = 1): string {
  const url = `${MOCK_PUBLIC_URL}${API_PREFIX}/media/${encodeURIComponent(key)}`;
  return signed
    ? `${url}?expires=${Math.floor((EPOCH + (n + 2) * HOUR) / 1000)}&signature=mock-signature-${n}`
    : url;
}

/** 3725 -> "1:02:05", 75 -> "1:15" (the lecture's `formattedDuration`). */
function formatLectureDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** 3900 -> "1h 05m", 750 -> "12m 30s"; null for 0 (a course's `duration`). */
function formatCourseDuration(seconds: number): string | null {
  if (seconds <= 0) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

// ---------------------------------------------------------------------------------------------------------
// Sample content

const INSTRUCTOR_NAMES = [
  'Priya Sharma',
  'Arjun Mehta',
  'Kavya Nair',
  'Rahul Verma',
  'Sneha Kulkarni',
] as const;
const STUDENT_NAMES = [
  'Ananya Iyer',
  'Rohan Gupta',
  'Meera Pillai',
  'Aditya Rao',
  'Ishita Banerjee',
  'Karan Malhotra',
] as const;

interface SampleCourse {
  title: string;
  shortDescription: string;
  category: Category;
  level: Level;
  price: number;
  tags: string;
  requirements: string[];
  whatYouWillLearn: string[];
}

const SAMPLE_COURSES: readonly SampleCourse[] = [
  {
    title: 'Modern React with TypeScript',
    shortDescription: 'Build fast, type-safe single-page apps with React 19, hooks and TanStack Query.',
    category: 'Web Development',
    level: 'Intermediate',
    price: 1999,
    tags: 'react,typescript,frontend',
    requirements: ['Comfortable with JavaScript', 'Basic HTML and CSS'],
    whatYouWillLearn: [
      'Type React components and hooks',
      'Fetch and cache server data',
      'Test components with Vitest',
    ],
  },
  {
    title: 'Node.js REST APIs from Scratch',
    shortDescription: 'Design, build and deploy a production-ready REST API with Node.js and PostgreSQL.',
    category: 'Backend Development',
    level: 'Beginner',
    price: 1499,
    tags: 'node,api,postgres',
    requirements: ['Basic JavaScript'],
    whatYouWillLearn: ['Model resources and routes', 'Validate input with zod', 'Authenticate with JWTs'],
  },
  {
    title: 'Python for Data Analysis',
    shortDescription: 'Clean, explore and visualise real datasets with pandas, NumPy and Matplotlib.',
    category: 'Data Science',
    level: 'Beginner',
    price: 999,
    tags: 'python,pandas,data',
    requirements: ['No prior programming needed'],
    whatYouWillLearn: ['Load and clean CSV data', 'Group, join and aggregate', 'Plot clear charts'],
  },
  {
    title: 'Machine Learning Foundations',
    shortDescription: 'Understand and train the core models: regression, trees, clustering and evaluation.',
    category: 'Machine Learning',
    level: 'Intermediate',
    price: 2499,
    tags: 'ml,scikit-learn,python',
    requirements: ['Python basics', 'School-level algebra'],
    whatYouWillLearn: ['Train and evaluate models', 'Avoid overfitting', 'Ship a model behind an API'],
  },
  {
    title: 'Docker and Kubernetes in Practice',
    shortDescription: 'Containerise services and run them reliably on Kubernetes, from laptop to cloud.',
    category: 'DevOps',
    level: 'Advanced',
    price: 2999,
    tags: 'docker,kubernetes,devops',
    requirements: ['Linux command line', 'Deployed a web app before'],
    whatYouWillLearn: ['Write lean Dockerfiles', 'Deploy with Helm', 'Monitor workloads'],
  },
  {
    title: 'UI Design Essentials with Figma',
    shortDescription: 'Learn layout, typography and colour, and design a complete app in Figma.',
    category: 'Design',
    level: 'Beginner',
    price: 499,
    tags: 'figma,ui,design',
    requirements: ['A free Figma account'],
    whatYouWillLearn: ['Use grids and spacing', 'Build a component library', 'Prototype interactions'],
  },
];

const LECTURE_TITLES = [
  'Welcome and course overview',
  'Setting up your environment',
  'Core concepts',
  'Building the first feature',
  'Testing and debugging',
  'Deploying and next steps',
] as const;

// ---------------------------------------------------------------------------------------------------------
// Entities

export type LectureOverrides = Partial<Lecture>;

/**
 * A lecture as an anonymous viewer sees it: previews are playable (a signed `videoUrl`), the others are
 * locked with no URL. Pass `isLocked: false` for a viewer who may play it.
 */
export function buildLecture(lectureOverrides: LectureOverrides = {}): Lecture {
  const overrides = given(lectureOverrides);
  const n = next();
  const _id = overrides._id ?? sequentialUuid(n);
  const courseId = overrides.courseId ?? nextId();
  const order = overrides.order ?? 1;
  const isPreview = overrides.isPreview ?? false;
  const isLocked = overrides.isLocked ?? !isPreview;
  const duration = overrides.duration ?? 240 + ((n * 137) % 900);
  const videoUrl =
    'videoUrl' in overrides
      ? (overrides.videoUrl ?? null)
      : isLocked
        ? null
        : mediaUrl(`courses/${courseId}/lecture/${sequentialUuid(n)}-v${n}.mp4`, true, n);
  return {
    _id,
    title: pick(LECTURE_TITLES, order),
    order,
    isPreview,
    thumbnail: { secure_url: videoUrl },
    videoUrl,
    duration,
    formattedDuration: formatLectureDuration(duration),
    description: 'A short, hands-on lesson with code you can follow along.',
    courseId,
    isLocked,
    ...given(overrides),
  };
}

export type CourseOverrides = Omit<Partial<Course>, 'instructor'> & {
  instructor?: Partial<Course['instructor']>;
  /** How many lectures to build when `videos` is not given (default 3; the first is a preview). */
  lectureCount?: number;
};

/**
 * A published course as an anonymous viewer sees it (`canAccessAll: false`, `progress: null`), with three
 * lectures (the first a free preview), an instructor, a thumbnail under `/api/v1/media/`, a price in rupees.
 * With `canAccessAll: true` the built lectures are all unlocked.
 */
export function buildCourse(overrides: CourseOverrides = {}): Course {
  const { lectureCount = 3, instructor: instructorOverride, ...fields } = given(overrides);
  const n = next();
  const sample = pick(SAMPLE_COURSES, n);
  const _id = fields._id ?? sequentialUuid(n);
  const instructor = {
    _id: instructorOverride?._id ?? nextId(),
    name: instructorOverride?.name ?? fields.instructorName ?? pick(INSTRUCTOR_NAMES, n),
  };
  const canAccessAll = fields.canAccessAll ?? false;
  const videos =
    fields.videos ??
    Array.from({ length: lectureCount }, (_, index) =>
      buildLecture({
        courseId: _id,
        order: index + 1,
        isPreview: index === 0,
        isLocked: !(canAccessAll || index === 0),
      }),
    );
  const previews = videos.filter((lecture) => lecture.isPreview).length;
  const isPublished = fields.isPublished ?? true;
  const thumbnailKey = `courses/${_id}/thumbnail/${instructor._id}-t${n}.jpg`;
  return {
    _id,
    title: sample.title,
    shortDescription: sample.shortDescription,
    description: `${sample.shortDescription} Each section ends with a small project, and you keep the code.`,
    category: sample.category,
    level: sample.level,
    requirements: sample.requirements,
    whatYouWillLearn: sample.whatYouWillLearn,
    tags: sample.tags,
    price: sample.price,
    currency: DEFAULT_CURRENCY,
    isPublished,
    status: isPublished ? 'published' : 'draft',
    createdAt: isoAt(n),
    updatedAt: isoAt(n, 26),
    thumbnail: { public_id: thumbnailKey, secure_url: mediaUrl(thumbnailKey), duration: null },
    duration: formatCourseDuration(videos.reduce((sum, lecture) => sum + lecture.duration, 0)),
    videos,
    studentsCount: 40 + ((n * 53) % 1200),
    rating: 4 + ((n * 3) % 10) / 10,
    ratingCount: 12 + ((n * 29) % 400),
    publicLectures: previews,
    privateLectures: videos.length - previews,
    instructorName: instructor.name,
    canAccessAll,
    progress: null,
    ...fields,
    instructor,
  };
}

export type PublicUserOverrides = Partial<PublicUser>;

/** A user as the API shows them; `permissions` follow `role` (default `student`), the email follows the name. */
export function buildPublicUser(overrides: PublicUserOverrides = {}): PublicUser {
  const n = next();
  const role: Role = overrides.role ?? 'student';
  const name = overrides.name ?? pick(role === 'instructor' ? INSTRUCTOR_NAMES : STUDENT_NAMES, n);
  const { permissions, level } = ROLE_PERMISSIONS[role];
  return {
    _id: sequentialUuid(n),
    name,
    email: `${
      name
        .toLowerCase()
        .replace(/[^a-z]+/g, '.')
        .replace(/^\.+|\.+$/g, '') || 'user'
    }${n}@example.com`,
    role,
    avatar: null,
    isActive: true,
    emailVerified: true,
    purchasedCourses: [],
    permissions: { permissions: [...permissions], level },
    createdAt: isoAt(n),
    ...given(overrides),
  };
}

export type AuthSessionOverrides = Omit<Partial<AuthSession>, 'user'> & { user?: PublicUserOverrides };

/** The login/refresh payload; `role` follows the user's (`buildAuthSession({ user: { role: 'admin' } })`). */
export function buildAuthSession(overrides: AuthSessionOverrides = {}): AuthSession {
  const { user: userOverrides, ...fields } = given(overrides);
  const user = buildPublicUser({ ...(fields.role ? { role: fields.role } : {}), ...userOverrides });
  const n = next();
  const iat = Math.floor((EPOCH + n * HOUR) / 1000);
  const claims = JSON.stringify({ sub: user._id, role: user.role, iat, exp: iat + 15 * 60 });
  const base64url = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return {
    accessToken: `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(claims)}.mock-signature-${n}`,
    role: user.role,
    user,
    ...fields,
  };
}

/** One lecture's progress (`progress.record` answers `{ progress: buildLectureProgress() }`). */
export function buildLectureProgress(overrides: Partial<LectureProgress> = {}): LectureProgress {
  const n = next();
  return { lectureId: sequentialUuid(n), watchedDuration: 180, completed: false, ...given(overrides) };
}

// ---------------------------------------------------------------------------------------------------------
// Operation outputs (pages and overviews)

/** The `courses.list` (and `courses.mine`, `courses.instructorList`) output; three courses by default. */
export function buildCoursePage(courses?: Course[], nextCursor: string | null = null): CoursePage {
  return { data: { courses: courses ?? [buildCourse(), buildCourse(), buildCourse()], nextCursor } };
}

/** One row of the `courses.overview` output. */
export function buildCourseOverviewItem(overrides: Partial<CourseOverviewItem> = {}): CourseOverviewItem {
  const n = next();
  const isPublished = overrides.isPublished ?? true;
  const students = 20 + ((n * 37) % 300);
  return {
    _id: sequentialUuid(n),
    title: pick(SAMPLE_COURSES, n).title,
    isPublished,
    status: isPublished ? 'published' : 'draft',
    studentsCount: students,
    lecturesCount: 6,
    publicLectures: 1,
    privateLectures: 5,
    revenue: students * pick(SAMPLE_COURSES, n).price,
    ...given(overrides),
  };
}

/** The `courses.overview` output; the totals follow `courses` (two published, one draft by default). */
export function buildCourseOverview(overrides: Partial<CourseOverview['data']> = {}): CourseOverview {
  const courses = overrides.courses ?? [
    buildCourseOverviewItem(),
    buildCourseOverviewItem(),
    buildCourseOverviewItem({ isPublished: false, studentsCount: 0, revenue: 0 }),
  ];
  const published = courses.filter((course) => course.isPublished).length;
  return {
    data: {
      totalCourses: courses.length,
      publishedCourses: published,
      draftCourses: courses.length - published,
      courses,
      ...given(overrides),
    },
  };
}

/** The `progress.course` output; `completionPercentage` follows `lectures` (one of three completed by default). */
export function buildCourseProgress(overrides: Partial<CourseProgress['progress']> = {}): CourseProgress {
  const lectures = overrides.lectures ?? [
    buildLectureProgress({ watchedDuration: 412, completed: true }),
    buildLectureProgress({ watchedDuration: 95 }),
    buildLectureProgress({ watchedDuration: 0 }),
  ];
  const completed = lectures.filter((lecture) => lecture.completed).length;
  return {
    progress: {
      courseId: nextId(),
      completionPercentage: lectures.length === 0 ? 0 : Math.round((completed / lectures.length) * 100),
      lectures,
      ...given(overrides),
    },
  };
}

/** The `admin.overview` output: six months of revenue, a week of signups, top courses, recent payments. */
export function buildAdminOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  const months = ['2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01'];
  const days = [
    '2025-01-01',
    '2025-01-02',
    '2025-01-03',
    '2025-01-04',
    '2025-01-05',
    '2025-01-06',
    '2025-01-07',
  ];
  return {
    totalCourses: 42,
    totalStudents: 1280,
    totalInstructors: 12,
    monthlyRevenue: months.map((_id, index) => ({ _id, revenue: 45_000 + index * 7_500 })),
    newUsers: days.map((_id, index) => ({ _id, count: 8 + ((index * 5) % 11) })),
    topCourses: SAMPLE_COURSES.slice(0, 3).map((course, index) => ({
      courseId: nextId(),
      title: course.title,
      instructor: pick(INSTRUCTOR_NAMES, index + 1),
      enrollments: 320 - index * 85,
    })),
    recentTransactions: SAMPLE_COURSES.slice(0, 3).map((course) => {
      const n = next();
      return {
        _id: sequentialUuid(n),
        course: { title: course.title },
        createdAt: isoAt(n),
        amount: course.price,
      };
    }),
    ...given(overrides),
  };
}

/** The `admin.usersOverview` output. */
export function buildUserOverview(overrides: Partial<UserOverview> = {}): UserOverview {
  const days = [
    '2025-01-01',
    '2025-01-02',
    '2025-01-03',
    '2025-01-04',
    '2025-01-05',
    '2025-01-06',
    '2025-01-07',
  ];
  const recentUsers = [
    buildPublicUser(),
    buildPublicUser(),
    buildPublicUser({ role: 'instructor' }),
    buildPublicUser({ isActive: false }),
  ].map(({ _id, name, email, avatar, role, isActive }) => ({ _id, name, email, avatar, role, isActive }));
  return {
    totalStudents: 1280,
    totalInstructors: 12,
    newSignups: days.map((_id, index) => ({ _id, count: 5 + ((index * 7) % 13) })),
    recentUsers,
    ...given(overrides),
  };
}

/** The `admin.instructors` output. */
export function buildInstructorList(overrides: Partial<InstructorList> = {}): InstructorList {
  const instructors = [buildPublicUser({ role: 'instructor' }), buildPublicUser({ role: 'instructor' })].map(
    ({ _id, name, email, isActive }) => ({ _id, name, email, isActive }),
  );
  return { instructors, ...given(overrides) };
}

/** The `admin.engagement` output. */
export function buildEngagement(overrides: Partial<Engagement> = {}): Engagement {
  return {
    activeUsers: 342,
    avgSessionTime: 27.5,
    popularCategories: CATEGORIES.slice(0, 5).map((category, index) => ({
      category,
      views: 2400 - index * 380,
    })),
    dropOffPoints: LECTURE_TITLES.slice(1, 4).map((title, index) => ({
      title,
      completionRate: 92 - index * 14,
    })),
    ...given(overrides),
  };
}

export type UploadSignatureOverrides = Partial<UploadSignature> & {
  /** The course the file is for (default: a fresh id). */
  courseId?: string;
  /** `lecture` (video/mp4, default) or `thumbnail` (image/jpeg). */
  kind?: 'lecture' | 'thumbnail';
};

/** The `media.uploadSignature` output for the local driver: POST the file to `…/api/v1/media/upload`. */
export function buildUploadSignature(overrides: UploadSignatureOverrides = {}): UploadSignature {
  const { courseId = nextId(), kind = 'lecture', ...fields } = given(overrides);
  const n = next();
  const contentType = kind === 'lecture' ? 'video/mp4' : 'image/jpeg';
  const key = `courses/${courseId}/${kind}/${sequentialUuid(n)}-u${n}.${kind === 'lecture' ? 'mp4' : 'jpg'}`;
  const timestamp = Math.floor((EPOCH + n * HOUR) / 1000);
  const expires = timestamp + 15 * 60;
  const maxBytes = kind === 'lecture' ? 500 * 1024 * 1024 : 5 * 1024 * 1024;
  const signature = `mock-upload-signature-${n}`;
  return {
    apiKey: 'local',
    timestamp,
    signature,
    cloudName: 'lectio-local',
    uploadUrl: `${MOCK_PUBLIC_URL}${API_PREFIX}/media/upload`,
    fields: { key, contentType, maxBytes: String(maxBytes), expires: String(expires), signature },
    key,
    maxBytes,
    expiresAt: new Date(expires * 1000).toISOString(),
    ...fields,
  };
}

/** What `POST /api/v1/media/upload` (the local upload target) answers. */
export function buildMediaUploadResult(overrides: Partial<MediaUploadResult> = {}): MediaUploadResult {
  const n = next();
  const key = `courses/${nextId()}/lecture/${sequentialUuid(n)}-u${n}.mp4`;
  return { public_id: key, secure_url: mediaUrl(key, true, n), duration: 312, ...given(overrides) };
}

/** The `payment.config` output (the test provider, no publishable key). */
export function buildPaymentConfig(overrides: Partial<PaymentConfig> = {}): PaymentConfig {
  return { provider: 'test', publishableKey: null, currency: DEFAULT_CURRENCY, ...given(overrides) };
}

/** The `payment.createIntent` output (the test provider; `amount` in rupees). */
export function buildPaymentIntent(overrides: Partial<PaymentIntent> = {}): PaymentIntent {
  const n = next();
  const paymentIntentId = `pi_mock_${String(n).padStart(6, '0')}`;
  return {
    clientSecret: `${paymentIntentId}_secret_${n}`,
    paymentIntentId,
    amount: 1999,
    currency: DEFAULT_CURRENCY,
    provider: 'test',
    ...given(overrides),
  };
}

/** The `meta.health` output. */
export function buildHealth(overrides: Partial<Health> = {}): Health {
  return { status: 'ok', database: 'ok', version: '0.1.0', ...given(overrides) };
}

/** The `setup.status` output: by default a server that has its admin (`{ needsSetup: true }` for a new one). */
export function buildSetupStatus(overrides: Partial<SetupStatus> = {}): SetupStatus {
  return { needsSetup: false, ...given(overrides) };
}

// ---------------------------------------------------------------------------------------------------------
// Reviews (docs/decisions/0036-reviews-and-ratings.md)

export type { MyReview, OwnReview, ReportedReview, ReportedReviewPage, Review, ReviewPage, ReviewSummary };

const REVIEW_TEXTS = [
  'Clear explanations and projects worth doing. I use what I learnt at work every day.',
  'Good pace, though the last section felt rushed.',
  'Exactly what I needed to get started.',
  null,
] as const;

export type ReviewOverrides = Omit<Partial<Review>, 'author'> & { author?: Partial<Review['author']> };

/** A visible review as anyone sees it: stars (5, 4, 3, 5 ... by sequence), text, no reply by default. */
export function buildReview(overrides: ReviewOverrides = {}): Review {
  const { author, ...fields } = given(overrides);
  const n = next();
  return {
    _id: sequentialUuid(n),
    courseId: sequentialUuid(n + 1000),
    rating: pick([5, 4, 3, 5] as const, n),
    body: pick(REVIEW_TEXTS, n),
    createdAt: isoAt(n),
    updatedAt: isoAt(n),
    reply: null,
    ...fields,
    author: { name: pick(STUDENT_NAMES, n), avatar: null, ...author },
  };
}

/** The `reviews.list` output; two reviews by default. */
export function buildReviewPage(reviews?: Review[], nextCursor: string | null = null): ReviewPage {
  return { reviews: reviews ?? [buildReview(), buildReview()], nextCursor };
}

/** The `reviews.summary` output; `average` and `count` follow `distribution` unless given. */
export function buildReviewSummary(
  overrides: Partial<Omit<ReviewSummary, 'distribution'>> & {
    distribution?: Record<1 | 2 | 3 | 4 | 5, number>;
  } = {},
): ReviewSummary {
  const { distribution: counts = { 5: 9, 4: 5, 3: 1, 2: 0, 1: 1 }, ...fields } = given(overrides);
  const distribution = ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: counts[stars] }));
  const count = distribution.reduce((sum, row) => sum + row.count, 0);
  const total = distribution.reduce((sum, row) => sum + row.stars * row.count, 0);
  return {
    courseId: nextId(),
    average: count > 0 ? Math.round((total / count) * 100) / 100 : 0,
    count,
    distribution,
    ...fields,
  };
}

/** The `reviews.mine` output: by default a student who may write a review and has none yet. */
export function buildMyReview(overrides: Partial<MyReview> = {}): MyReview {
  return { review: null, canReview: true, canReply: false, notice: null, ...given(overrides) };
}

/** The viewer's own review (the `review` of `reviews.mine`, `reviews.create` and `reviews.update`). */
export function buildOwnReview(overrides: ReviewOverrides & { hidden?: boolean } = {}): OwnReview {
  const { hidden = false, ...review } = overrides;
  return { ...buildReview(review), hidden };
}

/** One reported review (admin moderation): two reports, one with a reason, visible. */
export function buildReportedReview(
  overrides: ReviewOverrides & Partial<Omit<ReportedReview, keyof Review>> = {},
): ReportedReview {
  const { hidden, hiddenAt, hiddenReason, course, reportCount, lastReportedAt, reasons, ...review } =
    given(overrides);
  const built = buildReview(review);
  const isHidden = hidden ?? false;
  return {
    ...built,
    hidden: isHidden,
    hiddenAt: hiddenAt ?? (isHidden ? built.updatedAt : null),
    hiddenReason: hiddenReason ?? null,
    course: course ?? { _id: built.courseId, title: pick(SAMPLE_COURSES, next()).title },
    reportCount: reportCount ?? 2,
    lastReportedAt: lastReportedAt ?? built.updatedAt,
    reasons: reasons ?? ['Off-topic advertising'],
  };
}

/** The `reviews.reported` output; two reported reviews by default. */
export function buildReportedReviewPage(
  reviews?: ReportedReview[],
  nextCursor: string | null = null,
): ReportedReviewPage {
  return { reviews: reviews ?? [buildReportedReview(), buildReportedReview()], nextCursor };
}

// ---------------------------------------------------------------------------------------------------------
// The caller's account and the student dashboard (profile.*, learner.dashboard)

export type { ActiveCourse, LearnerDashboard, RecommendedCourse };

/** The `profile.avatarUploadSignature` output for the local driver: a key in the user's avatar folder. */
export function buildAvatarUploadSignature(
  overrides: Partial<UploadSignature> & { userId?: string; contentType?: string } = {},
): UploadSignature {
  const { userId = nextId(), contentType = 'image/png', ...fields } = given(overrides);
  const extension = contentType === 'image/jpeg' ? 'jpg' : (contentType.split('/')[1] ?? 'png');
  const n = next();
  const key = `users/${userId}/avatar/${userId}-a${n}.${extension}`;
  return buildUploadSignature({
    key,
    fields: {
      key,
      contentType,
      maxBytes: String(5 * 1024 * 1024),
      expires: String(Math.floor((EPOCH + n * HOUR) / 1000) + 15 * 60),
      signature: `mock-upload-signature-${n}`,
    },
    maxBytes: 5 * 1024 * 1024,
    ...fields,
  });
}

/** A course in progress on the dashboard: 2 of 5 lectures complete (40%) by default. */
export function buildActiveCourse(overrides: Partial<ActiveCourse> = {}): ActiveCourse {
  const n = next();
  const courseId = overrides.courseId ?? sequentialUuid(n);
  const sample = pick(SAMPLE_COURSES, n);
  const totalLectures = overrides.totalLectures ?? 5;
  const completedLectures = overrides.completedLectures ?? 2;
  const thumbnailKey = `courses/${courseId}/thumbnail/t${n}.jpg`;
  return {
    courseId,
    title: sample.title,
    instructorName: pick(INSTRUCTOR_NAMES, n),
    thumbnailUrl: mediaUrl(thumbnailKey),
    totalLectures,
    completedLectures,
    progress: totalLectures > 0 ? Math.round((completedLectures / totalLectures) * 100) : 0,
    lastWatchedAt: isoAt(n),
    ...given(overrides),
  };
}

/** A course the dashboard recommends (published, not owned). */
export function buildRecommendedCourse(overrides: Partial<RecommendedCourse> = {}): RecommendedCourse {
  const n = next();
  const _id = overrides._id ?? sequentialUuid(n);
  const sample = pick(SAMPLE_COURSES, n);
  const thumbnailKey = `courses/${_id}/thumbnail/t${n}.jpg`;
  return {
    _id,
    title: sample.title,
    shortDescription: sample.shortDescription,
    category: sample.category,
    level: sample.level,
    price: sample.price,
    currency: DEFAULT_CURRENCY,
    thumbnailUrl: mediaUrl(thumbnailKey),
    instructorName: pick(INSTRUCTOR_NAMES, n + 1),
    rating: 4.5,
    ratingCount: 12 + n,
    studentsCount: 120 + n,
    ...given(overrides),
  };
}

/**
 * The `learner.dashboard` output: three courses in progress, one complete, one certificate, a lecture to
 * continue in the first active course and two recommendations. Figures follow the given `activeCourses`
 * unless overridden.
 */
export function buildLearnerDashboard(overrides: Partial<LearnerDashboard> = {}): LearnerDashboard {
  const active = overrides.activeCourses ?? [
    buildActiveCourse({ completedLectures: 2, totalLectures: 5 }),
    buildActiveCourse({ completedLectures: 1, totalLectures: 4 }),
    buildActiveCourse({ completedLectures: 0, totalLectures: 3, lastWatchedAt: null }),
  ];
  const first = active[0];
  const completed = overrides.coursesCompleted ?? 1;
  const progresses = [...active.map((course) => course.progress), ...Array<number>(completed).fill(100)];
  const n = next();
  return {
    name: pick(STUDENT_NAMES, n),
    coursesEnrolled: active.length + completed,
    coursesCompleted: completed,
    certificatesEarned: completed,
    averageProgress:
      progresses.length > 0 ? Math.round(progresses.reduce((a, b) => a + b, 0) / progresses.length) : 0,
    continueLearning: first
      ? {
          courseId: first.courseId,
          courseTitle: first.title,
          lectureId: nextId(),
          lectureTitle: pick(LECTURE_TITLES, n),
          position: 95,
          duration: 420,
          started: true,
        }
      : null,
    activeCourses: active,
    recommendations: [buildRecommendedCourse(), buildRecommendedCourse()],
    ...given(overrides),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Certificates

/**
 * The `certificates.verify` output: a valid certificate (`status: 'revoked'` fills `revokedAt`, and the
 * reason, unless you give them).
 */
export function buildCertificateVerification(
  overrides: Partial<CertificateVerification> = {},
): CertificateVerification {
  const n = next();
  const revoked = overrides.status === 'revoked';
  return {
    id: sequentialUuid(n),
    status: 'valid',
    studentName: pick(STUDENT_NAMES, n),
    courseTitle: pick(SAMPLE_COURSES, n).title,
    instructorName: pick(INSTRUCTOR_NAMES, n),
    issuedAt: isoAt(n),
    revokedAt: revoked ? isoAt(n, 48) : null,
    revokedReason: revoked ? 'Issued in error' : null,
    ...given(overrides),
  };
}

/** One of the signed-in student's certificates (`certificates.mine`). */
export function buildMyCertificate(overrides: Partial<MyCertificate> = {}): MyCertificate {
  const { courseId, ...fields } = given(overrides);
  return { ...buildCertificateVerification(fields), courseId: courseId === undefined ? nextId() : courseId };
}

/** The `certificates.mine` output; one certificate by default, newest first as the server sorts them. */
export function buildMyCertificates(certificates?: MyCertificate[]): MyCertificates {
  return { certificates: certificates ?? [buildMyCertificate()] };
}

// ---------------------------------------------------------------------------------------------------------
// Mail (the admin's delivery list and the development outbox)

/** A sent password-reset message; `status: 'failed'` (or 'queued') clears `sentAt` and adds an error when failed. */
export function buildMailMessage(overrides: Partial<MailMessage> = {}): MailMessage {
  const n = next();
  const status = overrides.status ?? 'sent';
  return {
    _id: sequentialUuid(n),
    to: `${pick(STUDENT_NAMES, n)
      .toLowerCase()
      .replace(/[^a-z]+/g, '.')}${n}@example.com`,
    template: 'password_reset',
    subject: 'Reset your Lectio password',
    status,
    attempts: status === 'failed' ? 6 : status === 'sent' ? 1 : 0,
    lastError: status === 'failed' ? 'connect ECONNREFUSED 127.0.0.1:587' : null,
    createdAt: isoAt(n),
    sentAt: status === 'sent' ? isoAt(n, 1) : null,
    ...given(overrides),
  };
}

/** The `mail.list` output: two messages (one sent, one failed), the file outbox in use. */
export function buildMailPage(
  messages?: MailMessage[],
  overrides: Partial<Omit<MailPage, 'messages'>> = {},
): MailPage {
  return {
    messages: messages ?? [buildMailMessage(), buildMailMessage({ status: 'failed' })],
    nextCursor: null,
    outbox: true,
    ...given(overrides),
  };
}

/** A message of the development outbox (`mail.outboxMessage`): a verification e-mail with its link. */
export function buildOutboxMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  const n = next();
  const link = `http://localhost:3000/verify-email?token=token${n}`;
  return {
    _id: sequentialUuid(n),
    from: 'Lectio <no-reply@localhost>',
    to: `student${n}@example.com`,
    subject: 'Verify your e-mail address for Lectio',
    text: `Hello,\n\nOpen this link to verify your e-mail address:\n${link}\n`,
    html: `<p>Hello,</p><p><a href="${link}">Verify my e-mail address</a></p>`,
    writtenAt: isoAt(n),
    ...given(overrides),
  };
}

/** The last twelve months, oldest first, ending in the month of the factories' clock. */
function earningsMonths(): string[] {
  const end = new Date(isoAt(0));
  return Array.from({ length: EARNINGS_MONTHS }, (_, index) => {
    const day = new Date(
      Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (EARNINGS_MONTHS - 1 - index), 1),
    );
    return `${day.getUTCFullYear()}-${String(day.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** An instructor's earnings (`earnings.instructor`): one course with sales in the last three months. */
export function buildInstructorEarnings(overrides: Partial<InstructorEarnings> = {}): InstructorEarnings {
  const n = next();
  const months = earningsMonths().map((month, index) => {
    const sales = index >= EARNINGS_MONTHS - 3 ? index - (EARNINGS_MONTHS - 4) : 0;
    return { month, sales, gross: sales * 999, earnings: sales * 799.2, refunded: 0 };
  });
  return {
    instructorId: sequentialUuid(n),
    currency: DEFAULT_CURRENCY,
    feePercent: 20,
    balance: 4_795.2,
    pending: 2_397.6,
    available: 2_397.6,
    paid: 0,
    lifetimeEarnings: 4_795.2,
    refunded: 0,
    sales: 6,
    months,
    courses: [
      {
        courseId: sequentialUuid(n + 1),
        title: 'Modern React from Scratch',
        sales: 6,
        gross: 5_994,
        earnings: 4_795.2,
        refunded: 0,
      },
    ],
    payoutAccount: null,
    ...given(overrides),
  };
}

/** The platform's revenue (`earnings.platform`) matching one instructor's six sales. */
export function buildPlatformRevenue(overrides: Partial<PlatformRevenue> = {}): PlatformRevenue {
  const months = earningsMonths().map((month, index) => {
    const sales = index >= EARNINGS_MONTHS - 3 ? index - (EARNINGS_MONTHS - 4) : 0;
    return { month, gross: sales * 999, fees: 0, commission: sales * 199.8, refunded: 0, paidOut: 0 };
  });
  return {
    currency: DEFAULT_CURRENCY,
    feePercent: 20,
    grossSales: 5_994,
    providerFees: 0,
    commissionEarned: 1_198.8,
    refunded: 0,
    owedToInstructors: 4_795.2,
    paidOut: 0,
    months,
    ...given(overrides),
  };
}

/** A coupon (`coupons.*`): 50% off one course, two of five uses taken. */
export function buildCoupon(overrides: Partial<Coupon> = {}): Coupon {
  const n = next();
  return {
    _id: sequentialUuid(n),
    code: `HALF${n}`,
    kind: 'percent',
    percentOff: 50,
    amountOff: null,
    scope: 'course',
    courseId: sequentialUuid(n + 1),
    courseTitle: 'Modern React from Scratch',
    instructorId: null,
    expiresAt: null,
    maxRedemptions: 5,
    redemptions: 2,
    disabled: false,
    createdAt: isoAt(n),
    ...given(overrides),
  };
}

/** A payout of ₹9,280 sent to an instructor (`payouts.list`). */
export function buildPayout(overrides: Partial<Payout> = {}): Payout {
  const n = next();
  return {
    _id: sequentialUuid(n),
    instructorId: sequentialUuid(n + 1),
    instructorName: 'Asha Rao',
    amount: 9280,
    reversed: 0,
    currency: DEFAULT_CURRENCY,
    status: 'paid',
    transferId: `tr_test_${String(n).padStart(24, '0')}`,
    failureReason: null,
    createdAt: isoAt(n),
    paidAt: isoAt(n),
    ...given(overrides),
  };
}

/** An instructor the platform owes (`payouts.owed`): ₹9,280 available of a ₹12,480 balance. */
export function buildOwedInstructor(overrides: Partial<OwedInstructor> = {}): OwedInstructor {
  const n = next();
  return {
    instructorId: sequentialUuid(n),
    name: 'Asha Rao',
    email: `instructor${n}@example.com`,
    balance: 12480,
    pending: 3200,
    available: 9280,
    paid: 40000,
    account: { status: 'active', payoutsEnabled: true, provider: 'test' },
    ...given(overrides),
  };
}

/** A checkout's price with a coupon (`coupons.preview`): half of ₹999. */
export function buildCouponPrice(overrides: Partial<CouponPrice> = {}): CouponPrice {
  return {
    code: 'HALF50',
    listPrice: 999,
    discount: 499.5,
    amount: 499.5,
    currency: DEFAULT_CURRENCY,
    ...given(overrides),
  };
}

/** A notification (`notifications.*`): a new student in one of the instructor's courses, unread. */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  const n = next();
  return {
    _id: sequentialUuid(n),
    kind: 'student_enrolled',
    title: 'New student in React for Beginners',
    body: 'Ravi Kumar enrolled in React for Beginners.',
    link: 'course-list',
    read: false,
    createdAt: isoAt(n),
    ...given(overrides),
  };
}

/** Facets of a catalogue of 12 courses (`courses.facets`), every facet adding up to the total. */
export function buildCourseFacets(overrides: Partial<CourseFacets> = {}): CourseFacets {
  return {
    total: 12,
    categories: CATEGORIES.map((value, index) => ({ value, count: index === 0 ? 8 : index === 1 ? 4 : 0 })),
    levels: [
      { value: 'Beginner', count: 6 },
      { value: 'Intermediate', count: 4 },
      { value: 'Advanced', count: 2 },
    ],
    prices: [
      { value: 'free', count: 3 },
      { value: 'paid', count: 9 },
    ],
    approximate: false,
    suggestion: null,
    ...given(overrides),
  };
}
