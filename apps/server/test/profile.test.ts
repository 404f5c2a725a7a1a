/**
 * The caller's own account through HTTP (REST and tRPC; decision 0038): name and avatar, the avatar's
 * storage key belonging to its uploader, changing the password (wrong current one, other sessions ended,
 * this one kept), signing out everywhere, and deleting the account (personal data replaced, learning data
 * removed, payments kept, no sign-in, gone from the admin screens, rollups consistent, the last admin and
 * course owners refused).
 */
import type { AppRouter } from '@lectio/contracts/api';
import { AUTH_MESSAGES, COURSE_MESSAGES, PROFILE_MESSAGES, VALIDATION } from '@lectio/contracts/messages';
import {
  accountTokens,
  authSessions,
  certificates,
  courses,
  enrollments,
  lectureProgress,
  lessonNotes,
  mailMessages,
  payments,
  reviews,
  users,
} from '@lectio/db';
import { readAnalyticsRollups, rebuildAnalyticsRollups } from '@lectio/db/analytics-rollups';
import { recomputeCourseRating } from '@lectio/db/course-rating';
import {
  type CreatedUser,
  createCourse,
  createLecture,
  createPurchase,
  createUser,
} from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  issueFor,
  type SignedInUser,
  signIn,
  storeMedia,
  trpcData,
  trpcMutation,
} from './helpers/catalogue';
import { multipartBody } from './helpers/multipart';
import {
  bearer,
  createTestApp,
  login,
  refreshCookieOf,
  setCookieHeader,
  type TestApp,
} from './helpers/test-app';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;

beforeAll(async () => {
  // Wrong passwords below count against the login throttle: 3 per account and address, many per address.
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(async () => {
  await t.close();
});

type Signature = inferRouterOutputs<AppRouter>['profile']['avatarUploadSignature'];

async function avatarSignature(actor: SignedInUser, contentType = 'image/png'): Promise<Signature> {
  const response = await api.get(
    t,
    `/profile/avatar/signature?contentType=${encodeURIComponent(contentType)}`,
    actor,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Signature;
}

/** Uploads bytes to the local driver's upload target, as the browser does. */
async function upload(signature: Signature, data: Uint8Array, contentType = 'image/png') {
  const form = await multipartBody([
    ...Object.entries(signature.fields),
    ['file', { data, filename: 'avatar.png', contentType }],
  ]);
  return t.app.inject({ method: 'POST', url: '/api/v1/media/upload', ...form });
}

async function uploadedAvatar(actor: SignedInUser): Promise<string> {
  const signature = await avatarSignature(actor);
  const response = await upload(signature, PNG);
  expect(response.statusCode, response.body).toBe(201);
  return signature.key;
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** A second, independent sign-in of the same account (another browser). */
async function otherSession(user: CreatedUser, password = user.password) {
  const session = await login(t.app, user.email, password);
  return { token: session.accessToken, cookie: session.cookie };
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const refresh = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie } });

describe('PATCH /profile: name', () => {
  it('changes the name; the session’s user and auth.me show it', async () => {
    const student = await signIn(t, 'student', { name: 'Asha Old' });
    const response = await api.patch(t, '/profile', { name: '  Asha New  ' }, student);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: PROFILE_MESSAGES.profileUpdated,
      user: { _id: student.user.id, name: 'Asha New', email: student.user.email, avatar: null },
    });
    expect((await me(student.token)).json().user.name).toBe('Asha New');
    expect((await userRow(student.user.id)).name).toBe('Asha New');
  });

  it('works over tRPC, and an empty body changes nothing', async () => {
    const student = await signIn(t, 'student', { name: 'Same Name' });
    const data = trpcData<{ user: { name: string } }>(
      await trpcMutation(t, 'profile.update', { name: 'Via tRPC' }, student),
    );
    expect(data.user.name).toBe('Via tRPC');
    const empty = await api.patch(t, '/profile', {}, student);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().user.name).toBe('Via tRPC');
  });

  it('refuses a blank, too long or NUL name with 400 on `name`, changing nothing', async () => {
    const student = await signIn(t, 'student', { name: 'Kept Name' });
    for (const [name, message] of [
      ['   ', VALIDATION.nameRequired],
      ['x'.repeat(101), VALIDATION.nameTooLong],
      ['a\u0000b', VALIDATION.nulCharacter('name')],
    ] as const) {
      const response = await api.patch(t, '/profile', { name }, student);
      expect(response.statusCode).toBe(400);
      expect(issueFor(response, 'name')).toBe(message);
    }
    expect((await userRow(student.user.id)).name).toBe('Kept Name');
  });

  it('needs a session', async () => {
    expect((await api.patch(t, '/profile', { name: 'Nobody' })).statusCode).toBe(401);
  });
});

