/**
 * E-mail about a course (issue 28, decision 0089): every course e-mail carries a one-click unsubscribe
 * link (List-Unsubscribe + List-Unsubscribe-Post headers and a visible line); the link works without
 * signing in, and only for its own user and course; an altered token is a 400 that changes nothing; the
 * RFC 8058 POST to the header's address unsubscribes; an opted-out student still gets the notification
 * but no e-mail; a signed-in user sees and sets their own choice per course.
 */
import { COURSE_MAIL_MESSAGES } from '@lectio/contracts/course-mail';
import type { OutboxMessage } from '@lectio/contracts/mail';
import { MAIL_MESSAGES } from '@lectio/contracts/messages';
import { courseMailOptOuts, mailMessages, notifications, users } from '@lectio/db';
import { createCourse, createEnrollment, createUser } from '@lectio/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUnsubscribeToken, signUnsubscribeToken } from '../src/services/course-mail/unsubscribe-token';
import {
  api,
  issueFor,
  type SignedInUser,
  signIn,
  trpcData,
  trpcMutation,
  trpcQuery,
} from './helpers/catalogue';
import { mailTo } from './helpers/outbox';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

let t: TestApp;
let owner: SignedInUser;
let ann: SignedInUser;
let ben: SignedInUser;
let stranger: SignedInUser;
let courseX: { id: string; title: string };
let courseY: { id: string; title: string };
let draftId: string;

async function announce(courseId: string, title: string) {
  const response = await api.post(t, `/courses/${courseId}/announcements`, { title, body: 'Hello' }, owner);
  expect(response.statusCode, response.body).toBe(201);
}

async function optOuts() {
  return (await t.db.select().from(courseMailOptOuts)).map((row) => `${row.userId}/${row.courseId}`).sort();
}

const optOut = (user: SignedInUser, course: { id: string }) => `${user.user.id}/${course.id}`;

