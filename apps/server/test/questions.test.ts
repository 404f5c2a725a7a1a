/**
 * Questions and answers (issue 28 item 1, decision 0088): asking on a lesson at a time of its video,
 * answering (the instructor's answers badged), accepting, one vote per user under concurrency, following
 * and its notifications, hidden posts vanishing from every learner view, search within a course, the
 * unanswered list, moderation, access as opening the lesson (a non-enrolled user can neither read nor
 * post), bad input changing nothing, and only one's own posts edited or deleted (403 for another's
 * readable post, 404 for one the caller can't see).
 */
import { PROFILE_MESSAGES } from '@lectio/contracts/messages';
import {
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  type QuestionDetail,
  type QuestionPage,
  questionLink,
} from '@lectio/contracts/questions';
import {
  courseQuestions,
  enrollments,
  mailMessages,
  notifications,
  questionAnswers,
  questionFollows,
} from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
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
import { addLessonOpeningAfter } from './helpers/drip';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let asker: SignedInUser;
let classmate: SignedInUser;
let stranger: SignedInUser;
let courseId: string;
let otherCourseId: string;
let draftId: string;
let video: string;
let article: string;
let preview: string;
let later: string;

async function enroll(student: SignedInUser, course = courseId) {
  await createEnrollment(t.db, { userId: student.user.id, courseId: course });
}

async function ask(
  body: Record<string, unknown>,
  as: SignedInUser = asker,
  course = courseId,
): Promise<QuestionDetail> {
  const response = await api.post(t, `/courses/${course}/questions`, body, as);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().message).toBe(QUESTION_MESSAGES.asked);
  return response.json().question;
}