describe('avatar', () => {
  it('uploads through the signature into the caller’s own folder, with the thumbnail checks', async () => {
    const student = await signIn(t, 'student');
    const signature = await avatarSignature(student);
    expect(signature.key).toMatch(
      new RegExp(`^users/${student.user.id}/avatar/${student.user.id}-[A-Za-z0-9]+\\.png$`),
    );
    expect(signature.maxBytes).toBe(t.config.storage.maxThumbnailBytes);
    expect(signature.fields.contentType).toBe('image/png');

    // The thumbnails' types only, and the content must be what it says.
    const svg = await api.get(t, '/profile/avatar/signature?contentType=image%2Fsvg%2Bxml', student);
    expect(svg.statusCode).toBe(400);
    expect(issueFor(svg, 'contentType')).toMatch(/^Unsupported image type; allowed: image\/jpeg/);
    expect((await upload(signature, Buffer.from('not a png at all, just text'))).statusCode).toBe(415);
    expect(await t.storage.head(signature.key)).toBeNull();
  });

  it('sets the avatar from the key the upload produced; the URL is public and serves the image', async () => {
    const student = await signIn(t, 'student');
    const key = await uploadedAvatar(student);
    const response = await api.patch(t, '/profile', { avatarKey: key }, student);
    expect(response.statusCode, response.body).toBe(200);
    const avatar = response.json().user.avatar as string;
    expect(avatar).toBe(`${t.config.publicUrl}/api/v1/media/${encodeURIComponent(key)}`);
    expect((await userRow(student.user.id)).avatar).toBe(key);

    const image = await t.app.inject({ method: 'GET', url: new URL(avatar).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // Signing in again hands the avatar's URL with the user.
    const session = await login(t.app, student.user.email, student.user.password);
    expect(session.user).toMatchObject({ avatar });
  });

  it('accepts only a key of the caller’s own avatar uploads, and only when the file exists', async () => {
    const student = await signIn(t, 'student');
    const other = await signIn(t, 'student');
    const othersKey = await uploadedAvatar(other);
    const course = await createCourse(t.db);
    const thumbnail = await storeMedia(t, course.id, 'thumbnail', student.user.id);
    const unsent = (await avatarSignature(student)).key;
    for (const [avatarKey, message] of [
      [othersKey, PROFILE_MESSAGES.avatarKeyNotYours],
      [thumbnail, PROFILE_MESSAGES.avatarKeyNotYours],
      [`https://evil.example/${student.user.id}.png`, PROFILE_MESSAGES.avatarKeyNotYours],
      [
        `users/${student.user.id}/avatar/../../${other.user.id}/avatar/x.png`,
        PROFILE_MESSAGES.avatarKeyNotYours,
      ],
      [unsent, COURSE_MESSAGES.mediaFileMissing],
    ] as const) {
      const response = await api.patch(t, '/profile', { avatarKey }, student);
      expect(response.statusCode, avatarKey).toBe(400);
      expect(issueFor(response, 'avatarKey')).toBe(message);
    }
    expect((await userRow(student.user.id)).avatar).toBeNull();
    // The other user's file is untouched.
    expect(await t.storage.head(othersKey)).not.toBeNull();
  });

  it('replacing the avatar removes the old file; null removes the avatar and its file', async () => {
    const student = await signIn(t, 'student');
    const first = await uploadedAvatar(student);
    await api.patch(t, '/profile', { avatarKey: first }, student);
    const second = await uploadedAvatar(student);
    const replaced = await api.patch(t, '/profile', { avatarKey: second }, student);
    expect(replaced.statusCode).toBe(200);
    expect(await t.storage.head(first)).toBeNull();
    expect(await t.storage.head(second)).not.toBeNull();

    const removed = await api.patch(t, '/profile', { avatarKey: null }, student);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.avatar).toBeNull();
    expect(await t.storage.head(second)).toBeNull();
  });
});

describe('POST /profile/password', () => {
  it('a wrong current password is a 400 on currentPassword and changes nothing', async () => {
    const student = await signIn(t, 'student');
    const response = await api.post(
      t,
      '/profile/password',
      { currentPassword: 'not-the-password', password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      student,
    );
    expect(response.statusCode).toBe(400);
    expect(issueFor(response, 'currentPassword')).toBe(PROFILE_MESSAGES.wrongPassword);
    await login(t.app, student.user.email, student.user.password);
  });

  it('the new password follows the sign-up rules', async () => {
    const student = await signIn(t, 'student');
    const current = student.user.password;
    const short = await api.post(
      t,
      '/profile/password',
      { currentPassword: current, password: '123', confirmPassword: '123' },
      student,
    );
    expect(issueFor(short, 'password')).toBe(VALIDATION.passwordTooShort);
    const mismatch = await api.post(
      t,
      '/profile/password',
      { currentPassword: current, password: 'brand-new-pass', confirmPassword: 'brand-new-pas' },
      student,
    );
    expect(issueFor(mismatch, 'confirmPassword')).toBe(VALIDATION.passwordsDoNotMatch);
    const missing = await api.post(t, '/profile/password', { password: 'brand-new-pass' }, student);
    expect(issueFor(missing, 'currentPassword')).toBe(PROFILE_MESSAGES.currentPasswordRequired);
  });

  it('changes it, ends every other session and keeps this one; reset links die', async () => {
    const user = await createUser(t.db);
    const here = await login(t.app, user.email, user.password);
    const elsewhere = await otherSession(user);
    await t.db.insert(accountTokens).values({
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: `hash-${user.id}`,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/password',
      headers: bearer(here.accessToken),
      payload: {
        currentPassword: user.password,
        password: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PROFILE_MESSAGES.passwordChanged });

    expect((await me(here.accessToken)).statusCode).toBe(200);
    expect((await refresh(here.cookie)).statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    await login(t.app, user.email, 'brand-new-pass');
    expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id))).toEqual([]);
  });

  it('counts wrong current passwords with the login throttle: 429 after the account’s limit', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email, user.password);
    const attempt = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/profile/password',
        headers: bearer(session.accessToken),
        payload: { currentPassword, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt(`wrong-${i}`)).statusCode).toBe(400);
    const refused = await attempt(user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(AUTH_MESSAGES.tooManyLoginAttempts);
    expect(refused.headers['retry-after']).toBeDefined();
    // The sign-in form of that address is locked too: the same throttle.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(form.statusCode).toBe(429);
  });
});

