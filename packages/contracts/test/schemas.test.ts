import { describe, expect, it } from 'vitest';
import {
  adminOverviewSchema,
  engagementSchema,
  updateUserRequestSchema,
  userOverviewSchema,
} from '../src/admin';
import * as constants from '../src/constants';
import { apiErrorSchema, ERROR_CODES, ERROR_STATUS } from '../src/errors';
import { uploadSignatureQuerySchema } from '../src/media';
import { confirmPaymentRequestSchema, createPaymentIntentRequestSchema } from '../src/payment';
import { recordProgressRequestSchema } from '../src/progress';
import { publicUserSchema, uuidParam } from '../src/user';

describe('admin schemas', () => {
  const overview = {
    monthlyRevenue: [{ _id: '2024-05', revenue: 120.5 }],
    newUsers: [{ _id: '2024-05-01', count: 3 }],
    topCourses: [{ courseId: 'c1', title: 'Go', instructor: 'Ravi', enrollments: 10 }],
    recentTransactions: [{ _id: 't1', course: { title: 'Go' }, createdAt: '2024-05-01', amount: 9.99 }],
  };

  it('defaults missing totals to 0', () => {
    const parsed = adminOverviewSchema.parse(overview);
    expect(parsed.totalCourses).toBe(0);
    expect(parsed.totalStudents).toBe(0);
    expect(parsed.totalInstructors).toBe(0);
  });

  it('keeps given totals', () => {
    const parsed = adminOverviewSchema.parse({
      ...overview,
      totalCourses: 3,
      totalStudents: 4,
      totalInstructors: 1,
    });
    expect([parsed.totalCourses, parsed.totalStudents, parsed.totalInstructors]).toEqual([3, 4, 1]);
  });

  it('user update takes isActive or role, and any listed role', () => {
    expect(updateUserRequestSchema.safeParse({ isActive: true }).success).toBe(true);
    expect(updateUserRequestSchema.safeParse({ isActive: false, role: 'parent' }).success).toBe(true);
    for (const role of ['admin', 'instructor', 'student', 'moderator', 'guest', 'parent', 'support_staff']) {
      expect(updateUserRequestSchema.safeParse({ role }).success).toBe(true);
    }
    expect(updateUserRequestSchema.safeParse({ role: 'root' }).success).toBe(false);
    expect(updateUserRequestSchema.safeParse({ isActive: 'yes' }).success).toBe(false);
  });

  it('user update refuses an empty body with Send isActive or role', () => {
    const result = updateUserRequestSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Send isActive or role']);
  });

  it('user overview and engagement have the spec fields', () => {
    expect(
      userOverviewSchema.safeParse({
        totalStudents: 1,
        totalInstructors: 1,
        newSignups: [{ _id: '2024-05-01', count: 1 }],
        recentUsers: [
          { _id: 'u', name: 'A', email: 'a@x.io', avatar: null, role: 'student', isActive: true },
        ],
      }).success,
    ).toBe(true);
    expect(
      engagementSchema.safeParse({
        activeUsers: 2,
        avgSessionTime: 90.5,
        popularCategories: [{ category: 'Design', views: 5 }],
        dropOffPoints: [{ title: 'Intro', completionRate: 0.4 }],
      }).success,
    ).toBe(true);
    expect(engagementSchema.safeParse({ activeUsers: 2 }).success).toBe(false);
  });
});

describe('payment, progress and media schemas', () => {
  it('payment intent needs a courseId; confirmation needs a paymentIntentId', () => {
    expect(createPaymentIntentRequestSchema.safeParse({ courseId: '' }).success).toBe(false);
    expect(createPaymentIntentRequestSchema.safeParse({}).success).toBe(false);
    expect(confirmPaymentRequestSchema.safeParse({ paymentIntentId: '' }).success).toBe(false);
    expect(confirmPaymentRequestSchema.safeParse({ paymentIntentId: 'pi_1' }).success).toBe(true);
  });

  it('never accepts a client-sent price on the payment intent', () => {
    expect(createPaymentIntentRequestSchema.parse({ courseId: 'c1', amount: 1 })).toEqual({ courseId: 'c1' });
  });

  it('progress needs a non-negative watchedDuration and completed', () => {
    expect(recordProgressRequestSchema.safeParse({ watchedDuration: 0, completed: true }).success).toBe(true);
    expect(recordProgressRequestSchema.safeParse({ watchedDuration: -1, completed: true }).success).toBe(
      false,
    );
    expect(recordProgressRequestSchema.safeParse({ watchedDuration: 5, completed: 'yes' }).success).toBe(
      false,
    );
  });

  it('the upload signature query defaults kind to lecture and needs a courseId', () => {
    expect(uploadSignatureQuerySchema.parse({ courseId: 'c1' })).toEqual({ courseId: 'c1', kind: 'lecture' });
    expect(uploadSignatureQuerySchema.safeParse({ courseId: 'c1', kind: 'thumbnail' }).success).toBe(true);
    expect(uploadSignatureQuerySchema.safeParse({ courseId: 'c1', kind: 'avatar' }).success).toBe(false);
    expect(uploadSignatureQuerySchema.safeParse({}).success).toBe(false);
  });
});

