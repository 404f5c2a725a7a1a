/**
 * Row factories shared by the demo seed, the server integration tests and the e2e fixtures.
 * Every factory takes a `Database` (a transaction works too), fills sensible defaults, applies
 * `overrides` on top and returns the inserted row.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { formatLectureDuration } from '@lectio/contracts/durations';
import { eq, max } from 'drizzle-orm';
import type { Database } from '../client';
import { lastSectionOf } from '../curriculum';
import { oncePerKey } from '../once-per-key';
import { hashPassword } from '../password';
import {
  type Course,
  courses,
  type Enrollment,
  enrollments,
  type Lecture,
  lectures,
  type NewCourse,
  type NewEnrollment,
  type NewLecture,
  type NewPayment,
  type NewUser,
  type Payment,
  payments,
  type User,
  users,
} from '../schema/index';

export const DEFAULT_FACTORY_PASSWORD = 'password123';

let sequence = 0;
const next = () => ++sequence;
const randomSuffix = () => randomBytes(4).toString('hex');

/** argon2 is deliberately slow; tests create many users with the same few passwords. */
const cachedHash = oncePerKey(hashPassword);

export type UserOverrides = Partial<NewUser> & {
  /** Plaintext password to hash (default 'password123'); ignored when `passwordHash` is given. */
  password?: string;
};

/** The inserted user plus the plaintext password, so tests can sign in with it. */
export type CreatedUser = User & { password: string };

export async function createUser(db: Database, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const { password = DEFAULT_FACTORY_PASSWORD, ...columns } = overrides;
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      name: `Test User ${n}`,
      email: `user-${n}-${randomSuffix()}@example.com`,
      role: 'student',
      ...columns,
      passwordHash: columns.passwordHash ?? (await cachedHash(password)),
    })
    .returning();
  if (!row) throw new Error('createUser: insert returned no row');
  return { ...row, password };
}

export type CourseOverrides = Partial<NewCourse>;

/**
 * Published by default (`status` follows `isPublished` unless given). Creates an instructor when
 * `instructorId` is missing.
 */
export async function createCourse(db: Database, overrides: CourseOverrides = {}): Promise<Course> {
  const n = next();
  const instructorId = overrides.instructorId ?? (await createUser(db, { role: 'instructor' })).id;
  const isPublished = overrides.isPublished ?? true;
  const [row] = await db
    .insert(courses)
    .values({
      title: `Test Course ${n}`,
      shortDescription: `A short description of test course ${n}.`,
      description: `The full description of test course ${n}.`,
      category: 'Web Development',
      level: 'Beginner',
      requirements: ['A computer with a web browser'],
      whatYouWillLearn: ['How the test course works'],
      tags: 'test',
      priceMinor: 49_900,
      status: isPublished ? 'published' : 'draft',
      ...overrides,
      isPublished,
      instructorId,
    })
    .returning();
  if (!row) throw new Error('createCourse: insert returned no row');
  return row;
}

export type LectureOverrides = Partial<NewLecture>;

/**
 * Creates a course when `courseId` is missing; `position` defaults to after the course's last lecture.
 * `kind: 'article'` makes an article lesson: a short Markdown `body` unless given, no duration.
 */
export async function createLecture(db: Database, overrides: LectureOverrides = {}): Promise<Lecture> {
  const n = next();
  const courseId = overrides.courseId ?? (await createCourse(db)).id;
  const sectionId = overrides.sectionId ?? (await lastSectionOf(db, courseId));
  let position = overrides.position;
  if (position === undefined) {
    const [last] = await db
      .select({ position: max(lectures.position) })
      .from(lectures)
      .where(eq(lectures.courseId, courseId));
    position = (last?.position ?? 0) + 1;
  }
  const isArticle = overrides.kind === 'article';
  // Only a video has a length: an article or a quiz is 0 seconds.
  const isVideo = (overrides.kind ?? 'video') === 'video';
  const durationSeconds = overrides.durationSeconds ?? (isVideo ? 300 : 0);
  const [row] = await db
    .insert(lectures)
    .values({
      title: `Test Lecture ${n}`,
      description: `What lecture ${n} covers.`,
      isPreview: false,
      videoKey: null,
      formattedDuration: isVideo ? formatLectureDuration(durationSeconds) : null,
      body: isArticle ? `# Article ${n}\n\nWhat article ${n} explains, in a few words of Markdown.` : '',
      ...overrides,
      durationSeconds,
      position,
      courseId,
      sectionId,
    })
    .returning();
  if (!row) throw new Error('createLecture: insert returned no row');
  return row;
}

export type EnrollmentInput = Pick<NewEnrollment, 'userId' | 'courseId'> & Partial<NewEnrollment>;

/** `source` defaults to 'purchase' when a payment is linked, 'free' otherwise. */
export async function createEnrollment(db: Database, input: EnrollmentInput): Promise<Enrollment> {
  const [row] = await db
    .insert(enrollments)
    .values({ source: input.paymentId ? 'purchase' : 'free', ...input })
    .returning();
  if (!row) throw new Error('createEnrollment: insert returned no row');
  return row;
}

export type PaymentInput = Pick<NewPayment, 'userId'> & Partial<NewPayment>;

/**
 * A succeeded test-provider payment in INR. `amountMinor` defaults to the course's price
 * (0 without a course).
 */
export async function createPayment(db: Database, input: PaymentInput): Promise<Payment> {
  let amountMinor = input.amountMinor;
  if (amountMinor === undefined) {
    amountMinor = 0;
    if (input.courseId) {
      const [course] = await db
        .select({ priceMinor: courses.priceMinor })
        .from(courses)
        .where(eq(courses.id, input.courseId));
      amountMinor = course?.priceMinor ?? 0;
    }
  }
  const [row] = await db
    .insert(payments)
    .values({
      provider: 'test',
      providerPaymentId: `test_${randomUUID()}`,
      currency: 'INR',
      status: 'succeeded',
      ...input,
      amountMinor,
    })
    .returning();
  if (!row) throw new Error('createPayment: insert returned no row');
  return row;
}

/** A succeeded payment and the enrollment it paid for. */
export async function createPurchase(
  db: Database,
  input: { userId: string; courseId: string; payment?: Partial<NewPayment>; createdAt?: Date },
): Promise<{ payment: Payment; enrollment: Enrollment }> {
  const { userId, courseId, createdAt } = input;
  const payment = await createPayment(db, { userId, courseId, createdAt, ...input.payment });
  const enrollment = await createEnrollment(db, {
    userId,
    courseId,
    paymentId: payment.id,
    source: 'purchase',
    createdAt,
  });
  return { payment, enrollment };
}
