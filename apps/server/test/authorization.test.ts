/**
 * Walks every REST route of the contracts table and every tRPC procedure as anonymous, student,
 * instructor, admin and suspended actors. The expectations are written out here, independently of the
 * contracts, so that loosening a route's permission fails this test. Later issues extend the tables.
 */

import { listOperations, type OperationPath } from '@lectio/contracts/api';
import type { HttpRouteName } from '@lectio/contracts/http-routes';
import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import type { Role } from '@lectio/contracts/permissions';
import {
  API_PREFIX,
  fillPath,
  pathParameters,
  type RestRouteName,
  restRoutes,
  toRouterPath,
} from '@lectio/contracts/rest';
import { users } from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_SIGNATURE_INVALID_MESSAGE } from '../src/storage/local-driver';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

/** 'public': anyone; 'signed-in': any signed-in user; a role list: exactly those roles. */
type Expectation = 'public' | 'signed-in' | readonly Role[];

const COURSE_MANAGERS = ['admin', 'instructor'] as const;
/** Every operation, by procedure path: its REST route and its tRPC procedure must both hold to this. */
const EXPECTED_OPERATIONS: Record<OperationPath, Expectation> = {
  'meta.health': 'public',
  'auth.signup': 'public',
  'auth.login': 'public',
  'auth.refresh': 'public',
  'auth.logout': 'public',
  'auth.me': 'signed-in',
  'courses.list': 'public',
  'courses.facets': 'public',
  'courses.create': COURSE_MANAGERS,
  'courses.byIds': 'public',
  'courses.mine': 'signed-in',
  'courses.overview': COURSE_MANAGERS,
  'courses.get': 'public',
  'courses.update': COURSE_MANAGERS,
  'courses.delete': COURSE_MANAGERS,
  'courses.instructorList': COURSE_MANAGERS,
  'lectures.list': 'public',
  'lectures.get': 'public',
  'lectures.create': COURSE_MANAGERS,
  'lectures.update': COURSE_MANAGERS,
  'lectures.reorder': COURSE_MANAGERS,
  'lectures.delete': COURSE_MANAGERS,
  'curriculum.get': 'public',
  'curriculum.arrange': COURSE_MANAGERS,
  'curriculum.createSection': COURSE_MANAGERS,
  'curriculum.updateSection': COURSE_MANAGERS,
  'curriculum.deleteSection': COURSE_MANAGERS,
  'resources.list': 'public',
  'resources.attach': COURSE_MANAGERS,
  'resources.delete': COURSE_MANAGERS,
  // Lesson notes (decision 0087): any session gets past access; the service keeps each note to its author
  // (anyone else's is 404) and writing to those who may open the lesson with the course (403 otherwise).
  'notes.list': 'signed-in',
  'notes.create': 'signed-in',
  'notes.update': 'signed-in',
  'notes.delete': 'signed-in',
  // Announcements (decision 0089): posting and deleting are a course manager's (and the service keeps it
  // to the course's own instructor or an admin); reading gets past access for any session, and the service
  // answers 403 to anyone neither enrolled nor managing the course.
  'announcements.list': 'signed-in',
  'announcements.post': COURSE_MANAGERS,
  'announcements.delete': COURSE_MANAGERS,
  'video.stream': 'public',
  'video.processing': COURSE_MANAGERS,
  'video.retry': COURSE_MANAGERS,
  // Course e-mail (decision 0089): an unsubscribe link works without a session (its signed token is the
  // authority); one's own setting per course takes a session.
  'courseMail.byToken': 'public',
  'courseMail.unsubscribe': 'public',
  'courseMail.resubscribe': 'public',
  'courseMail.preference': 'signed-in',
  'courseMail.setPreference': 'signed-in',
  // Questions and answers (decision 0088): any session gets past access to read and post; the service
  // asks for what opening the lesson takes (questions.test.ts walks a non-enrolled user through every
  // one). Hiding, showing and the reported list are a course manager's (the service keeps an instructor
  // to their own courses).
  'questions.list': 'signed-in',
  'questions.get': 'signed-in',
  'questions.ask': 'signed-in',
  'questions.edit': 'signed-in',
  'questions.delete': 'signed-in',
  'questions.answer': 'signed-in',
  'questions.accept': 'signed-in',
  'questions.unaccept': 'signed-in',
  'questions.vote': 'signed-in',
  'questions.unvote': 'signed-in',
  'questions.follow': 'signed-in',
  'questions.unfollow': 'signed-in',
  'questions.report': 'signed-in',
  'questions.hide': COURSE_MANAGERS,
  'questions.unhide': COURSE_MANAGERS,
  'questions.reported': COURSE_MANAGERS,
  'answers.edit': 'signed-in',
  'answers.delete': 'signed-in',
  'answers.vote': 'signed-in',
  'answers.unvote': 'signed-in',
  'answers.report': 'signed-in',
  'answers.hide': COURSE_MANAGERS,
  'answers.unhide': COURSE_MANAGERS,
  // Quiz lessons (decision 0081): the summary is public; taking one is the students' track_progress;
  // writing it and its gradebook a course manager's.
  'quizzes.get': 'public',
  'quizzes.start': ['admin', 'student'],
  'quizzes.submit': ['admin', 'student'],
  'quizzes.result': ['admin', 'student'],
  'quizzes.edit': COURSE_MANAGERS,
  'quizzes.save': COURSE_MANAGERS,
  'quizzes.gradebook': COURSE_MANAGERS,
  'media.uploadSignature': COURSE_MANAGERS,
  'payment.config': 'public',
  'payment.createIntent': 'signed-in',
  'payment.confirm': 'signed-in',
  'payment.testConfirmCard': 'signed-in',
  'progress.record': ['admin', 'student'],
  'progress.markRead': ['admin', 'student'],
  'progress.course': ['admin', 'student'],
  // Reviews (decision 0036): reading is public; writing takes the students' track_progress permission,
  // editing, deleting and reporting any session (ownership is the service's), replying a course manager's.
  'reviews.list': 'public',
  'reviews.summary': 'public',
  'reviews.mine': 'signed-in',
  'reviews.create': ['admin', 'student'],
  'reviews.update': 'signed-in',
  'reviews.delete': 'signed-in',
  'reviews.reply': COURSE_MANAGERS,
  'reviews.report': 'signed-in',
  'reviews.reported': ['admin'],
  'reviews.setHidden': ['admin'],
  'admin.overview': ['admin'],
  'admin.usersOverview': ['admin'],
  'admin.instructors': ['admin'],
  'admin.updateUser': ['admin'],
  'admin.engagement': ['admin'],
  // First-run setup is open to anyone holding the setup token, and only while no admin exists.
  'setup.status': 'public',
  'setup.createAdmin': 'public',
  // Verification is public (the printed address); each student reads their own; revoking is an admin's.
  'certificates.mine': 'signed-in',
  'certificates.verify': 'public',
  'certificates.revoke': ['admin'],
  // The caller's own account (decision 0038): any session, acting only on itself. The account-wide
  // actions need the password, so the walk's empty input ends no session.
  'profile.update': 'signed-in',
  'profile.avatarUploadSignature': 'signed-in',
  'profile.changePassword': 'signed-in',
  'profile.signOutEverywhere': 'signed-in',
  'profile.deleteAccount': 'signed-in',
  // The student dashboard: the student section's permissions (admins hold `all`).
  'learner.dashboard': ['admin', 'student'],
  // Getting back into an account (decision 0035): the reset and the links are for the signed-out; a new
  // verification link is asked for by the signed-in owner. The mail list and outbox are the admin's.
  'account.mailDelivery': 'public',
  'account.requestPasswordReset': 'public',
  'account.resetPassword': 'public',
  'account.verifyEmail': 'public',
  'account.resendVerification': 'signed-in',
  'mail.list': ['admin'],
  'mail.outboxMessage': ['admin'],
  'earnings.instructor': COURSE_MANAGERS,
  'earnings.platform': ['admin'],
  'earnings.setFeePercent': ['admin'],
  'instructor.home': COURSE_MANAGERS,
  // Coupons: instructors and admins make them (the service keeps instructors to their own); any signed-in
  // buyer may price a checkout with one.
  'coupons.list': COURSE_MANAGERS,
  'coupons.create': COURSE_MANAGERS,
  'coupons.setDisabled': COURSE_MANAGERS,
  'coupons.preview': 'signed-in',
  // Refunds (decision 0040): admins refund and decide; students ask about their own purchases.
  'refunds.create': ['admin'],
  'refunds.request': ['admin', 'student'],
  'refunds.decide': ['admin'],
  'refunds.list': ['admin'],
  'refunds.payment': ['admin'],
  'refunds.mine': ['admin', 'student'],
  // Payouts: instructors onboard (admins sell for the platform, not for a share) and see their own; admins
  // see what is owed and pay.
  'payouts.account': COURSE_MANAGERS,
  'payouts.startOnboarding': ['instructor'],
  'payouts.list': COURSE_MANAGERS,
  'payouts.owed': ['admin'],
  'payouts.pay': ['admin'],
  'notifications.summary': 'signed-in',
  'notifications.list': 'signed-in',
  'notifications.markRead': 'signed-in',
  'notifications.markAllRead': 'signed-in',
  'platform.stats': 'public',
  'platform.socialLinks': 'public',
  'sitePages.get': 'public',
  'sitePages.list': ['admin'],
  'sitePages.update': ['admin'],
  'sitePages.reset': ['admin'],
  // Become an instructor: any session gets past access to apply, and the service refuses anyone but a
  // student (403, with the reason); each user reads their own application; admins list and decide.
  'teaching.apply': 'signed-in',
  'teaching.mine': 'signed-in',
  'teaching.list': ['admin'],
  'teaching.decide': ['admin'],
};
/** The HTTP-only routes (contracts/http-routes.ts). */
const EXPECTED_HTTP: Record<HttpRouteName, Expectation> = {
  'meta.openapi': 'public',
  'lectures.upload': COURSE_MANAGERS,
  'media.upload': 'public',
  'media.download': 'public',
  // Authorised by the signature video.stream hands out, as a media link is.
  'video.masterPlaylist': 'public',
  'video.variantPlaylist': 'public',
  'payment.webhook': 'public',
  // Any signed-in user gets past access; the service answers 404 unless it is theirs (or they are an admin).
  'certificates.pdf': 'signed-in',
  // The buyer or an admin; anyone else signed in gets a 404 from the service.
  'purchases.receipt': 'signed-in',
};
const EXPECTED_REST: Record<RestRouteName, Expectation> = { ...EXPECTED_OPERATIONS, ...EXPECTED_HTTP };

