/**
 * Become an instructor (teaching.*; services/teaching): a student applies (one pending application at a
 * time, however many requests race), anyone else is refused, bad input writes nothing, admins are
 * notified and see the queue page by page, and a decision (exactly one of any that race) notifies the
 * applicant; an approval makes the student an instructor for their very next request, with the same
 * access token, and their next refresh says so.
 */
import { TEACHING_MESSAGES } from '@lectio/contracts/messages';
import { notifications, teachingApplications, users } from '@lectio/db';
import { createUser } from '@lectio/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn, trpcData, trpcMutation, trpcQuery } from './helpers/catalogue';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

const NOW = new Date('2030-06-15T10:00:00Z');

let t: TestApp;
let admin: SignedInUser;
let otherAdmin: SignedInUser;
let suspendedAdminId: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: NOW });
  admin = await signIn(t, 'admin', { name: 'Ada Admin' });
  otherAdmin = await signIn(t, 'admin', { name: 'Otto Admin' });
  // A suspended admin is not told about new applications.
  suspendedAdminId = (await createUser(t.db, { role: 'admin', isActive: false })).id;
});
afterAll(async () => {
  await t.close();
});

const APPLICATION = {
  topic: 'Rust for web developers',
  experience: 'Eight years of backend work in Rust; I run the study group at my company.',
  sampleUrl: 'https://example.com/talks/rust-ownership',
};

const apply = (actor: SignedInUser, body: unknown = APPLICATION) =>
  api.post(t, '/teaching/applications', body, actor);
const decide = (id: string, body: { decision: string; note?: string }, actor: SignedInUser = admin) =>
  api.post(t, `/teaching/applications/${id}/decision`, body, actor);
const mine = async (actor: SignedInUser) =>
  (await api.get(t, '/teaching/applications/mine', actor)).json() as {
    application: { _id: string; status: string; decisionNote: string | null } | null;
  };

async function applicationsOf(userId: string) {
  return t.db.select().from(teachingApplications).where(eq(teachingApplications.userId, userId));
}

async function notificationsOf(userId: string, kind?: string) {
  const rows = await t.db.select().from(notifications).where(eq(notifications.userId, userId));
  return kind ? rows.filter((row) => row.kind === kind) : rows;
}

async function roleOf(userId: string) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

async function appliedId(response: LightMyRequestResponse): Promise<string> {
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { application: { _id: string } }).application._id;
}

