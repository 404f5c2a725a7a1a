/**
 * Factories for the questions.* and answers.* operations' answers (a course's questions and answers; see
 * sequence.ts for ids). Everything they build is visible (`hidden: false`) unless an override says
 * otherwise: a learner's view never holds hidden posts.
 */
import {
  type Answer,
  type DiscussionAuthor,
  INSTRUCTOR_HOME_UNANSWERED,
  type QuestionDetail,
  type QuestionPage,
  type QuestionSummary,
  questionLink,
  type ReportedDiscussionItem,
  type ReportedDiscussionPage,
  type UnansweredQuestions,
} from '@lectio/contracts/questions';
import { given, isoAt, next, nextId, sequentialUuid } from './sequence.js';

export type {
  Answer,
  QuestionDetail,
  QuestionPage,
  QuestionSummary,
  ReportedDiscussionItem,
  ReportedDiscussionPage,
  UnansweredQuestions,
};

export function buildDiscussionAuthor(overrides: Partial<DiscussionAuthor> = {}): DiscussionAuthor {
  const n = next();
  return { name: `Learner ${n}`, avatar: null, isInstructor: false, ...given(overrides) };
}

/** A question on a video lesson, asked at a time in it, with one answer and two upvotes. */
export function buildQuestionSummary(overrides: Partial<QuestionSummary> = {}): QuestionSummary {
  const n = next();
  return {
    _id: sequentialUuid(n),
    courseId: nextId(),
    lecture: { _id: nextId(), title: `Lesson ${n}`, kind: 'video' },
    author: buildDiscussionAuthor(),
    title: `Why does step ${n} fail on Windows?`,
    excerpt: `I followed the lesson up to step ${n} and the build stops with an error about paths.`,
    seconds: 42,
    answerCount: 1,
    voteCount: 2,
    hasAcceptedAnswer: false,
    votedByMe: false,
    followedByMe: false,
    mine: false,
    hidden: false,
    createdAt: isoAt(n),
    updatedAt: isoAt(n),
    ...given(overrides),
  };
}

export function buildAnswer(overrides: Partial<Answer> = {}): Answer {
  const n = next();
  return {
    _id: sequentialUuid(n),
    questionId: nextId(),
    author: buildDiscussionAuthor({ name: 'Priya Nair', isInstructor: true }),
    body: 'Use `path.join` rather than concatenating with `/`:\n\n```js\npath.join(root, "src")\n```',
    voteCount: 1,
    votedByMe: false,
    accepted: false,
    hidden: false,
    createdAt: isoAt(n, 1),
    updatedAt: isoAt(n, 1),
    canEdit: false,
    canDelete: false,
    canModerate: false,
    canReport: true,
    canAccept: false,
    ...given(overrides),
  };
}

/** One question with its answers, as its asker sees it (they may accept an answer). */
export function buildQuestionDetail(overrides: Partial<QuestionDetail> = {}): QuestionDetail {
  const summary = buildQuestionSummary({ mine: true, followedByMe: true });
  const answers = overrides.answers ?? [
    buildAnswer({ questionId: overrides._id ?? summary._id, canAccept: true }),
  ];
  return {
    ...summary,
    body: `${summary.excerpt}\n\n\`\`\`\nError: ENOENT: no such file or directory\n\`\`\``,
    acceptedAnswerId: null,
    answers,
    answerCount: answers.filter((answer) => !answer.hidden).length,
    canEdit: true,
    canDelete: true,
    canModerate: false,
    canReport: false,
    canAccept: true,
    canAnswer: true,
    ...given(overrides),
  };
}

export function buildQuestionPage(
  questions: QuestionSummary[] = [buildQuestionSummary(), buildQuestionSummary({ answerCount: 0 })],
  nextCursor: string | null = null,
  canModerate = false,
): QuestionPage {
  return { questions, nextCursor, canModerate };
}

export function buildReportedDiscussionItem(
  overrides: Partial<ReportedDiscussionItem> = {},
): ReportedDiscussionItem {
  const n = next();
  return {
    kind: 'answer',
    _id: sequentialUuid(n),
    question: { _id: nextId(), title: `Why does step ${n} fail on Windows?` },
    course: { _id: nextId(), title: 'Modern React from Scratch' },
    lecture: { _id: nextId(), title: `Lesson ${n}`, kind: 'video' },
    author: buildDiscussionAuthor(),
    body: 'Buy followers at a discount, link in my profile.',
    hidden: false,
    hiddenAt: null,
    reportCount: 2,
    lastReportedAt: isoAt(n, 2),
    reasons: ['Spam'],
    createdAt: isoAt(n),
    ...given(overrides),
  };
}

export function buildReportedDiscussionPage(
  items: ReportedDiscussionItem[] = [buildReportedDiscussionItem()],
  nextCursor: string | null = null,
): ReportedDiscussionPage {
  return { items, nextCursor };
}

/** The instructor home's card: `count` unanswered questions, the oldest of them listed. */
export function buildUnansweredQuestions(count = 2): UnansweredQuestions {
  const oldest = Array.from({ length: Math.min(count, INSTRUCTOR_HOME_UNANSWERED) }, () => {
    const n = next();
    const question = { id: sequentialUuid(n), courseId: nextId(), lectureId: nextId() };
    return {
      questionId: question.id,
      title: `Why does step ${n} fail on Windows?`,
      courseId: question.courseId,
      courseTitle: 'Modern React from Scratch',
      lectureId: question.lectureId,
      lectureTitle: `Lesson ${n}`,
      createdAt: isoAt(n),
      link: questionLink(question),
    };
  });
  return { count, oldest };
}