async function answer(questionId: string, body: string, as: SignedInUser) {
  const response = await api.post(t, `/questions/${questionId}/answers`, { body }, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().answer as QuestionDetail['answers'][number];
}

async function get(questionId: string, as: SignedInUser): Promise<QuestionDetail> {
  const response = await api.get(t, `/questions/${questionId}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().question;
}

async function list(as: SignedInUser, query = '', course = courseId): Promise<QuestionPage> {
  const response = await api.get(t, `/courses/${course}/questions${query ? `?${query}` : ''}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const titles = (page: QuestionPage) => page.questions.map((question) => question.title);

async function questionRow(id: string) {
  const [row] = await t.db.select().from(courseQuestions).where(eq(courseQuestions.id, id));
  return row;
}

async function notificationsOf(userId: string, kind: 'question_asked' | 'question_answered') {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

/** A fresh course of `owner` with one 5-minute video lesson, and enrolled students. */
async function freshCourse(...students: SignedInUser[]) {
  const course = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
  const lesson = (await createLecture(t.db, { courseId: course, title: 'Lesson', durationSeconds: 300 })).id;
  for (const student of students) await enroll(student, course);
  return { course, lesson };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor', { name: 'Priya Nair' });
  otherInstructor = await signIn(t, 'instructor');
  asker = await signIn(t, 'student', { name: 'Asha Rao' });
  classmate = await signIn(t, 'student', { name: 'Vikram Shah' });
  stranger = await signIn(t, 'student');
  courseId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
  video = (await createLecture(t.db, { courseId, title: 'Setting up', durationSeconds: 300 })).id;
  article = (await createLecture(t.db, { courseId, title: 'Reading', kind: 'article' })).id;
  preview = (await createLecture(t.db, { courseId, title: 'Preview', isPreview: true })).id;
  otherCourseId = (await createCourse(t.db, { instructorId: otherInstructor.user.id, isPublished: true })).id;
  draftId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
  await enroll(asker);
  await enroll(classmate);
  await enroll(asker, otherCourseId);
  later = await addLessonOpeningAfter(t, owner, courseId);
});
afterAll(async () => {
  await t?.close();
});

describe('asking and answering', () => {
  it('asks at 0:42 of a video lesson: the asker follows it and the instructor is notified', async () => {
    const question = await ask({
      lectureId: video,
      title: '  npm install fails  ',
      body: 'At 0:42 I get ENOENT:\n\n```\nENOENT\n```',
      seconds: 42,
    });
    expect(question).toMatchObject({
      courseId,
      lecture: { _id: video, title: 'Setting up', kind: 'video' },
      author: { name: 'Asha Rao', isInstructor: false },
      title: 'npm install fails',
      seconds: 42,
      answerCount: 0,
      voteCount: 0,
      mine: true,
      followedByMe: true,
      hidden: false,
      canEdit: true,
      canAccept: true,
      canReport: false,
      answers: [],
    });
    const [notice] = await notificationsOf(owner.user.id, 'question_asked');
    expect(notice).toMatchObject({
      title: expect.stringContaining('New question'),
      link: questionLink({ id: question._id, courseId, lectureId: video }),
    });
    expect(notice?.link).toBe(`course/${courseId}/lecture/${video}?question=${question._id}`);
  });

  it('answers: the instructor’s answer carries the badge; followers but the author are notified', async () => {
    const question = await ask({
      lectureId: video,
      title: 'Which Node version?',
      body: 'The video uses 20?',
    });
    await api.put(t, `/questions/${question._id}/follow`, {}, classmate);
    const before = (await notificationsOf(asker.user.id, 'question_answered')).length;
    const byInstructor = await answer(question._id, 'Node 24 works too.', owner);
    expect(byInstructor.author).toMatchObject({ name: 'Priya Nair', isInstructor: true });
    const byClassmate = await answer(question._id, 'I used 22.', classmate);
    expect(byClassmate.author).toMatchObject({ name: 'Vikram Shah', isInstructor: false });

    const seen = await get(question._id, asker);
    expect(seen.answerCount).toBe(2);
    expect(seen.answers.map((item) => item.body)).toEqual(['Node 24 works too.', 'I used 22.']);
    expect(seen.answers.every((item) => item.canAccept && !item.canEdit)).toBe(true);

    // The asker heard of both answers; the classmate of the instructor's only (not of their own).
    const toAsker = await notificationsOf(asker.user.id, 'question_answered');
    expect(toAsker.length - before).toBe(2);
    expect(toAsker.at(-1)?.link).toBe(questionLink({ id: question._id, courseId, lectureId: video }));
    const toClassmate = await notificationsOf(classmate.user.id, 'question_answered');
    expect(toClassmate.filter((item) => item.body.includes('Priya Nair'))).toHaveLength(1);
    expect(toClassmate.filter((item) => item.body.includes('Vikram Shah'))).toHaveLength(0);
    // The instructor doesn't follow: no answer notification for them.
    expect(await notificationsOf(owner.user.id, 'question_answered')).toHaveLength(0);
  });

  it('e-mails followers of a new answer (not its author, not who opted out of the course), with its link', async () => {
    const { course, lesson } = await freshCourse(asker, classmate);
    const question = await ask(
      { lectureId: lesson, title: 'Where is the code?', body: 'Link?' },
      asker,
      course,
    );
    await api.put(t, `/questions/${question._id}/follow`, {}, classmate);
    // The classmate opts out of this course's e-mail: notified, not e-mailed.
    const optOut = await api.put(t, `/courses/${course}/mail-preference`, { emails: false }, classmate);
    expect(optOut.statusCode).toBe(200);
    const mailsTo = (userId: string) =>
      t.db
        .select()
        .from(mailMessages)
        .where(
          and(
            eq(mailMessages.userId, userId),
            eq(mailMessages.template, 'question_answered'),
            eq(mailMessages.subject, 'New answer: Where is the code?'),
          ),
        );

    await answer(question._id, 'In the **resources** of lesson 1.', owner);
    const [toAsker, ...more] = await mailsTo(asker.user.id);
    expect(more).toHaveLength(0);
    expect(toAsker).toMatchObject({ toAddress: asker.user.email, subject: 'New answer: Where is the code?' });
    expect(toAsker?.text).toContain('Priya Nair answered "Where is the code?"');
    expect(toAsker?.text).toContain('In the **resources** of lesson 1.');
    // The link opens the question in the student's own section; the unsubscribe link is this course's.
    expect(toAsker?.text).toContain(`/dashboard/course/${course}/lecture/${lesson}?question=${question._id}`);
    expect(toAsker?.unsubscribeUrl).toMatch(/\/unsubscribe\?token=/);
    expect(await mailsTo(classmate.user.id)).toHaveLength(0);
    expect(await notificationsOf(classmate.user.id, 'question_answered')).not.toHaveLength(0);
    // The answer's author gets no e-mail of their own answer.
    await answer(question._id, 'Thanks!', asker);
    expect(await mailsTo(asker.user.id)).toHaveLength(1);
    expect(await mailsTo(owner.user.id)).toHaveLength(0);
  });

  it('a general question (no lesson) takes the whole course; works over tRPC too', async () => {
    const created = trpcData<{ question: QuestionDetail }>(
      await trpcMutation(
        t,
        'questions.ask',
        { courseId, title: 'Certificate?', body: 'Is there one?' },
        asker,
      ),
    );
    expect(created.question).toMatchObject({ lecture: null, seconds: null });
    const [notice] = (await notificationsOf(owner.user.id, 'question_asked')).filter((item) =>
      item.link?.includes(created.question._id),
    );
    expect(notice?.link).toBe(`course/${courseId}?question=${created.question._id}`);
    const page = trpcData<QuestionPage>(await trpcQuery(t, 'questions.list', { courseId }, classmate));
    expect(page.questions.map((item) => item._id)).toContain(created.question._id);
  });

  it('the asker or the instructor accepts one answer, changes it, takes it back; nobody else', async () => {
    const question = await ask({ lectureId: video, title: 'Accept me', body: 'Which is right?' });
    const first = await answer(question._id, 'First answer', classmate);
    const second = await answer(question._id, 'Second answer', owner);
    const accept = (answerId: string, as: SignedInUser) =>
      api.put(t, `/questions/${question._id}/accepted`, { answerId }, as);

    expect((await accept(first._id, classmate)).statusCode).toBe(403);
    const accepted = await accept(second._id, asker);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ acceptedAnswerId: second._id });
    let seen = await get(question._id, classmate);
    expect(seen.hasAcceptedAnswer).toBe(true);
    // The accepted answer comes first.
    expect(seen.answers.map((item) => [item.body, item.accepted])).toEqual([
      ['Second answer', true],
      ['First answer', false],
    ]);
    expect(seen.answers.every((item) => !item.canAccept)).toBe(true);

    expect((await accept(first._id, owner)).statusCode).toBe(200);
    seen = await get(question._id, asker);
    expect(seen.acceptedAnswerId).toBe(first._id);

    // An answer of another question is a 400 naming answerId, and changes nothing.
    const other = await ask({ lectureId: video, title: 'Other', body: 'Other question' });
    const foreign = await answer(other._id, 'Foreign answer', classmate);
    const refused = await accept(foreign._id, asker);
    expect(refused.statusCode).toBe(400);
    expect(issueFor(refused, 'answerId')).toBe(QUESTION_MESSAGES.answerOfAnotherQuestion);
    expect((await questionRow(question._id))?.acceptedAnswerId).toBe(first._id);

    const taken = await api.delete(t, `/questions/${question._id}/accepted`, asker);
    expect(taken.json()).toMatchObject({ acceptedAnswerId: null });
    expect((await get(question._id, asker)).hasAcceptedAnswer).toBe(false);
  });
});

describe('votes and follows', () => {
  it('20 parallel votes by one user count once; 20 users voting in parallel count 20', async () => {
    const question = await ask({ lectureId: video, title: 'Vote race', body: 'Vote for me' });
    const once = await Promise.all(
      Array.from({ length: 20 }, () => api.put(t, `/questions/${question._id}/vote`, {}, classmate)),
    );
    expect(once.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect((await questionRow(question._id))?.voteCount).toBe(1);

    const voters = await Promise.all(Array.from({ length: 20 }, () => signIn(t, 'student')));
    for (const voter of voters) await enroll(voter);
    const many = await Promise.all(
      voters.map((voter) => api.put(t, `/questions/${question._id}/vote`, {}, voter)),
    );
    expect(many.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect((await questionRow(question._id))?.voteCount).toBe(21);
    expect(await get(question._id, classmate)).toMatchObject({ voteCount: 21, votedByMe: true });

    const unvoted = await api.delete(t, `/questions/${question._id}/vote`, classmate);
    expect(unvoted.json()).toMatchObject({ voteCount: 20, votedByMe: false });
    // Taking back a vote one doesn't have changes nothing.
    expect((await api.delete(t, `/questions/${question._id}/vote`, classmate)).json().voteCount).toBe(20);

    // Answers: once per user too, concurrently.
    const reply = await answer(question._id, 'An answer to vote on', owner);
    await Promise.all(Array.from({ length: 10 }, () => api.put(t, `/answers/${reply._id}/vote`, {}, asker)));
    await Promise.all(voters.slice(0, 5).map((voter) => api.put(t, `/answers/${reply._id}/vote`, {}, voter)));
    const [stored] = await t.db.select().from(questionAnswers).where(eq(questionAnswers.id, reply._id));
    expect(stored?.voteCount).toBe(6);
    expect((await api.delete(t, `/answers/${reply._id}/vote`, asker)).json()).toMatchObject({
      voteCount: 5,
      votedByMe: false,
    });
  });

  it('the most upvoted come first in the votes order', async () => {
    const { course, lesson } = await freshCourse(asker, classmate);
    const low = await ask({ lectureId: lesson, title: 'Low', body: 'low' }, asker, course);
    const high = await ask({ lectureId: lesson, title: 'High', body: 'high' }, asker, course);
    await ask({ lectureId: lesson, title: 'None', body: 'none' }, asker, course);
    await api.put(t, `/questions/${high._id}/vote`, {}, classmate);
    await api.put(t, `/questions/${high._id}/vote`, {}, asker);
    await api.put(t, `/questions/${low._id}/vote`, {}, classmate);
    expect(titles(await list(classmate, 'sort=votes', course))).toEqual(['High', 'Low', 'None']);
    expect(titles(await list(classmate, '', course))).toEqual(['None', 'High', 'Low']);
  });

  it('follow and unfollow', async () => {
    const question = await ask({ lectureId: video, title: 'Follow me', body: 'please' });
    expect((await get(question._id, classmate)).followedByMe).toBe(false);
    const followed = await api.put(t, `/questions/${question._id}/follow`, {}, classmate);
    expect(followed.json()).toMatchObject({ followedByMe: true });
    expect((await get(question._id, classmate)).followedByMe).toBe(true);
    await api.delete(t, `/questions/${question._id}/follow`, classmate);
    expect((await get(question._id, classmate)).followedByMe).toBe(false);
    await answer(question._id, 'No notification for the unfollowed', owner);
    const toClassmate = await notificationsOf(classmate.user.id, 'question_answered');
    expect(toClassmate.some((item) => item.link?.includes(question._id))).toBe(false);
  });
});

describe('lists, paging and search', () => {
  it('unanswered: no visible answer, oldest first, keyset-paged; a cursor of another order is 400', async () => {
    const { course, lesson } = await freshCourse(asker, classmate);
    const names = ['Q1', 'Q2', 'Q3', 'Q4'];
    const asked: QuestionDetail[] = [];
    for (const title of names)
      asked.push(await ask({ lectureId: lesson, title, body: title }, asker, course));
    await answer(asked[1]?._id as string, 'answered', owner);

    const first = await list(owner, 'sort=unanswered&limit=2', course);
    expect(titles(first)).toEqual(['Q1', 'Q3']);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(owner, `sort=unanswered&limit=2&cursor=${first.nextCursor}`, course);
    expect(titles(second)).toEqual(['Q4']);
    expect(second.nextCursor).toBeNull();

    const wrongOrder = await api.get(
      t,
      `/courses/${course}/questions?sort=votes&cursor=${first.nextCursor}`,
      owner,
    );
    expect(wrongOrder.statusCode).toBe(400);

    // Newest first, paged one at a time, reaches every question once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: QuestionPage = await list(owner, `limit=1${cursor ? `&cursor=${cursor}` : ''}`, course);
      seen.push(...titles(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Q4', 'Q3', 'Q2', 'Q1']);
  });

  it('one lesson’s questions, and mine', async () => {
    const { course, lesson } = await freshCourse(asker, classmate);
    const other = (await createLecture(t.db, { courseId: course, title: 'Other', durationSeconds: 60 })).id;
    await ask({ lectureId: lesson, title: 'On lesson', body: 'x' }, asker, course);
    await ask({ lectureId: other, title: 'On other', body: 'x' }, classmate, course);
    await ask({ title: 'General', body: 'x' }, classmate, course);
    expect(titles(await list(asker, `lectureId=${lesson}`, course))).toEqual(['On lesson']);
    expect(titles(await list(asker, 'scope=mine', course))).toEqual(['On lesson']);
    expect(titles(await list(classmate, 'scope=mine', course))).toEqual(['General', 'On other']);
    // A lesson of another course is a 400 naming lectureId.
    const foreign = await api.get(t, `/courses/${course}/questions?lectureId=${video}`, owner);
    expect(foreign.statusCode).toBe(400);
    expect(issueFor(foreign, 'lectureId')).toBe(QUESTION_MESSAGES.lessonNotInCourse);
  });

  it('search finds words of titles and bodies (stemmed), ranks titles first, stays in its course', async () => {
    const { course, lesson } = await freshCourse(asker, classmate);
    await ask(
      { lectureId: lesson, title: 'Webpack configuration', body: 'How do loaders work?' },
      asker,
      course,
    );
    await ask({ lectureId: lesson, title: 'Build error', body: 'My webpack config breaks' }, asker, course);
    await ask({ lectureId: lesson, title: 'Unrelated', body: 'Nothing to see here' }, asker, course);
    // The same word in another course's question is not found here.
    await ask({ title: 'Webpack elsewhere', body: 'webpack' }, asker, otherCourseId);

    expect(titles(await list(classmate, 'q=webpack', course))).toEqual([
      'Webpack configuration',
      'Build error',
    ]);
    expect(titles(await list(classmate, 'q=loader', course))).toEqual(['Webpack configuration']);
    expect(titles(await list(classmate, `q=${encodeURIComponent('"config breaks"')}`, course))).toEqual([
      'Build error',
    ]);
    expect(titles(await list(classmate, 'q=webpack%20-loaders', course))).toEqual(['Build error']);
    // Paging a search: one at a time, in rank order.
    const page = await list(classmate, 'q=webpack&limit=1', course);
    expect(titles(page)).toEqual(['Webpack configuration']);
    const next = await list(classmate, `q=webpack&limit=1&cursor=${page.nextCursor}`, course);
    expect(titles(next)).toEqual(['Build error']);
    expect(next.nextCursor).toBeNull();
  });
});

describe('a search ranks the newest matches only', () => {
  it(`ranks the newest ${QUESTION_LIMITS.searchCandidates} matches: an older better match is left out`, async () => {
    const { course, lesson } = await freshCourse(asker);
    // The oldest question matches best (its title); the newer ones only in their bodies.
    const best = await ask({ lectureId: lesson, title: 'Quokka quokka', body: 'quokka' }, asker, course);
    await t.db
      .update(courseQuestions)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(courseQuestions.id, best._id));
    const rows = Array.from({ length: QUESTION_LIMITS.searchCandidates }, (_, n) => ({
      courseId: course,
      lectureId: lesson,
      userId: asker.user.id,
      title: `Question ${n}`,
      body: 'about a quokka',
      createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, n)),
    }));
    await t.db.insert(courseQuestions).values(rows);
    const found = await list(asker, 'q=quokka&limit=50', course);
    expect(found.questions).toHaveLength(50);
    expect(titles(found)).not.toContain('Quokka quokka');
    // One question fewer among the candidates, and the best match is ranked first.
    await t.db
      .delete(courseQuestions)
      .where(and(eq(courseQuestions.courseId, course), eq(courseQuestions.title, 'Question 0')));
    expect(titles(await list(asker, 'q=quokka&limit=1', course))).toEqual(['Quokka quokka']);
  });
});

describe('hidden posts vanish from every learner view', () => {
  it('a hidden question leaves lists, search, mine, get and the instructor’s count; moderators still see it', async () => {
    const { course, lesson } = await freshCourse(asker, classmate);
    const hidden = await ask(
      { lectureId: lesson, title: 'Spammy zebra', body: 'zebra stripes' },
      asker,
      course,
    );
    await ask({ lectureId: lesson, title: 'Kept', body: 'fine' }, asker, course);
    const homeBefore = (await api.get(t, '/instructor/home', owner)).json().unansweredQuestions.count;

    const hide = await api.put(t, `/questions/${hidden._id}/hidden`, {}, owner);
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toMatchObject({ hidden: true, message: QUESTION_MESSAGES.hidden });

    for (const viewer of [asker, classmate]) {
      for (const query of [
        '',
        'sort=votes',
        'sort=unanswered',
        'scope=mine',
        'q=zebra',
        `lectureId=${lesson}`,
      ]) {
        expect(titles(await list(viewer, query, course)), `${query} for a learner`).not.toContain(
          'Spammy zebra',
        );
      }
      expect((await api.get(t, `/questions/${hidden._id}`, viewer)).statusCode).toBe(404);
      expect((await api.put(t, `/questions/${hidden._id}/vote`, {}, viewer)).statusCode).toBe(404);
    }
    expect((await api.post(t, `/questions/${hidden._id}/answers`, { body: 'x' }, classmate)).statusCode).toBe(
      404,
    );
    expect((await api.get(t, '/instructor/home', owner)).json().unansweredQuestions.count).toBe(
      homeBefore - 1,
    );
    // Learners can't list the hidden ones.
    expect((await api.get(t, `/courses/${course}/questions?scope=hidden`, classmate)).statusCode).toBe(403);

    // The instructor and an admin see it, marked.
    for (const moderator of [owner, admin]) {
      const seen = await get(hidden._id, moderator);
      expect(seen).toMatchObject({ hidden: true, canModerate: true });
      const listed = await list(moderator, 'scope=hidden', course);
      expect(listed.questions.map((item) => [item.title, item.hidden])).toEqual([['Spammy zebra', true]]);
      expect(listed.canModerate).toBe(true);
      expect(titles(await list(moderator, '', course))).not.toContain('Spammy zebra');
    }
    // Another instructor can't hide or show it.
    expect((await api.delete(t, `/questions/${hidden._id}/hidden`, otherInstructor)).statusCode).toBe(403);

    expect((await api.delete(t, `/questions/${hidden._id}/hidden`, admin)).statusCode).toBe(200);
    expect(titles(await list(classmate, 'q=zebra', course))).toEqual(['Spammy zebra']);
    expect((await api.get(t, '/instructor/home', owner)).json().unansweredQuestions.count).toBe(homeBefore);
  });

  it('a hidden answer leaves learners’ view and the answer count, loses its accepted mark, and comes back', async () => {
    const { course, lesson } = await freshCourse(asker, classmate);
    const question = await ask({ lectureId: lesson, title: 'One answer', body: 'x' }, asker, course);
    const reply = await answer(question._id, 'Rude answer', classmate);
    await api.put(t, `/questions/${question._id}/accepted`, { answerId: reply._id }, asker);
    expect(titles(await list(owner, 'sort=unanswered', course))).not.toContain('One answer');

    // Twice in parallel: counted once.
    await Promise.all([
      api.put(t, `/answers/${reply._id}/hidden`, {}, owner),
      api.put(t, `/answers/${reply._id}/hidden`, {}, admin),
    ]);
    const row = await questionRow(question._id);
    expect(row).toMatchObject({ answerCount: 0, acceptedAnswerId: null });
    const learnerView = await get(question._id, asker);
    expect(learnerView).toMatchObject({ answerCount: 0, hasAcceptedAnswer: false, answers: [] });
    expect(titles(await list(owner, 'sort=unanswered', course))).toContain('One answer');
    expect((await api.put(t, `/answers/${reply._id}/vote`, {}, asker)).statusCode).toBe(404);
    const refused = await api.put(t, `/questions/${question._id}/accepted`, { answerId: reply._id }, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(QUESTION_MESSAGES.hiddenAnswerNotAccepted);
    const moderatorView = await get(question._id, owner);
    expect(moderatorView.answers.map((item) => [item.body, item.hidden])).toEqual([['Rude answer', true]]);

    await api.delete(t, `/answers/${reply._id}/hidden`, owner);
    expect((await questionRow(question._id))?.answerCount).toBe(1);
    expect((await get(question._id, asker)).answers.map((item) => item.body)).toEqual(['Rude answer']);
  });
});

describe('moderation: reports and the reported list', () => {
  it('reports once per user and item (409 again), never one’s own; the instructor lists their courses’, the admin all', async () => {
    const question = await ask({ lectureId: video, title: 'Reported question', body: 'buy now' });
    const reply = await answer(question._id, 'Reported answer', asker);
    const report = await api.post(t, `/questions/${question._id}/report`, { reason: 'Spam' }, classmate);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().message).toBe(QUESTION_MESSAGES.reported);
    const again = await api.post(t, `/questions/${question._id}/report`, {}, classmate);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUESTION_MESSAGES.alreadyReported);
    expect((await api.post(t, `/questions/${question._id}/report`, {}, asker)).statusCode).toBe(403);
    expect(
      (await api.post(t, `/answers/${reply._id}/report`, { reason: 'Rude' }, classmate)).statusCode,
    ).toBe(200);
    expect((await api.post(t, `/answers/${reply._id}/report`, {}, classmate)).statusCode).toBe(409);
    expect((await get(question._id, classmate)).canReport).toBe(false);
    expect((await get(question._id, owner)).canReport).toBe(true);

    const ownList = await api.get(t, '/questions/reported', owner);
    expect(ownList.statusCode, ownList.body).toBe(200);
    const items = ownList.json().items as {
      kind: string;
      _id: string;
      reasons: string[];
      reportCount: number;
    }[];
    expect(items.slice(0, 2).map((item) => [item.kind, item._id, item.reasons, item.reportCount])).toEqual([
      ['answer', reply._id, ['Rude'], 1],
      ['question', question._id, ['Spam'], 1],
    ]);
    expect((await api.get(t, '/questions/reported', otherInstructor)).json().items).toEqual([]);
    const adminList = (await api.get(t, '/questions/reported?limit=1', admin)).json();
    expect(adminList.items.map((item: { _id: string }) => item._id)).toEqual([reply._id]);
    const nextPage = (
      await api.get(t, `/questions/reported?limit=1&cursor=${adminList.nextCursor}`, admin)
    ).json();
    expect(nextPage.items.map((item: { _id: string }) => item._id)).toEqual([question._id]);
  });
});

describe('access: what opening the lesson takes', () => {
  it('a non-enrolled user can neither read nor post, over every operation; nothing changes', async () => {
    const question = await ask({ lectureId: video, title: 'Members only', body: 'x' });
    const reply = await answer(question._id, 'Members answer', classmate);
    const before = await questionRow(question._id);
    const q = question._id;
    const a = reply._id;
    const calls = [
      api.get(t, `/courses/${courseId}/questions`, stranger),
      api.get(t, `/courses/${courseId}/questions?lectureId=${video}`, stranger),
      api.get(t, `/questions/${q}`, stranger),
      api.post(t, `/courses/${courseId}/questions`, { lectureId: video, title: 'x', body: 'x' }, stranger),
      api.post(t, `/courses/${courseId}/questions`, { title: 'x', body: 'x' }, stranger),
      api.patch(t, `/questions/${q}`, { title: 'x', body: 'x' }, stranger),
      api.delete(t, `/questions/${q}`, stranger),
      api.post(t, `/questions/${q}/answers`, { body: 'x' }, stranger),
      api.put(t, `/questions/${q}/accepted`, { answerId: a }, stranger),
      api.delete(t, `/questions/${q}/accepted`, stranger),
      api.put(t, `/questions/${q}/vote`, {}, stranger),
      api.delete(t, `/questions/${q}/vote`, stranger),
      api.put(t, `/questions/${q}/follow`, {}, stranger),
      api.post(t, `/questions/${q}/report`, {}, stranger),
      api.patch(t, `/answers/${a}`, { body: 'x' }, stranger),
      api.delete(t, `/answers/${a}`, stranger),
      api.put(t, `/answers/${a}/vote`, {}, stranger),
      api.delete(t, `/answers/${a}/vote`, stranger),
      api.post(t, `/answers/${a}/report`, {}, stranger),
      api.put(t, `/questions/${q}/hidden`, {}, stranger),
      api.delete(t, `/questions/${q}/hidden`, stranger),
      api.put(t, `/answers/${a}/hidden`, {}, stranger),
      api.delete(t, `/answers/${a}/hidden`, stranger),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, `${response.body}`).toBe(403);
    }
    expect(await questionRow(question._id)).toEqual(before);
    expect((await get(question._id, asker)).answers.map((item) => item.body)).toEqual(['Members answer']);
    // On a draft course the stranger can't even see: 404.
    const draftLesson = (
      await createLecture(t.db, { courseId: draftId, title: 'Draft', durationSeconds: 60 })
    ).id;
    const draftQuestion = await ask(
      { lectureId: draftLesson, title: 'Draft question', body: 'x' },
      owner,
      draftId,
    );
    expect((await api.get(t, `/courses/${draftId}/questions`, stranger)).statusCode).toBe(404);
    expect((await api.get(t, `/questions/${draftQuestion._id}`, stranger)).statusCode).toBe(404);
    expect(
      (await api.patch(t, `/questions/${draftQuestion._id}`, { title: 'x', body: 'x' }, stranger)).statusCode,
    ).toBe(404);
  });

  it('a free preview is not enough, nor a closed section; a refunded student loses access', async () => {
    const onPreview = await api.post(
      t,
      `/courses/${courseId}/questions`,
      { lectureId: preview, title: 'x', body: 'x' },
      stranger,
    );
    expect(onPreview.statusCode).toBe(403);
    expect(onPreview.json().message).toBe(QUESTION_MESSAGES.noAccess);
    const closed = await api.post(
      t,
      `/courses/${courseId}/questions`,
      { lectureId: later, title: 'x', body: 'x' },
      asker,
    );
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toMatch(/section opens on/);
    expect((await api.get(t, `/courses/${courseId}/questions?lectureId=${later}`, asker)).statusCode).toBe(
      403,
    );
    // The instructor isn't held back by drip.
    await ask({ lectureId: later, title: 'Instructor on a later lesson', body: 'x' }, owner);
    // A closed lesson's questions are in no learner's course-wide list or search until it opens.
    const courseWide = titles(await list(asker));
    expect(courseWide).not.toContain('Instructor on a later lesson');
    expect(titles(await list(asker, 'q=later'))).not.toContain('Instructor on a later lesson');
    expect(titles(await list(owner))).toContain('Instructor on a later lesson');

    const refunded = await signIn(t, 'student');
    await enroll(refunded);
    const question = await ask({ lectureId: video, title: 'Before the refund', body: 'x' }, refunded);
    // A refund ends the enrollment: its row leaves `enrollments` (schema/marketplace.ts).
    await t.db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, refunded.user.id), eq(enrollments.courseId, courseId)));
    expect((await api.get(t, `/questions/${question._id}`, refunded)).statusCode).toBe(403);
    expect((await api.get(t, `/courses/${courseId}/questions`, refunded)).statusCode).toBe(403);
    expect(
      (await api.post(t, `/questions/${question._id}/answers`, { body: 'x' }, refunded)).statusCode,
    ).toBe(403);
    // A refunded follower is not notified of new answers.
    await answer(question._id, 'After the refund', owner);
    expect(await notificationsOf(refunded.user.id, 'question_answered')).toHaveLength(0);
  });
});