describe('applying', () => {
  it('a student applies; every active admin is notified once; mine shows it pending', async () => {
    const student = await signIn(t, 'student', { name: 'Priya Patel' });
    const response = await apply(student);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: TEACHING_MESSAGES.applied,
      application: {
        topic: APPLICATION.topic,
        experience: APPLICATION.experience,
        sampleUrl: APPLICATION.sampleUrl,
        status: 'pending',
        decisionNote: null,
        decidedAt: null,
        createdAt: NOW.toISOString(),
      },
    });
    const id = response.json().application._id as string;
    expect((await mine(student)).application).toMatchObject({ _id: id, status: 'pending' });
    // Over tRPC too.
    expect(trpcData(await trpcQuery(t, 'teaching.mine', undefined, student))).toMatchObject({
      application: { _id: id, status: 'pending' },
    });

    for (const recipient of [admin, otherAdmin]) {
      const received = (await notificationsOf(recipient.user.id, 'application_received')).filter((row) =>
        row.body.includes('Priya Patel'),
      );
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        title: 'New application to teach',
        body: 'Priya Patel applied to teach Rust for web developers.',
        link: 'teaching-applications',
      });
    }
    expect(await notificationsOf(suspendedAdminId)).toEqual([]);
    // The applicant is told nothing yet.
    expect(await notificationsOf(student.user.id)).toEqual([]);
  });

  it('a user who never applied reads null', async () => {
    const student = await signIn(t, 'student');
    expect(await mine(student)).toEqual({ application: null });
    const instructor = await signIn(t, 'instructor');
    expect(await mine(instructor)).toEqual({ application: null });
  });

  it('the sample link is optional and the texts are stored trimmed', async () => {
    const student = await signIn(t, 'student');
    const response = await apply(student, {
      topic: '  SQL for analysts  ',
      experience: '  Ten years of reporting and teaching SQL at evening classes.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await applicationsOf(student.user.id);
    expect(row).toMatchObject({
      topic: 'SQL for analysts',
      experience: 'Ten years of reporting and teaching SQL at evening classes.',
      sampleUrl: null,
    });
  });

  it('a second application while one is pending is refused with 409 (tRPC too)', async () => {
    const student = await signIn(t, 'student');
    await appliedId(await apply(student));
    const again = await apply(student, { ...APPLICATION, topic: 'Something else entirely' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: TEACHING_MESSAGES.alreadyPending });
    const overTrpc = await trpcMutation(t, 'teaching.apply', APPLICATION, student);
    expect(overTrpc.statusCode).toBe(409);
    expect(overTrpc.json().error.message).toBe(TEACHING_MESSAGES.alreadyPending);
    expect(await applicationsOf(student.user.id)).toHaveLength(1);
  });

  it('five concurrent applications from one student: exactly one is written, and admins hear of it once', async () => {
    const student = await signIn(t, 'student', { name: 'Racing Rita' });
    const responses = await Promise.all(Array.from({ length: 5 }, () => apply(student)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().message).toBe(TEACHING_MESSAGES.alreadyPending);
    expect(await applicationsOf(student.user.id)).toHaveLength(1);
    const told = (await notificationsOf(admin.user.id, 'application_received')).filter((row) =>
      row.body.startsWith('Racing Rita'),
    );
    expect(told).toHaveLength(1);
  });

  it.each(['instructor', 'admin', 'moderator'] as const)(
    'a %s may not apply (403, with the reason)',
    async (role) => {
      const actor = await signIn(t, role);
      const response = await apply(actor);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: TEACHING_MESSAGES.studentsOnly });
      expect(await applicationsOf(actor.user.id)).toEqual([]);
    },
  );

  it('anonymous is 401', async () => {
    expect((await api.post(t, '/teaching/applications', APPLICATION)).statusCode).toBe(401);
  });

  it.each([
    ['a short topic', { ...APPLICATION, topic: 'ab' }, 'topic', TEACHING_MESSAGES.topicLength],
    ['a blank topic', { ...APPLICATION, topic: '     ' }, 'topic', TEACHING_MESSAGES.topicLength],
    ['a long topic', { ...APPLICATION, topic: 'x'.repeat(121) }, 'topic', TEACHING_MESSAGES.topicLength],
    ['no topic', { experience: APPLICATION.experience }, 'topic', TEACHING_MESSAGES.topicLength],
    [
      'a short experience',
      { ...APPLICATION, experience: 'I know Rust well.' },
      'experience',
      TEACHING_MESSAGES.experienceLength,
    ],
    [
      'a long experience',
      { ...APPLICATION, experience: 'x'.repeat(2001) },
      'experience',
      TEACHING_MESSAGES.experienceLength,
    ],
    [
      'a javascript: link',
      { ...APPLICATION, sampleUrl: 'javascript:alert(1)' },
      'sampleUrl',
      TEACHING_MESSAGES.sampleUrlInvalid,
    ],
    [
      'an ftp link',
      { ...APPLICATION, sampleUrl: 'ftp://example.com/sample' },
      'sampleUrl',
      TEACHING_MESSAGES.sampleUrlInvalid,
    ],
    ['not a link', { ...APPLICATION, sampleUrl: 'my blog' }, 'sampleUrl', TEACHING_MESSAGES.sampleUrlInvalid],
    [
      'a link over 500 characters',
      { ...APPLICATION, sampleUrl: `https://example.com/${'a'.repeat(481)}` },
      'sampleUrl',
      TEACHING_MESSAGES.sampleUrlTooLong,
    ],
    ['a NUL character', { ...APPLICATION, topic: 'Rust\u0000' }, 'topic', undefined],
  ])('%s is a 400 naming the field, and nothing is written', async (_label, body, field, message) => {
    const student = await signIn(t, 'student');
    const response = await apply(student, body);
    expect(response.statusCode).toBe(400);
    const issue = (response.json().issues as { path: string; message: string }[]).find(
      (candidate) => candidate.path === field,
    );
    expect(issue).toBeDefined();
    if (message) expect(issue?.message).toBe(message);
    expect(await applicationsOf(student.user.id)).toEqual([]);
    expect(
      (await notificationsOf(admin.user.id, 'application_received')).filter((row) =>
        row.body.startsWith(student.user.name),
      ),
    ).toEqual([]);
  });

  it('a link of exactly 500 characters is accepted', async () => {
    const student = await signIn(t, 'student');
    const sampleUrl = `https://example.com/${'a'.repeat(480)}`;
    expect(sampleUrl).toHaveLength(500);
    await appliedId(await apply(student, { ...APPLICATION, sampleUrl }));
  });
});

