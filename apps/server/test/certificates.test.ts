/**
 * Certificates of completion through HTTP (docs/decisions/0037-certificates.md): issued once, by the
 * progress write that completes a course, also under concurrent completions; not before, and not without
 * an enrollment; kept when the course later gains lectures; the PDF (read back with unpdf) and who may
 * download it; public verification; revoking by admins only.
 */

import type { AppRouter } from '@lectio/contracts/api';
import { CERTIFICATE_MESSAGES } from '@lectio/contracts/messages';
import { certificates, users } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  issueFor,
  type SignedInUser,
  signIn,
  trpcData,
  trpcMutation,
  trpcQuery,
} from './helpers/catalogue';
import { pdfText } from './helpers/pdf-text';
import { arrangeWatched } from './helpers/progress';
import { createTestApp, type TestApp } from './helpers/test-app';

const PUBLIC_URL = 'https://learn.example.org';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Verification = inferRouterOutputs<AppRouter>['certificates']['verify'];

let t: TestApp;
let admin: SignedInUser;
let instructor: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  admin = await signIn(t, 'admin');
  instructor = await signIn(t, 'instructor', { name: 'Asha Rao' });
});
afterAll(async () => {
  await t.close();
});

/** A published course of `lectures` lectures by the instructor, with `students` enrolled. */
async function courseWith(lectures: number, students: SignedInUser[], title?: string) {
  const course = await createCourse(t.db, {
    instructorId: instructor.user.id,
    ...(title ? { title } : {}),
  });
  const rows = [];
  for (let i = 0; i < lectures; i++)
    rows.push(await createLecture(t.db, { courseId: course.id, durationSeconds: 60 }));
  for (const student of students)
    await createEnrollment(t.db, { userId: student.user.id, courseId: course.id });
  return { course, lectures: rows };
}

/** The completing report of a lecture the student has watched through (helpers/progress.ts). */
async function complete(student: SignedInUser, lectureId: string) {
  await arrangeWatched(t, student.user.id, lectureId);
  return api.post(t, `/progress/${lectureId}`, { watchedDuration: 60, completed: true }, student);
}

async function certificatesOf(userId: string, courseId?: string) {
  return t.db
    .select()
    .from(certificates)
    .where(
      courseId
        ? and(eq(certificates.userId, userId), eq(certificates.courseId, courseId))
        : eq(certificates.userId, userId),
    );
}