describe('bad input changes nothing', () => {
  it('empty title, too long body, a time on an article, past the end or on a general question: 400 with a message', async () => {
    const count = async () =>
      (await t.db.select().from(courseQuestions).where(eq(courseQuestions.courseId, courseId))).length;
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lectureId: video, title: '   ', body: 'x' }, 'title', QUESTION_MESSAGES.titleRequired],
      [
        { lectureId: video, title: 'x'.repeat(QUESTION_LIMITS.titleLength + 1), body: 'x' },
        'title',
        QUESTION_MESSAGES.titleTooLong,
      ],
      [{ lectureId: video, title: 'x', body: '' }, 'body', QUESTION_MESSAGES.bodyRequired],
      [
        { lectureId: video, title: 'x', body: 'x'.repeat(QUESTION_LIMITS.bodyLength + 1) },
        'body',
        QUESTION_MESSAGES.bodyTooLong,
      ],
      [
        { lectureId: article, title: 'x', body: 'x', seconds: 10 },
        'seconds',
        QUESTION_MESSAGES.noTimeOnThisLesson,
      ],
      [{ title: 'x', body: 'x', seconds: 10 }, 'seconds', QUESTION_MESSAGES.noTimeOnThisLesson],
      [
        { lectureId: video, title: 'x', body: 'x', seconds: 301 },
        'seconds',
        QUESTION_MESSAGES.secondsPastEnd('5:00'),
      ],
      [{ lectureId: video, title: 'x', body: 'x', seconds: -1 }, 'seconds', QUESTION_MESSAGES.secondsInvalid],
      [
        { lectureId: video, title: 'x', body: 'x', seconds: 1.5 },
        'seconds',
        QUESTION_MESSAGES.secondsInvalid,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await api.post(t, `/courses/${courseId}/questions`, body, asker);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(issueFor(response, field)).toBe(message);
    }
    expect(await count()).toBe(before);

    const question = await ask({ lectureId: video, title: 'Answer me', body: 'x' });
    const empty = await api.post(t, `/questions/${question._id}/answers`, { body: '  ' }, classmate);
    expect(empty.statusCode).toBe(400);
    expect(issueFor(empty, 'body')).toBe(QUESTION_MESSAGES.answerRequired);
    const long = await api.post(
      t,
      `/questions/${question._id}/answers`,
      { body: 'x'.repeat(QUESTION_LIMITS.answerLength + 1) },
      classmate,
    );
    expect(issueFor(long, 'body')).toBe(QUESTION_MESSAGES.answerTooLong);
    expect(await questionRow(question._id)).toMatchObject({ answerCount: 0 });
    const search = await api.get(
      t,
      `/courses/${courseId}/questions?q=${'x'.repeat(QUESTION_LIMITS.searchLength + 1)}`,
      asker,
    );
    expect(search.statusCode).toBe(400);
  });
});