type ActorName = 'anonymous' | 'suspended' | 'student' | 'instructor' | 'admin' | 'moderator';
const ROLE_OF: Record<Exclude<ActorName, 'anonymous' | 'suspended'>, Role> = {
  student: 'student',
  instructor: 'instructor',
  admin: 'admin',
  moderator: 'moderator',
};

let t: TestApp;
const tokens: Partial<Record<ActorName, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [actor, role] of Object.entries(ROLE_OF)) {
    const user = await createUser(t.db, { role });
    tokens[actor as ActorName] = (await login(t.app, user.email, user.password)).accessToken;
  }
  const suspended = await createUser(t.db, { role: 'admin' });
  tokens.suspended = (await login(t.app, suspended.email, suspended.password)).accessToken;
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, suspended.id));
});
afterAll(async () => {
  await t.close();
});

/** The status the access layer must produce for this actor, or 'through' when it must let the call pass. */
function expectedOutcome(expectation: Expectation, actor: ActorName): 401 | 403 | 'through' {
  if (expectation === 'public') return 'through';
  if (actor === 'anonymous') return 401;
  if (actor === 'suspended') return 403;
  if (expectation === 'signed-in') return 'through';
  return expectation.includes(ROLE_OF[actor]) ? 'through' : 403;
}

const ACTORS: ActorName[] = ['anonymous', 'suspended', 'student', 'instructor', 'admin', 'moderator'];