describe('issuing', () => {
  it('issues nothing until the last lecture is complete, then exactly one certificate with the facts of that day', async () => {
    const student = await signIn(t, 'student', { name: 'Ravi Kumar' });
    const { course, lectures } = await courseWith(3, [student], 'Full-Stack TypeScript');

    const partly = await api.post(
      t,
      `/progress/${lectures[0]!.id}`,
      { watchedDuration: 30, completed: false },
      student,
    );
    expect(partly.json()).toMatchObject({ certificateId: null });
    expect((await complete(student, lectures[0]!.id)).json()).toMatchObject({ certificateId: null });
    expect((await complete(student, lectures[1]!.id)).json()).toMatchObject({ certificateId: null });
    expect(await certificatesOf(student.user.id)).toEqual([]);

    const last = await complete(student, lectures[2]!.id);
    expect(last.statusCode).toBe(200);
    const { certificateId } = last.json() as { certificateId: string };
    expect(certificateId).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await certificatesOf(student.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        id: certificateId,
        courseId: course.id,
        studentName: 'Ravi Kumar',
        courseTitle: 'Full-Stack TypeScript',
        instructorName: 'Asha Rao',
        revokedAt: null,
      }),
    ]);

    // Playing a completed lecture again answers the same certificate and issues nothing new.
    const again = await api.post(
      t,
      `/progress/${lectures[1]!.id}`,
      { watchedDuration: 5, completed: false },
      student,
    );
    expect(again.json()).toMatchObject({ progress: { completed: true }, certificateId });
    expect(await certificatesOf(student.user.id)).toHaveLength(1);
  });

  it('gives exactly one certificate when the last lectures are completed at the same moment', async () => {
    // Many students at once, each finishing their last three lectures in parallel: the interleavings where
    // every request's check runs before the others commit are the ones a same-transaction check gets wrong.
    const students = await Promise.all(Array.from({ length: 8 }, () => signIn(t, 'student')));
    const { course, lectures } = await courseWith(4, students);
    for (const student of students) await complete(student, lectures[0]!.id);
    const responses = await Promise.all(
      students.flatMap((student) => lectures.slice(1).map((lecture) => complete(student, lecture.id))),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    for (const [index, student] of students.entries()) {
      const rows = await certificatesOf(student.user.id, course.id);
      expect(rows, `student ${index}`).toHaveLength(1);
      const answered = responses
        .slice(index * 3, index * 3 + 3)
        .map((response) => (response.json() as { certificateId: string | null }).certificateId);
      // The calls that saw the course complete name that one certificate; at least one did.
      expect(answered).toContain(rows[0]!.id);
      for (const id of answered) expect([null, rows[0]!.id]).toContain(id);
    }
  });

  it('gives exactly one certificate when the final completions are each sent twice at once (a retry)', async () => {
    const student = await signIn(t, 'student');
    const { course, lectures } = await courseWith(4, [student]);
    const responses = await Promise.all(
      [...lectures, ...lectures].map((lecture) => complete(student, lecture.id)),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    const rows = await certificatesOf(student.user.id, course.id);
    expect(rows).toHaveLength(1);
    const answered = responses.map(
      (response) => (response.json() as { certificateId: string | null }).certificateId,
    );
    expect(answered).toContain(rows[0]!.id);
  });

  it('gives one certificate when the same final completion is sent many times at once', async () => {
    const student = await signIn(t, 'student');
    const { course, lectures } = await courseWith(1, [student]);
    const responses = await Promise.all(Array.from({ length: 12 }, () => complete(student, lectures[0]!.id)));
    const rows = await certificatesOf(student.user.id, course.id);
    expect(rows).toHaveLength(1);
    for (const response of responses) expect(response.json()).toMatchObject({ certificateId: rows[0]!.id });
  });

  it('issues nothing without an enrollment: not to an admin, nor to a student watching a free preview', async () => {
    const visitor = await signIn(t, 'student');
    const course = await createCourse(t.db, { instructorId: instructor.user.id });
    const preview = await createLecture(t.db, { courseId: course.id, isPreview: true, durationSeconds: 60 });
    for (const actor of [admin, visitor]) {
      const response = await complete(actor, preview.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ progress: { completed: true }, certificateId: null });
    }
    const rows = await t.db.select().from(certificates).where(eq(certificates.courseId, course.id));
    expect(rows).toEqual([]);
  });

  it('keeps the certificate when the course later gains a lecture, and issues no second one', async () => {
    const student = await signIn(t, 'student');
    const { course, lectures } = await courseWith(1, [student]);
    const { certificateId } = (await complete(student, lectures[0]!.id)).json() as { certificateId: string };
    const added = await createLecture(t.db, { courseId: course.id, durationSeconds: 60 });

    const verified = await api.get(t, `/certificates/${certificateId}`);
    expect(verified.json()).toMatchObject({ status: 'valid' });
    const progress = await api.get(t, `/progress/course/${course.id}`, student);
    expect(progress.json()).toMatchObject({ progress: { completionPercentage: 50 } });
    // Completing the new lecture as well changes nothing: one certificate per student and course.
    expect((await complete(student, added.id)).json()).toMatchObject({ certificateId });
    expect(await certificatesOf(student.user.id, course.id)).toHaveLength(1);
  });

  it('counts only the course’s own lectures: progress elsewhere does not complete it', async () => {
    const student = await signIn(t, 'student');
    const { lectures } = await courseWith(2, [student]);
    const other = await courseWith(1, [student]);
    await complete(student, other.lectures[0]!.id);
    expect((await complete(student, lectures[0]!.id)).json()).toMatchObject({ certificateId: null });
    const rows = await certificatesOf(student.user.id);
    expect(rows.map((row) => row.courseId)).toEqual([other.course.id]);
  });
});