describe('only one’s own posts are edited or deleted', () => {
  it('edits and deletes one’s own; another’s readable post is 403 (the instructor’s too), an unknown one 404', async () => {
    const question = await ask({ lectureId: video, title: 'Mine to edit', body: 'first' });
    const reply = await answer(question._id, 'Classmate answer', classmate);
    const edited = await api.patch(
      t,
      `/questions/${question._id}`,
      { title: 'Edited', body: 'second' },
      asker,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().question).toMatchObject({ title: 'Edited', body: 'second' });
    for (const other of [classmate, owner]) {
      const refused = await api.patch(t, `/questions/${question._id}`, { title: 'Hijack', body: 'x' }, other);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(QUESTION_MESSAGES.notYourQuestion);
      expect((await api.delete(t, `/questions/${question._id}`, other)).statusCode).toBe(403);
    }
    expect((await api.patch(t, `/answers/${reply._id}`, { body: 'Hijack' }, asker)).statusCode).toBe(403);
    expect((await api.delete(t, `/answers/${reply._id}`, asker)).statusCode).toBe(403);
    const answerEdit = await api.patch(t, `/answers/${reply._id}`, { body: 'Better answer' }, classmate);
    expect(answerEdit.json().answer).toMatchObject({ body: 'Better answer', canEdit: true, canDelete: true });
    expect(await questionRow(question._id)).toMatchObject({ title: 'Edited', answerCount: 1 });

    expect((await api.delete(t, `/answers/${reply._id}`, classmate)).statusCode).toBe(200);
    expect((await questionRow(question._id))?.answerCount).toBe(0);
    expect((await api.delete(t, `/answers/${reply._id}`, classmate)).statusCode).toBe(404);
    expect((await api.delete(t, `/questions/${question._id}`, asker)).statusCode).toBe(200);
    expect(await questionRow(question._id)).toBeUndefined();
    expect((await api.get(t, `/questions/${question._id}`, asker)).statusCode).toBe(404);
    expect((await api.get(t, '/questions/not-a-uuid', asker)).statusCode).toBe(404);
  });
});