describe('POST /profile/sign-out-everywhere', () => {
  it('needs the password', async () => {
    const student = await signIn(t, 'student');
    const wrong = await api.post(t, '/profile/sign-out-everywhere', { password: 'wrong-password' }, student);
    expect(wrong.statusCode).toBe(400);
    expect(issueFor(wrong, 'password')).toBe(PROFILE_MESSAGES.wrongPassword);
    expect(issueFor(await api.post(t, '/profile/sign-out-everywhere', {}, student), 'password')).toBe(
      VALIDATION.passwordRequired,
    );
    expect((await me(student.token)).statusCode).toBe(200);
  });

  it('ends every session of the account, this one included, and clears this browser’s cookie', async () => {
    const user = await createUser(t.db);
    const here = await login(t.app, user.email, user.password);
    const elsewhere = await otherSession(user);
    const bystander = await signIn(t, 'student');

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/sign-out-everywhere',
      headers: { ...bearer(here.accessToken), cookie: here.cookie },
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PROFILE_MESSAGES.signedOutEverywhere });
    expect(refreshCookieOf(response)).toBe('lectio_refresh=');
    expect(setCookieHeader(response)).toMatch(/Expires=Thu, 01 Jan 1970/);

    for (const session of [here, { accessToken: elsewhere.token, cookie: elsewhere.cookie }]) {
      expect((await me(session.accessToken)).statusCode).toBe(401);
      expect((await refresh(session.cookie)).statusCode).toBe(401);
    }
    const live = await t.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, user.id)));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    // Other accounts keep theirs; the account can sign in again.
    expect((await me(bystander.token)).statusCode).toBe(200);
    await login(t.app, user.email, user.password);
  });
});