describe('certificates.mine', () => {
  it('lists the signed-in student’s certificates, newest first, and nobody else’s', async () => {
    const student = await signIn(t, 'student');
    const first = await courseWith(1, [student], 'First Course');
    const second = await courseWith(1, [student], 'Second Course');
    await complete(student, first.lectures[0]!.id);
    t.advanceClock(60_000);
    await complete(student, second.lectures[0]!.id);
    const someoneElse = await signIn(t, 'student');

    const mine = await api.get(t, '/certificates/mine', student);
    expect(mine.statusCode).toBe(200);
    const body = mine.json() as { certificates: (Verification & { courseId: string })[] };
    expect(body.certificates.map((c) => [c.courseTitle, c.courseId, c.status])).toEqual([
      ['Second Course', second.course.id, 'valid'],
      ['First Course', first.course.id, 'valid'],
    ]);
    expect(trpcData(await trpcQuery(t, 'certificates.mine', undefined, student))).toEqual(body);
    expect((await api.get(t, '/certificates/mine', someoneElse)).json()).toEqual({ certificates: [] });
    expect((await api.get(t, '/certificates/mine')).statusCode).toBe(401);
  });
});

describe('certificates.verify (public)', () => {
  let certificateId: string;
  beforeAll(async () => {
    const student = await signIn(t, 'student', { name: 'Meera Iyer' });
    const { lectures } = await courseWith(1, [student], 'Verified Course');
    ({ certificateId } = (await complete(student, lectures[0]!.id)).json() as { certificateId: string });
  });

  it('tells anyone what the certificate states and that it is valid', async () => {
    const response = await api.get(t, `/certificates/${certificateId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: certificateId,
      status: 'valid',
      studentName: 'Meera Iyer',
      courseTitle: 'Verified Course',
      instructorName: 'Asha Rao',
      issuedAt: expect.any(String),
      revokedAt: null,
      revokedReason: null,
    });
    const viaTrpc = trpcData(await trpcQuery(t, 'certificates.verify', { id: certificateId }));
    expect(viaTrpc).toEqual(response.json());
  });

  it('says the certificate still reads as issued after the student renames themselves', async () => {
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, certificateId));
    await t.db.update(users).set({ name: 'Someone Else' }).where(eq(users.id, row!.userId!));
    expect((await api.get(t, `/certificates/${certificateId}`)).json()).toMatchObject({
      studentName: 'Meera Iyer',
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await api.get(t, `/certificates/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: CERTIFICATE_MESSAGES.notFound });
    for (const bad of ['not-a-certificate', `${UNKNOWN_ID}0`, '12345']) {
      const response = await api.get(t, `/certificates/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(issueFor(response, 'id')).toBe(CERTIFICATE_MESSAGES.invalidId);
    }
    const malformed = await trpcQuery(t, 'certificates.verify', { id: 'nope' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('the PDF', () => {
  let owner: SignedInUser;
  let certificateId: string;
  beforeAll(async () => {
    owner = await signIn(t, 'student', { name: 'Ananya Iyer' });
    const { lectures } = await courseWith(
      2,
      [owner],
      'Data Science Foundations: From Notebooks to Production',
    );
    await complete(owner, lectures[0]!.id);
    ({ certificateId } = (await complete(owner, lectures[1]!.id)).json() as { certificateId: string });
  });

  it('is a PDF attachment naming the student, the course, the instructor, the date and the verification URL', async () => {
    const response = await api.get(t, `/certificates/${certificateId}/pdf`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="lectio-certificate-data-science-foundations-from-notebooks-to-production.pdf"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Ananya Iyer');
    expect(text).toContain('Data Science Foundations: From Notebooks to Production');
    expect(text).toContain('taught by Asha Rao');
    expect(text).toContain(certificateId);
    expect(text).toContain(`${PUBLIC_URL}/certificates/${certificateId}`);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, certificateId));
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(text).toContain(day.format(row!.issuedAt));
  });

  it('is the same bytes on every download', async () => {
    const first = await api.get(t, `/certificates/${certificateId}/pdf`, owner);
    const second = await api.get(t, `/certificates/${certificateId}/pdf`, owner);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('downloads for its owner and admins; anyone else gets 404 (as for an unknown id), anonymous 401', async () => {
    expect((await api.get(t, `/certificates/${certificateId}/pdf`, admin)).statusCode).toBe(200);
    const otherStudent = await signIn(t, 'student');
    for (const actor of [otherStudent, instructor]) {
      const response = await api.get(t, `/certificates/${certificateId}/pdf`, actor);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: CERTIFICATE_MESSAGES.notFound });
    }
    expect((await api.get(t, `/certificates/${UNKNOWN_ID}/pdf`, owner)).statusCode).toBe(404);
    expect((await api.get(t, `/certificates/${certificateId}/pdf`)).statusCode).toBe(401);
    const malformed = await api.get(t, '/certificates/nope/pdf', owner);
    expect(malformed.statusCode).toBe(400);
    expect(issueFor(malformed, 'id')).toBe(CERTIFICATE_MESSAGES.invalidId);
  });

  it('prints names the standard fonts cannot encode without failing: transliterated or replaced', async () => {
    const student = await signIn(t, 'student', { name: 'Дмитрий Łukasz Ωmega 张伟 Zoë' });
    const { lectures } = await courseWith(1, [student], 'Ελληνικά for Beginners — Ünïcödé');
    const { certificateId: id } = (await complete(student, lectures[0]!.id)).json() as {
      certificateId: string;
    };
    const response = await api.get(t, `/certificates/${id}/pdf`, student);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Dmitrij Lukasz Omega ?? Zoë');
    expect(text).toContain('Ellinika for Beginners — Ünïcödé');
    // The exact text stays on the verification page.
    expect((await api.get(t, `/certificates/${id}`)).json()).toMatchObject({
      studentName: 'Дмитрий Łukasz Ωmega 张伟 Zoë',
    });
  });
});

describe('certificates.revoke (admins)', () => {
  it('is refused to students and instructors; an admin revokes with a reason, once', async () => {
    const student = await signIn(t, 'student');
    const { lectures } = await courseWith(1, [student], 'Revoked Course');
    const { certificateId } = (await complete(student, lectures[0]!.id)).json() as { certificateId: string };
    const reason = 'Completed by someone else';

    for (const actor of [student, instructor]) {
      const refused = await api.post(t, `/certificates/${certificateId}/revoke`, { reason }, actor);
      expect(refused.statusCode).toBe(403);
    }
    expect((await api.post(t, `/certificates/${certificateId}/revoke`, { reason })).statusCode).toBe(401);
    const blank = await api.post(t, `/certificates/${certificateId}/revoke`, { reason: '   ' }, admin);
    expect(blank.statusCode).toBe(400);
    expect(issueFor(blank, 'reason')).toBe(CERTIFICATE_MESSAGES.reasonRequired);
    const tooLong = await api.post(
      t,
      `/certificates/${certificateId}/revoke`,
      { reason: 'x'.repeat(501) },
      admin,
    );
    expect(tooLong.statusCode).toBe(400);
    expect((await api.get(t, `/certificates/${certificateId}`)).json()).toMatchObject({ status: 'valid' });

    const revoked = await api.post(
      t,
      `/certificates/${certificateId}/revoke`,
      { reason: ` ${reason} ` },
      admin,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      message: CERTIFICATE_MESSAGES.revoked,
      certificate: {
        id: certificateId,
        status: 'revoked',
        revokedAt: expect.any(String),
        revokedReason: reason,
      },
    });

    // Public verification says revoked, without the reason; an admin and the owner see the reason.
    const publicView = (await api.get(t, `/certificates/${certificateId}`)).json() as Verification;
    expect(publicView).toMatchObject({ status: 'revoked', revokedReason: null });
    expect(publicView.revokedAt).toEqual(expect.any(String));
    expect((await api.get(t, `/certificates/${certificateId}`, admin)).json()).toMatchObject({
      revokedReason: reason,
    });
    expect((await api.get(t, '/certificates/mine', student)).json()).toMatchObject({
      certificates: [{ id: certificateId, status: 'revoked', revokedReason: reason }],
    });

    // Revoked for good: a second revoke is a 409, and completing the course again issues nothing new.
    const again = trpcMutation(t, 'certificates.revoke', { id: certificateId, reason: 'again' }, admin);
    expect((await again).statusCode).toBe(409);
    expect((await complete(student, lectures[0]!.id)).json()).toMatchObject({ certificateId });
    expect(await certificatesOf(student.user.id)).toHaveLength(1);

    // Its PDF still downloads, marked as revoked.
    const pdf = await api.get(t, `/certificates/${certificateId}/pdf`, student);
    expect(await pdfText(pdf.rawPayload)).toMatch(/REVOKED on \d{1,2} \w+ \d{4}/);
  });

  it('answers 404 for an unknown certificate and 400 for a malformed id', async () => {
    const unknown = await api.post(t, `/certificates/${UNKNOWN_ID}/revoke`, { reason: 'x' }, admin);
    expect(unknown.statusCode).toBe(404);
    const malformed = await api.post(t, '/certificates/nope/revoke', { reason: 'x' }, admin);
    expect(malformed.statusCode).toBe(400);
  });
});