describe('live updates: questions.get revalidates by ETag', () => {
  it('private, no-cache with an ETag: 304 while unchanged, 200 after a new answer', async () => {
    const question = await ask({ lectureId: video, title: 'Poll me', body: 'x' });
    const first = await api.get(t, `/questions/${question._id}`, asker);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const url = `/api/v1/questions/${question._id}`;
    const same = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...asker.headers, 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    await answer(question._id, 'A new answer', owner);
    const changed = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...asker.headers, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().question.answers.map((item: { body: string }) => item.body)).toEqual([
      'A new answer',
    ]);
  });
});

describe('the instructor’s home', () => {
  it('counts the unanswered visible questions of their courses and lists the oldest with their links', async () => {
    const teacher = await signIn(t, 'instructor');
    const course = (
      await createCourse(t.db, { instructorId: teacher.user.id, isPublished: true, title: 'Go' })
    ).id;
    const lesson = (await createLecture(t.db, { courseId: course, title: 'Goroutines', durationSeconds: 60 }))
      .id;
    await enroll(asker, course);
    const oldest = await ask({ lectureId: lesson, title: 'Oldest', body: 'x' }, asker, course);
    const general = await ask({ title: 'General one', body: 'x' }, asker, course);
    const answered = await ask({ lectureId: lesson, title: 'Answered', body: 'x' }, asker, course);
    await answer(answered._id, 'done', teacher);
    const home = (await api.get(t, '/instructor/home', teacher)).json();
    expect(home.unansweredQuestions).toEqual({
      count: 2,
      oldest: [
        {
          questionId: oldest._id,
          title: 'Oldest',
          courseId: course,
          courseTitle: 'Go',
          lectureId: lesson,
          lectureTitle: 'Goroutines',
          createdAt: oldest.createdAt,
          link: `course/${course}/lecture/${lesson}?question=${oldest._id}`,
        },
        {
          questionId: general._id,
          title: 'General one',
          courseId: course,
          courseTitle: 'Go',
          lectureId: null,
          lectureTitle: null,
          createdAt: general.createdAt,
          link: `course/${course}?question=${general._id}`,
        },
      ],
    });
  });
});