/** The token of the unsubscribe line at the foot of a course e-mail. */
function unsubscribeTokenIn(message: OutboxMessage): string {
  const match = message.text.match(/\/unsubscribe\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no unsubscribe link in ${message.subject}`);
  return match[1];
}

let annX: OutboxMessage;
let annXToken: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t, 'instructor', { name: 'Ada Owner' });
  ann = await signIn(t, 'student');
  ben = await signIn(t, 'student');
  stranger = await signIn(t, 'student');
  const x = await createCourse(t.db, { instructorId: owner.user.id, title: 'Rust <for> "everyone"' });
  const y = await createCourse(t.db, { instructorId: owner.user.id, title: 'Go basics' });
  courseX = { id: x.id, title: x.title };
  courseY = { id: y.id, title: y.title };
  draftId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
  for (const student of [ann, ben])
    for (const course of [courseX, courseY])
      await createEnrollment(t.db, { userId: student.user.id, courseId: course.id });
  await announce(courseX.id, 'Welcome to X');
  await announce(courseY.id, 'Welcome to Y');
  const mail = await mailTo(t, ann.user.email);
  const found = mail.find((message) => message.subject.includes('Welcome to X'));
  if (!found) throw new Error('no announcement e-mail for course X');
  annX = found;
  annXToken = unsubscribeTokenIn(annX);
});
afterAll(async () => {
  await t?.close();
});

describe('the unsubscribe link in a course e-mail', () => {
  it('is hidden from an admin reading the outbox (it unsubscribes its addressee without sign-in)', async () => {
    const admin = await signIn(t, 'admin');
    const response = await api.get(t, `/mail/${annX._id}/outbox`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(annXToken);
    const { message } = response.json() as { message: OutboxMessage };
    expect(message.text).toContain(MAIL_MESSAGES.tokenLinkHidden);
    expect(message.html).not.toContain('/unsubscribe?token=');
    // The rest of the letter stays readable.
    expect(message.text).toContain('Welcome to X');
  });

  it('is in the List-Unsubscribe header with One-Click, in the text and in the HTML, and on the message row', async () => {
    const url = `${t.config.publicUrl.replace(/\/$/, '')}/unsubscribe?token=${annXToken}`;
    expect(annX.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(annX.text).toContain(`Unsubscribe from e-mails about ${courseX.title}: ${url}`);
    // The course title is escaped in the HTML; the link is there as written.
    expect(annX.html).toContain('Unsubscribe from e-mails about Rust &lt;for&gt; &quot;everyone&quot;');
    expect(annX.html).toContain(`href="${url}"`);
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, annX._id));
    expect(row?.unsubscribeUrl).toBe(url);
    expect(readUnsubscribeToken(TEST_JWT_SECRET, annXToken)).toEqual({
      userId: ann.user.id,
      courseId: courseX.id,
    });
  });

  it('tells what it is about without signing in, and changes nothing by being read', async () => {
    const response = await api.get(t, `/course-mail/subscription?token=${annXToken}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ courseId: courseX.id, courseTitle: courseX.title, emails: true });
    expect(await optOuts()).toEqual([]);
  });

  it('refuses an altered token with a clear 400, and changes nothing', async () => {
    const last = annXToken.at(-1) === 'A' ? 'B' : 'A';
    for (const token of [`${annXToken.slice(0, -1)}${last}`, annXToken.slice(0, -2), 'not-a-token']) {
      const response = await api.post(t, '/course-mail/unsubscribe', { token });
      expect(response.statusCode, token).toBe(400);
      expect(response.json().message).toBe(COURSE_MAIL_MESSAGES.tokenInvalid);
    }
    // An empty one fails the input schema: the field's issue says the same.
    const empty = await api.post(t, '/course-mail/unsubscribe', { token: '' });
    expect(empty.statusCode).toBe(400);
    expect(issueFor(empty, 'token')).toBe(COURSE_MAIL_MESSAGES.tokenInvalid);
    const read = await api.get(t, `/course-mail/subscription?token=x${annXToken}`);
    expect(read.statusCode).toBe(400);
    expect(await optOuts()).toEqual([]);
  });

  it("can't be turned into another user's or another course's: A/X's signature on B/X or A/Y is refused", async () => {
    const bytes = Buffer.from(annXToken, 'base64url');
    const idBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
    const forged = [
      Buffer.concat([idBytes(ben.user.id), bytes.subarray(16)]),
      Buffer.concat([bytes.subarray(0, 16), idBytes(courseY.id), bytes.subarray(32)]),
    ].map((token) => token.toString('base64url'));
    // A token for the same ids under another secret is no better.
    forged.push(signUnsubscribeToken('another-secret', { userId: ben.user.id, courseId: courseX.id }));
    for (const token of forged) {
      const response = await api.post(t, '/course-mail/unsubscribe', { token });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(COURSE_MAIL_MESSAGES.tokenInvalid);
    }
    expect(await optOuts()).toEqual([]);
  });

  it('answers 404 for an account that no longer exists, on reading and on each change, and writes nothing', async () => {
    const gone = await createUser(t.db);
    const token = signUnsubscribeToken(TEST_JWT_SECRET, { userId: gone.id, courseId: courseX.id });
    await t.db.delete(users).where(eq(users.id, gone.id));
    const responses = [
      await api.get(t, `/course-mail/subscription?token=${token}`),
      await api.post(t, '/course-mail/unsubscribe', { token }),
      await api.post(t, '/course-mail/resubscribe', { token }),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(COURSE_MAIL_MESSAGES.accountGone);
    }
    expect(await optOuts()).toEqual([]);
  });

  it('unsubscribes its own user from its own course only, without signing in; twice is fine', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await api.post(t, '/course-mail/unsubscribe', { token: annXToken });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        message: COURSE_MAIL_MESSAGES.unsubscribed(courseX.title),
        data: { courseId: courseX.id, courseTitle: courseX.title, emails: false },
      });
    }
    expect(await optOuts()).toEqual([optOut(ann, courseX)]);
  });

  it('an opted-out student still gets the notification, but no e-mail', async () => {
    const mailBefore = (await mailTo(t, ann.user.email)).length;
    await announce(courseX.id, 'Lesson 3 was re-recorded');
    const annMail = await mailTo(t, ann.user.email);
    expect(annMail).toHaveLength(mailBefore);
    expect(await mailTo(t, ben.user.email)).toContainEqual(
      expect.objectContaining({ subject: `${courseX.title}: Lesson 3 was re-recorded` }),
    );
    const annNotes = await t.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, ann.user.id), eq(notifications.kind, 'announcement_posted')));
    expect(annNotes).toContainEqual({
      title: `Announcement in ${courseX.title}`,
      body: 'Lesson 3 was re-recorded',
    });
    const queued = await t.db
      .select({ subject: mailMessages.subject })
      .from(mailMessages)
      .where(eq(mailMessages.userId, ann.user.id));
    expect(queued.map((row) => row.subject)).not.toContain(`${courseX.title}: Lesson 3 was re-recorded`);
    // Course Y's e-mail still reaches them.
    await announce(courseY.id, 'Y news');
    expect(await mailTo(t, ann.user.email)).toContainEqual(
      expect.objectContaining({ subject: `${courseY.title}: Y news` }),
    );
  });

  it('resubscribes by the same link over tRPC', async () => {
    const response = await trpcMutation(t, 'courseMail.resubscribe', { token: annXToken });
    expect(trpcData(response)).toEqual({
      message: COURSE_MAIL_MESSAGES.resubscribed(courseX.title),
      data: { courseId: courseX.id, courseTitle: courseX.title, emails: true },
    });
    expect(await optOuts()).toEqual([]);
  });
});