describe('REST routes', () => {
  it('every /api/v1 route the server registered is in the contracts table, and vice versa', () => {
    const declared = new Set(
      restRoutes.map((route) => `${route.method} ${API_PREFIX}${toRouterPath(route.path)}`),
    );
    const registered = t.app.registeredRoutes
      .filter((route) => route.url.startsWith(`${API_PREFIX}/`) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((route) => !declared.has(route))).toEqual([]);
    expect([...declared].filter((route) => !registered.includes(route))).toEqual([]);
    expect(Object.keys(EXPECTED_REST).sort()).toEqual(restRoutes.map((route) => route.name).sort());
  });

  for (const route of restRoutes) {
    const name = route.name;
    it.each(ACTORS)(`${route.method} ${route.path} as %s`, async (actor) => {
      const params = Object.fromEntries(
        pathParameters(route.path).map((key) => [key, '00000000-0000-4000-8000-000000000000']),
      );
      const token = tokens[actor];
      const response = await t.app.inject({
        method: route.method,
        url: `${API_PREFIX}${fillPath(route.path, params)}`,
        headers: token ? bearer(token) : {},
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      const outcome = expectedOutcome(EXPECTED_REST[name], actor);
      if (outcome === 'through' && name === 'auth.refresh') {
        // Public, but without a refresh cookie it answers with its own 401.
        expect(response.json()).toMatchObject({
          code: 'UNAUTHORIZED',
          message: AUTH_MESSAGES.sessionExpired,
        });
      } else if (outcome === 'through' && (name === 'media.download' || name === 'video.masterPlaylist')) {
        // Public, but a lecture-video key (or a lesson's playlist) without a signed URL gets the signature's
        // own 403, for everyone.
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(DOWNLOAD_SIGNATURE_INVALID_MESSAGE);
      } else if (outcome === 'through') {
        // Past the access layer a route may still refuse the empty request (400, 404, 501), never with 401/403.
        expect([401, 403]).not.toContain(response.statusCode);
      } else {
        expect(response.statusCode).toBe(outcome);
        expect(response.json().code).toBe(outcome === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
      }
    });
  }
});

describe('tRPC procedures', () => {
  it('every declared operation has an expectation here, and an unknown procedure is 404', async () => {
    expect(
      listOperations()
        .map(({ path }) => path)
        .sort(),
    ).toEqual(Object.keys(EXPECTED_OPERATIONS).sort());
    const unknown = await t.app.inject({ method: 'GET', url: '/trpc/courses.nothing' });
    expect(unknown.statusCode).toBe(404);
  });

  for (const { path, operation } of listOperations()) {
    it.each(ACTORS)(`${path} as %s`, async (actor) => {
      const token = tokens[actor];
      const isQuery = operation.kind === 'query';
      const response = await t.app.inject({
        method: isQuery ? 'GET' : 'POST',
        url: `/trpc/${path}`,
        headers: token ? bearer(token) : {},
        ...(isQuery ? {} : { payload: {} }),
      });
      // A procedure that is not there would be 404 for everyone, which no access rule gives.
      expect(response.statusCode, 'the procedure exists').not.toBe(404);
      const outcome = expectedOutcome(EXPECTED_OPERATIONS[path], actor);
      if (outcome === 'through' && path === 'auth.refresh') {
        // Public, but without a refresh cookie it answers with its own 401.
        expect(response.json().error.message).toBe(AUTH_MESSAGES.sessionExpired);
      } else if (outcome === 'through') expect([401, 403]).not.toContain(response.statusCode);
      else expect(response.statusCode).toBe(outcome);
    });
  }
});