describe('the admin’s queue', () => {
  it('lists by state, newest first, a page at a time, with who applied', async () => {
    const fresh = await createTestApp({}, undefined, { clock: NOW });
    try {
      const boss = await signInOn(fresh, 'admin');
      const applicants: SignedInUser[] = [];
      for (let index = 0; index < 3; index += 1) {
        const student = await signInOn(fresh, 'student', `Applicant ${index}`);
        applicants.push(student);
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/api/v1/teaching/applications',
          headers: student.headers,
          payload: { ...APPLICATION, topic: `Topic ${index}` },
        });
        expect(response.statusCode, response.body).toBe(201);
        fresh.advanceClock(60_000);
      }
      const list = (query: string) =>
        fresh.app.inject({
          method: 'GET',
          url: `/api/v1/teaching/applications${query}`,
          headers: boss.headers,
        });

      const first = await list('?status=pending&limit=2');
      expect(first.statusCode, first.body).toBe(200);
      const page1 = first.json() as {
        applications: { topic: string; applicant: { name: string; email: string; role: string } }[];
        nextCursor: string | null;
      };
      expect(page1.applications.map((item) => item.topic)).toEqual(['Topic 2', 'Topic 1']);
      expect(page1.applications[0]?.applicant).toMatchObject({
        name: 'Applicant 2',
        email: applicants[2]?.user.email,
        role: 'student',
      });
      expect(page1.nextCursor).toEqual(expect.any(String));
      const second = await list(`?status=pending&limit=2&cursor=${page1.nextCursor}`);
      const page2 = second.json() as { applications: { topic: string }[]; nextCursor: string | null };
      expect(page2.applications.map((item) => item.topic)).toEqual(['Topic 0']);
      expect(page2.nextCursor).toBeNull();

      // Decline the middle one: it leaves the pending list and shows under declined, with the decider.
      const middle = (await list('?status=pending')).json().applications[1]._id as string;
      const declined = await fresh.app.inject({
        method: 'POST',
        url: `/api/v1/teaching/applications/${middle}/decision`,
        headers: boss.headers,
        payload: { decision: 'decline', note: 'Please add a sample.' },
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(
        (await list('?status=pending')).json().applications.map((item: { topic: string }) => item.topic),
      ).toEqual(['Topic 2', 'Topic 0']);
      expect((await list('?status=declined')).json().applications).toMatchObject([
        { topic: 'Topic 1', status: 'declined', decisionNote: 'Please add a sample.', decidedByName: 'Boss' },
      ]);
      expect((await list('')).json().applications).toHaveLength(3);
      expect((await list('?status=approved')).json().applications).toEqual([]);
      expect((await list('?cursor=not-a-cursor')).statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('students and instructors may not list or decide (403)', async () => {
    const student = await signIn(t, 'student');
    const id = await appliedId(await apply(student));
    const instructor = await signIn(t, 'instructor');
    for (const actor of [student, instructor]) {
      expect((await api.get(t, '/teaching/applications', actor)).statusCode).toBe(403);
      expect((await decide(id, { decision: 'approve' }, actor)).statusCode).toBe(403);
    }
    expect(await roleOf(student.user.id)).toBe('student');
  });
});

async function signInOn(app: TestApp, role: 'admin' | 'student', name = 'Boss'): Promise<SignedInUser> {
  const user = await createUser(app.db, { role, name });
  const { accessToken } = await login(app.app, user.email, user.password);
  return { user, token: accessToken, headers: bearer(accessToken) };
}

describe('deciding', () => {
  it('approval makes the student an instructor for their next request with the same token; they are notified once', async () => {
    const student = await signIn(t, 'student', { name: 'Ines Instructor' });
    const session = await login(t.app, student.user.email, student.user.password);
    const id = await appliedId(await apply(student));

    // Before: an instructor-only call is refused.
    expect((await api.get(t, '/instructor/home', student)).statusCode).toBe(403);

    const approved = await decide(id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: TEACHING_MESSAGES.approved('Ines Instructor'),
      application: {
        _id: id,
        status: 'approved',
        decisionNote: null,
        decidedAt: NOW.toISOString(),
        decidedByName: 'Ada Admin',
        applicant: { _id: student.user.id, role: 'instructor', isActive: true },
      },
    });
    expect(await roleOf(student.user.id)).toBe('instructor');

    // The very same access token now carries the instructor's permissions.
    const home = await api.get(t, '/instructor/home', student);
    expect(home.statusCode, home.body).toBe(200);
    const created = await api.post(
      t,
      '/courses',
      {
        title: 'My first course',
        shortDescription: 'Made right after approval.',
        category: 'Web Development',
        level: 'Beginner',
        price: 0,
        description: 'A course by a new instructor.',
        whatYouWillLearn: ['Everything'],
      },
      student,
    );
    expect(created.statusCode, created.body).toBe(201);
    // Over tRPC as well.
    expect((await trpcQuery(t, 'instructor.home', undefined, student)).statusCode).toBe(200);
    // The web app learns the role from its next refresh.
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: { cookie: session.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().role).toBe('instructor');

    const told = await notificationsOf(student.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'application_approved',
      title: 'You can now teach on Lectio',
      link: '',
    });
    expect((await mine(student)).application).toMatchObject({ _id: id, status: 'approved' });
    // An instructor does not apply again.
    expect((await apply(student)).statusCode).toBe(403);
  });

  it('a decline with a note tells the applicant the note; they may apply again', async () => {
    const student = await signIn(t, 'student');
    const id = await appliedId(await apply(student));
    const declined = await decide(id, { decision: 'decline', note: '  Please link a sample lesson.  ' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      message: TEACHING_MESSAGES.declined(student.user.name),
      application: { status: 'declined', decisionNote: 'Please link a sample lesson.' },
    });
    expect(await roleOf(student.user.id)).toBe('student');
    const told = await notificationsOf(student.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'application_declined',
      title: 'Your application to teach was declined',
      body: 'Your application to teach was declined: Please link a sample lesson.',
      link: 'teach',
    });
    expect((await mine(student)).application).toMatchObject({
      _id: id,
      status: 'declined',
      decisionNote: 'Please link a sample lesson.',
    });

    t.advanceClock(1000);
    const again = await appliedId(await apply(student));
    expect((await mine(student)).application).toMatchObject({ _id: again, status: 'pending' });
    expect(await applicationsOf(student.user.id)).toHaveLength(2);
  });

  it('a decline without a note says so plainly', async () => {
    const student = await signIn(t, 'student');
    const id = await appliedId(await apply(student));
    expect((await decide(id, { decision: 'decline' })).statusCode).toBe(200);
    const [told] = await notificationsOf(student.user.id);
    expect(told?.body).toBe('Your application to teach was declined.');
    expect((await mine(student)).application?.decisionNote).toBeNull();
  });

  it('deciding an application twice is a 409 and changes nothing', async () => {
    const student = await signIn(t, 'student');
    const id = await appliedId(await apply(student));
    expect((await decide(id, { decision: 'decline', note: 'Not now' })).statusCode).toBe(200);
    const again = await decide(id, { decision: 'approve' }, otherAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: TEACHING_MESSAGES.alreadyDecided });
    expect(await roleOf(student.user.id)).toBe('student');
    expect(await notificationsOf(student.user.id)).toHaveLength(1);
    const [row] = await applicationsOf(student.user.id);
    expect(row).toMatchObject({ status: 'declined', decisionNote: 'Not now', decidedBy: admin.user.id });
  });

  it('five concurrent decisions: exactly one wins, and the applicant is notified once', async () => {
    const student = await signIn(t, 'student');
    const id = await appliedId(await apply(student));
    const responses = await Promise.all([
      decide(id, { decision: 'approve' }),
      decide(id, { decision: 'decline', note: 'One' }, otherAdmin),
      decide(id, { decision: 'approve' }, otherAdmin),
      decide(id, { decision: 'decline', note: 'Two' }),
      decide(id, { decision: 'approve' }),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 200)?.json() as {
      application: { status: string };
    };
    const told = await notificationsOf(student.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]?.kind).toBe(`application_${winner.application.status}`);
    expect(await roleOf(student.user.id)).toBe(
      winner.application.status === 'approved' ? 'instructor' : 'student',
    );
    const [row] = await applicationsOf(student.user.id);
    expect(row?.status).toBe(winner.application.status);
  });

  it('a suspended applicant can’t be approved (409, still pending), only declined', async () => {
    const student = await signIn(t, 'student');
    const id = await appliedId(await apply(student));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, student.user.id));
    const approved = await decide(id, { decision: 'approve' });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(TEACHING_MESSAGES.applicantInactive);
    expect(await roleOf(student.user.id)).toBe('student');
    const [row] = await applicationsOf(student.user.id);
    expect(row?.status).toBe('pending');
    expect(await notificationsOf(student.user.id)).toEqual([]);
    expect((await decide(id, { decision: 'decline' })).statusCode).toBe(200);
  });

  it('an applicant made an instructor by hand meanwhile is approved without a role change', async () => {
    const student = await signIn(t, 'student', { name: 'Hana Hand' });
    const id = await appliedId(await apply(student));
    const changed = await api.patch(t, `/admin/users/${student.user.id}`, { role: 'instructor' }, admin);
    expect(changed.statusCode, changed.body).toBe(200);
    const approved = await decide(id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(TEACHING_MESSAGES.approvedAlreadyTeaching('Hana Hand'));
    expect(await roleOf(student.user.id)).toBe('instructor');
    expect((await notificationsOf(student.user.id, 'application_approved')).length).toBe(1);
  });

  it('an applicant given another role meanwhile is refused (409)', async () => {
    const student = await signIn(t, 'student');
    const id = await appliedId(await apply(student));
    await t.db.update(users).set({ role: 'moderator' }).where(eq(users.id, student.user.id));
    const approved = await decide(id, { decision: 'approve' });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(TEACHING_MESSAGES.applicantNotStudent('moderator'));
    expect(await roleOf(student.user.id)).toBe('moderator');
  });

  it('an unknown or malformed id is a 404; a bad decision or a long note a 400', async () => {
    expect((await decide('00000000-0000-4000-8000-000000000000', { decision: 'approve' })).statusCode).toBe(
      404,
    );
    expect((await decide('nope', { decision: 'approve' })).statusCode).toBe(404);
    const student = await signIn(t, 'student');
    const id = await appliedId(await apply(student));
    const bad = await decide(id, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    const long = await decide(id, { decision: 'decline', note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues).toEqual([{ path: 'note', message: TEACHING_MESSAGES.noteTooLong }]);
    const [row] = await applicationsOf(student.user.id);
    expect(row?.status).toBe('pending');
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, student.user.id))),
    ).toEqual([]);
  });
});