/** A student with everything an account can have: purchase, progress, a note, review, certificate, avatar, mail. */
async function richStudent() {
  const instructor = await createUser(t.db, { role: 'instructor', name: 'Their Instructor' });
  const course = await createCourse(t.db, { instructorId: instructor.id, title: 'Reviewed course' });
  const lecture = await createLecture(t.db, { courseId: course.id });
  const student = await signIn(t, 'student', { name: 'Leaving Student' });
  const fan = await createUser(t.db);
  const { payment } = await createPurchase(t.db, { userId: student.user.id, courseId: course.id });
  await createPurchase(t.db, { userId: fan.id, courseId: course.id });
  await t.db.insert(lectureProgress).values({
    userId: student.user.id,
    lectureId: lecture.id,
    courseId: course.id,
    watchedSeconds: 300,
    completed: true,
    completedAt: new Date(),
  });
  await t.db.insert(lessonNotes).values({
    userId: student.user.id,
    lectureId: lecture.id,
    videoSeconds: 12,
    body: 'A private note',
  });
  await t.db.insert(reviews).values([
    { courseId: course.id, userId: student.user.id, rating: 1, body: 'Not for me' },
    { courseId: course.id, userId: fan.id, rating: 5, body: 'Great' },
  ]);
  await recomputeCourseRating(t.db, course.id);
  await t.db.insert(certificates).values({
    userId: student.user.id,
    courseId: course.id,
    studentName: 'Leaving Student',
    courseTitle: course.title,
    instructorName: instructor.name,
  });
  await t.db.insert(accountTokens).values({
    userId: student.user.id,
    purpose: 'email_verification',
    tokenHash: `verify-${student.user.id}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await t.db.insert(mailMessages).values({
    userId: student.user.id,
    toAddress: student.user.email,
    template: 'email_verification',
    subject: 'Verify your e-mail',
    status: 'sent',
  });
  const avatarKey = await uploadedAvatar(student);
  expect((await api.patch(t, '/profile', { avatarKey }, student)).statusCode).toBe(200);
  return { student, course, payment, avatarKey };
}

async function adminUsersOverview(admin: SignedInUser) {
  const response = await api.get(t, '/admin/users/overview', admin);
  expect(response.statusCode).toBe(200);
  return response.json() as { totalStudents: number; recentUsers: { _id: string }[] };
}

describe('POST /profile/delete', () => {
  it('a wrong password is a 400 on password and deletes nothing', async () => {
    const student = await signIn(t, 'student', { name: 'Staying' });
    const response = await api.post(t, '/profile/delete', { password: 'wrong-password' }, student);
    expect(response.statusCode).toBe(400);
    expect(issueFor(response, 'password')).toBe(PROFILE_MESSAGES.wrongPassword);
    expect(await userRow(student.user.id)).toMatchObject({
      name: 'Staying',
      deletedAt: null,
      isActive: true,
    });
  });

  it('anonymises the account, removes the learning data, keeps the payments; no sign-in; gone from admin lists', async () => {
    const admin = await signIn(t, 'admin');
    const { student, course, payment, avatarKey } = await richStudent();
    const before = await adminUsersOverview(admin);
    expect(before.recentUsers.map((user) => user._id)).toContain(student.user.id);
    const [ratingBefore] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(ratingBefore).toMatchObject({ rating: 3, ratingCount: 2 });
    const second = await otherSession(student.user);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/delete',
      headers: { ...student.headers, cookie: second.cookie },
      payload: { password: student.user.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: PROFILE_MESSAGES.accountDeleted });
    expect(refreshCookieOf(response)).toBe('lectio_refresh=');

    const row = await userRow(student.user.id);
    expect(row).toMatchObject({
      name: 'Deleted user',
      email: `deleted-${student.user.id}@deleted.invalid`,
      avatar: null,
      isActive: false,
      role: 'guest',
      emailVerifiedAt: null,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.passwordHash).not.toBe(student.user.passwordHash);

    // Learning data gone, the course's rating recomputed without the review; the payment stays.
    const mine = <T extends { userId: unknown }>(table: T) => eq(table.userId as never, student.user.id);
    expect(await t.db.select().from(enrollments).where(mine(enrollments))).toEqual([]);
    expect(await t.db.select().from(lectureProgress).where(mine(lectureProgress))).toEqual([]);
    expect(await t.db.select().from(lessonNotes).where(mine(lessonNotes))).toEqual([]);
    expect(await t.db.select().from(reviews).where(mine(reviews))).toEqual([]);
    expect(await t.db.select().from(certificates).where(mine(certificates))).toEqual([]);
    expect(await t.db.select().from(accountTokens).where(mine(accountTokens))).toEqual([]);
    expect(await t.db.select().from(mailMessages).where(mine(mailMessages))).toEqual([]);
    const [ratingAfter] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(ratingAfter).toMatchObject({ rating: 5, ratingCount: 1 });
    expect(await t.db.select().from(payments).where(eq(payments.id, payment.id))).toEqual([
      expect.objectContaining({ id: payment.id, userId: student.user.id, status: 'succeeded' }),
    ]);
    // The avatar file is gone from storage.
    expect(await t.storage.head(avatarKey)).toBeNull();

    // Every session ended; signing in answers as a wrong password would, under the old and the new address.
    expect((await me(student.token)).statusCode).toBe(401);
    expect((await refresh(second.cookie)).statusCode).toBe(401);
    for (const email of [student.user.email, row.email]) {
      const attempt = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: student.user.password },
      });
      expect(attempt.statusCode).toBe(401);
      expect(attempt.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    }
    // The address is free again.
    const signup = await api.post(t, '/auth/signup', {
      name: 'Back Again',
      email: student.user.email,
      password: 'another-pass',
      confirmPassword: 'another-pass',
    });
    expect(signup.statusCode).toBe(201);

    // The admin screens: not listed, one student fewer, can't be edited.
    const after = await adminUsersOverview(admin);
    expect(after.recentUsers.map((user) => user._id)).not.toContain(student.user.id);
    // One student left (the deleted one) and one joined (the new sign-up with the freed address).
    expect(after.totalStudents).toBe(before.totalStudents);
    const edit = await api.patch(t, `/admin/users/${student.user.id}`, { isActive: true }, admin);
    expect(edit.statusCode).toBe(404);

    // The trigger-maintained rollups agree with a recount from the tables. The activity buffer is
    // written first, so its timer can't land a presence row between the read and the recount.
    await t.app.activity.flush();
    const maintained = await readAnalyticsRollups(t.db);
    await rebuildAnalyticsRollups(t.db);
    expect(await readAnalyticsRollups(t.db)).toEqual(maintained);
  });

  it('no longer counts a deleted student among the students', async () => {
    const admin = await signIn(t, 'admin');
    const student = await signIn(t, 'student');
    const before = await adminUsersOverview(admin);
    expect(
      (await api.post(t, '/profile/delete', { password: student.user.password }, student)).statusCode,
    ).toBe(200);
    expect((await adminUsersOverview(admin)).totalStudents).toBe(before.totalStudents - 1);
  });

  it('is refused with 409 while the account owns courses', async () => {
    const instructor = await signIn(t, 'instructor');
    const course = await createCourse(t.db, { instructorId: instructor.user.id });
    const refused = await api.post(t, '/profile/delete', { password: instructor.user.password }, instructor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PROFILE_MESSAGES.ownsCourses);
    expect((await userRow(instructor.user.id)).deletedAt).toBeNull();

    await t.db.delete(courses).where(eq(courses.id, course.id));
    const done = await api.post(t, '/profile/delete', { password: instructor.user.password }, instructor);
    expect(done.statusCode).toBe(200);
  });

  it('is refused with 409 for the last active admin, allowed once there is another', async () => {
    const admin = await signIn(t, 'admin');
    // Every other admin of this file suspended for the test: a suspended admin can't administer.
    const others = and(eq(users.role, 'admin'), ne(users.id, admin.user.id), eq(users.isActive, true));
    const suspended = await t.db
      .update(users)
      .set({ isActive: false })
      .where(others)
      .returning({ id: users.id });
    try {
      const refused = await api.post(t, '/profile/delete', { password: admin.user.password }, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(PROFILE_MESSAGES.lastAdmin);
      expect((await userRow(admin.user.id)).deletedAt).toBeNull();

      await createUser(t.db, { role: 'admin' });
      const done = await api.post(t, '/profile/delete', { password: admin.user.password }, admin);
      expect(done.statusCode).toBe(200);
    } finally {
      for (const { id } of suspended)
        await t.db.update(users).set({ isActive: true }).where(eq(users.id, id));
    }
  });

  it('of two admins deleting themselves at once, one is refused', async () => {
    const first = await signIn(t, 'admin');
    const second = await signIn(t, 'admin');
    const others = and(
      eq(users.role, 'admin'),
      ne(users.id, first.user.id),
      ne(users.id, second.user.id),
      eq(users.isActive, true),
    );
    const suspended = await t.db
      .update(users)
      .set({ isActive: false })
      .where(others)
      .returning({ id: users.id });
    try {
      const results = await Promise.all(
        [first, second].map((admin) =>
          api.post(t, '/profile/delete', { password: admin.user.password }, admin),
        ),
      );
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    } finally {
      for (const { id } of suspended)
        await t.db.update(users).set({ isActive: true }).where(eq(users.id, id));
    }
  });
});

describe('a deleted account', () => {
  it('takes only its own avatar folder from storage, never course files it uploaded', async () => {
    const student = await signIn(t, 'student');
    const course = await createCourse(t.db);
    const thumbnail = await storeMedia(t, course.id, 'thumbnail', student.user.id);
    const unused = await uploadedAvatar(student);
    expect(
      (await api.post(t, '/profile/delete', { password: student.user.password }, student)).statusCode,
    ).toBe(200);
    expect(await t.storage.head(unused)).toBeNull();
    expect(await t.storage.head(thumbnail)).not.toBeNull();
  });
});