describe('RFC 8058 one-click: POST to the List-Unsubscribe address', () => {
  it('unsubscribes without a session, form-encoded as mail clients send it', async () => {
    const [benX] = (await mailTo(t, ben.user.email)).filter((m) => m.subject.includes('Welcome to X'));
    if (!benX) throw new Error('no e-mail to Ben');
    const url = new URL((benX.headers?.['List-Unsubscribe'] ?? '').slice(1, -1));
    expect(url.pathname).toBe('/unsubscribe');
    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await optOuts()).toEqual([optOut(ben, courseX)]);
    // Multipart, the other encoding RFC 8058 allows, works too (and again changes nothing more).
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await optOuts()).toEqual([optOut(ben, courseX)]);
  });

  it('refuses an altered token with 400 and the same message, changing nothing', async () => {
    const token = signUnsubscribeToken('another-secret', { userId: ann.user.id, courseId: courseY.id });
    const response = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(COURSE_MAIL_MESSAGES.tokenInvalid);
    const missing = await t.app.inject({ method: 'POST', url: '/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(await optOuts()).toEqual([optOut(ben, courseX)]);
  });
});

describe("a signed-in user's own setting per course", () => {
  it('reads and sets it over REST and tRPC, for themselves only', async () => {
    const before = await api.get(t, `/courses/${courseY.id}/mail-preference`, ann);
    expect(before.json().data).toEqual({ courseId: courseY.id, courseTitle: courseY.title, emails: true });
    const off = await api.put(t, `/courses/${courseY.id}/mail-preference`, { emails: false }, ann);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(COURSE_MAIL_MESSAGES.emailsOff);
    expect(await optOuts()).toEqual([optOut(ann, courseY), optOut(ben, courseX)].sort());
    const read = trpcData<{ data: { emails: boolean } }>(
      await trpcQuery(t, 'courseMail.preference', { courseId: courseY.id }, ann),
    );
    expect(read.data.emails).toBe(false);
    // Ben's own setting for Y is untouched.
    const benY = await api.get(t, `/courses/${courseY.id}/mail-preference`, ben);
    expect(benY.json().data.emails).toBe(true);
    const on = trpcData<{ message: string }>(
      await trpcMutation(t, 'courseMail.setPreference', { courseId: courseY.id, emails: true }, ann),
    );
    expect(on.message).toBe(COURSE_MAIL_MESSAGES.emailsOn);
    expect(await optOuts()).toEqual([optOut(ben, courseX)]);
  });

  it('is 404 for a course the user may not see, 401 without a session, 400 for a bad value', async () => {
    expect((await api.get(t, `/courses/${draftId}/mail-preference`, stranger)).statusCode).toBe(404);
    expect(
      (await api.put(t, `/courses/${draftId}/mail-preference`, { emails: false }, stranger)).statusCode,
    ).toBe(404);
    expect((await api.get(t, `/courses/${courseX.id}/mail-preference`)).statusCode).toBe(401);
    const bad = await api.put(t, `/courses/${courseX.id}/mail-preference`, { emails: 'no' }, ann);
    expect(bad.statusCode).toBe(400);
    expect(await optOuts()).toEqual([optOut(ben, courseX)]);
  });
});