describe('user schemas', () => {
  const user = {
    _id: 'u1',
    name: 'Asha',
    email: 'asha@example.com',
    role: 'instructor',
    avatar: 'https://cdn.example/a.png',
    isActive: true,
    emailVerified: true,
    purchasedCourses: [],
    permissions: { permissions: ['create_courses', 'manage_own_courses'], level: 7 },
    createdAt: '2024-01-01T00:00:00.000Z',
  };

  it('strips a password hash', () => {
    const parsed = publicUserSchema.parse({ ...user, password: 'hash', passwordHash: 'hash' });
    expect(parsed).toEqual(user);
  });

  it('refuses an unknown permission string or a fractional level', () => {
    expect(
      publicUserSchema.safeParse({ ...user, permissions: { permissions: ['root'], level: 7 } }).success,
    ).toBe(false);
    expect(
      publicUserSchema.safeParse({ ...user, permissions: { permissions: [], level: 1.5 } }).success,
    ).toBe(false);
  });

  it('uuidParam says Invalid id', () => {
    expect(uuidParam.safeParse('3f1c7a52-1b2d-4e5f-8a9b-0c1d2e3f4a5b').success).toBe(true);
    expect(uuidParam.safeParse('c1').error?.issues[0]?.message).toBe('Invalid id');
  });
});

describe('errors', () => {
  it('maps each code to its HTTP status', () => {
    expect(ERROR_STATUS).toEqual({
      BAD_REQUEST: 400,
      VALIDATION_ERROR: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      PAYMENT_FAILED: 402,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      REQUEST_TIMEOUT: 408,
      TOO_MANY_REQUESTS: 429,
      NOT_IMPLEMENTED: 501,
      SERVICE_UNAVAILABLE: 503,
      INTERNAL_SERVER_ERROR: 500,
    });
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('the error body is { message, code, issues? }', () => {
    expect(apiErrorSchema.safeParse({ message: 'm', code: 'NOT_FOUND' }).success).toBe(true);
    expect(
      apiErrorSchema.safeParse({
        message: 'm',
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'email', message: 'x' }],
      }).success,
    ).toBe(true);
    expect(apiErrorSchema.safeParse({ message: 'm', code: 'TEAPOT' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ code: 'NOT_FOUND' }).success).toBe(false);
  });
});

describe('constants (spec sections 3 and 9)', () => {
  it('enumerations', () => {
    expect(constants.CATEGORIES).toEqual([
      'Web Development',
      'Mobile Development',
      'Backend Development',
      'Data Science',
      'Machine Learning',
      'DevOps',
      'Design',
      'Business',
      'Marketing',
      'General',
      'Cybersecurity',
    ]);
    expect(constants.LEVELS).toEqual(['Beginner', 'Intermediate', 'Advanced']);
    expect(constants.THEMES).toEqual(['light', 'dark']);
    expect(constants.COURSE_STATUSES).toEqual(['published', 'draft']);
  });

  it('limits and timings', () => {
    expect(constants.PASSWORD_MIN_LENGTH).toBe(6);
    expect(constants.HOME_FEATURED_COURSES).toBe(4);
    expect(constants.COURSE_CARD_HEIGHT_PX).toBe(400);
    expect(constants.CARD_DETAIL_REVEAL_DELAY_MS).toBe(300);
    expect(constants.MOBILE_BREAKPOINT_PX).toBe(768);
    expect(constants.SIDEBAR_TOGGLE_WIDTH_PX).toBe(1024);
    expect(constants.TOAST_DURATION_MS).toEqual({ success: 2000, error: 4000, blank: 4000 });
    expect(constants.TOAST_LIMIT).toBe(20);
    expect(constants.DEFAULT_THEME).toBe('light');
    expect(constants.PROGRESS_SYNC_EVERY_UPDATES).toBe(5);
    expect(constants.PROGRESS_SYNC_DEBOUNCE_MS).toBe(2000);
    expect(constants.CACHE_SECONDS).toEqual({
      instructorCourses: 300,
      studentCourses: 300,
      purchasedCourses: 200,
      defaultGc: 60,
    });
    expect(constants.SKELETON_ROWS).toBe(5);
    expect(constants.REDIRECT_AFTER_PAYMENT_MS).toBe(1000);
    expect(constants.DATE_LOCALE).toBe('en-IN');
  });

  it('charts and sample figures', () => {
    expect(constants.CHART).toEqual({
      revenueMonths: 6,
      newUserDays: 7,
      heightPx: 240,
      analyticsHeightPx: 288,
      margin: 5,
      barGap: 4,
      barCategoryGap: '10%',
    });
    // The spec's sample System Overview figures are gone: the course list shows courses.overview's.
    expect('SYSTEM_OVERVIEW_SAMPLE' in constants).toBe(false);
  });

  it('category and level schemas accept exactly the enumerations', () => {
    expect(constants.categorySchema.safeParse('Cybersecurity').success).toBe(true);
    expect(constants.categorySchema.safeParse('Cyber Security').success).toBe(false);
    expect(constants.levelSchema.safeParse('Advanced').success).toBe(true);
    expect(constants.levelSchema.safeParse('advanced').success).toBe(false);
  });
});