describe('deleting an account', () => {
  it('keeps the questions and answers, shown by "Deleted user"; their follows and reports go', async () => {
    const leaving = await signIn(t, 'student', { name: 'Leaving Learner' });
    await enroll(leaving);
    const question = await ask({ lectureId: video, title: 'From a leaver', body: 'x' }, leaving);
    const other = await ask({ lectureId: video, title: 'Reported by a leaver', body: 'x' }, classmate);
    await answer(other._id, 'Leaver’s answer', leaving);
    await api.put(t, `/questions/${other._id}/vote`, {}, leaving);
    await api.post(t, `/questions/${other._id}/report`, {}, leaving);
    await answer(question._id, 'An answer to keep', classmate);

    const deleted = await api.post(t, '/profile/delete', { password: leaving.user.password }, leaving);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const kept = await get(question._id, classmate);
    expect(kept.author.name).toBe(PROFILE_MESSAGES.deletedUserName);
    expect(kept.answers.map((item) => item.body)).toEqual(['An answer to keep']);
    const otherSeen = await get(other._id, classmate);
    expect(otherSeen.answers[0]?.author.name).toBe(PROFILE_MESSAGES.deletedUserName);
    expect(otherSeen.voteCount).toBe(1);
    expect(
      await t.db.select().from(questionFollows).where(eq(questionFollows.userId, leaving.user.id)),
    ).toEqual([]);
    const reported = (await api.get(t, '/questions/reported?limit=50', admin)).json().items as {
      _id: string;
    }[];
    expect(reported.some((item) => item._id === other._id)).toBe(false);
  });
});
