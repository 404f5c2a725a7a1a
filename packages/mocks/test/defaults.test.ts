/** answerDefaults(): realistic, valid answers for every read operation, below the test's own answers. */
import { listOperations, type OperationPath } from '@lectio/contracts/api';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiMocks, defaultAnswers, type MockCall } from '../src/index';
import { formatProblems } from './formats';
import { json } from './json';

const ID = '00000000-0000-4000-8000-00000000abcd';
const SAMPLE_INPUTS: Partial<Record<OperationPath, unknown>> = {
  'courses.list': {},
  'courses.instructorList': {},
  'courses.byIds': { courseIds: [ID] },
  'courses.get': { id: ID },
  'lectures.list': { id: ID },
  'lectures.get': { lectureId: ID },
  'curriculum.get': { courseId: ID },
  'resources.list': { lectureId: ID },
  'notes.list': { courseId: ID },
  'video.processing': { lectureId: ID },
  'video.stream': { lectureId: ID },
  'announcements.list': { courseId: ID },
  'courseMail.byToken': { token: 'a-token' },
  'courseMail.preference': { courseId: ID },
  'questions.list': { courseId: ID },
  'questions.get': { questionId: ID },
  'quizzes.get': { lectureId: ID },
  'quizzes.edit': { lectureId: ID },
  'quizzes.result': { attemptId: ID },
  'quizzes.gradebook': { courseId: ID },
  'media.uploadSignature': { courseId: ID, kind: 'thumbnail' },
  'progress.course': { courseId: ID },
  'reviews.list': { courseId: ID },
  'reviews.summary': { courseId: ID },
  'reviews.mine': { courseId: ID },
  'certificates.verify': { id: ID },
  'mail.outboxMessage': { id: ID },
  'refunds.payment': { paymentId: ID },
  'coupons.preview': { courseId: ID, code: 'HALF50' },
  'sitePages.get': { slug: 'faq' },
};

describe('defaultAnswers()', () => {
  const defaults = defaultAnswers() as Record<string, (call: MockCall<OperationPath>) => unknown>;
  const queries = listOperations().filter(({ operation }) => operation.kind === 'query');

  it('covers every query, and no mutation', () => {
    expect(Object.keys(defaults).sort()).toEqual(queries.map(({ path }) => path).sort());
  });

  it.each(queries)(
    '$path: a valid answer in the documented formats, shaped by the input',
    ({ path, operation }) => {
      const input = operation.input?.parse(SAMPLE_INPUTS[path] ?? {});
      const answer = defaults[path];
      const value = answer?.({
        input,
        request: new Request('http://lectio.test'),
        transport: 'rest',
      } as never);
      expect(operation.output.parse(value)).toEqual(value);
      expect(formatProblems(operation.output, value)).toEqual([]);
      if (
        path === 'courses.get' ||
        path === 'courses.byIds' ||
        path === 'progress.course' ||
        path === 'curriculum.get' ||
        path === 'resources.list' ||
        path === 'notes.list' ||
        path === 'video.processing' ||
        path === 'video.stream' ||
        path === 'announcements.list' ||
        path === 'courseMail.preference' ||
        path === 'questions.list' ||
        path === 'questions.get' ||
        path === 'reviews.list' ||
        path === 'reviews.summary' ||
        path === 'certificates.verify' ||
        path === 'mail.outboxMessage' ||
        path === 'refunds.payment'
      ) {
        expect(JSON.stringify(value)).toContain(ID);
      }
    },
  );
});

describe('questions and answers in the defaults', () => {
  const defaults = defaultAnswers() as Record<string, (call: MockCall<OperationPath>) => unknown>;
  const call = <T>(input: T) =>
    ({ input, request: new Request('http://lectio.test'), transport: 'rest' }) as never;

  it('a learner’s lists and question hold no hidden post; only scope=hidden (moderators) lists hidden ones', () => {
    for (const scope of ['all', 'mine', undefined] as const) {
      const page = defaults['questions.list']?.(call({ courseId: ID, scope, limit: 20 })) as {
        questions: { hidden: boolean }[];
      };
      expect(page.questions.length).toBeGreaterThan(0);
      expect(page.questions.every((question) => !question.hidden)).toBe(true);
    }
    const hidden = defaults['questions.list']?.(call({ courseId: ID, scope: 'hidden', limit: 20 })) as {
      questions: { hidden: boolean }[];
    };
    expect(hidden.questions.every((question) => question.hidden)).toBe(true);
    const detail = defaults['questions.get']?.(call({ questionId: ID })) as {
      question: { hidden: boolean; answers: { hidden: boolean }[] };
    };
    expect(detail.question.hidden).toBe(false);
    expect(detail.question.answers.every((answer) => !answer.hidden)).toBe(true);
  });
});

describe('api.answerDefaults()', () => {
  const api = createApiMocks({ baseUrl: 'http://lectio.test', access: 'off' });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => api.reset());
  afterAll(() => server.close());

  it('answers reads with factory data; your own answers win whatever the order', async () => {
    api.fail('courses.get', 'NOT_FOUND', 'Course not found');
    api.answerDefaults();
    const list = await fetch('http://lectio.test/api/v1/courses');
    expect(list.status).toBe(200);
    expect((await json<{ data: { courses: unknown[] } }>(list)).data.courses).toHaveLength(3);
    expect((await fetch(`http://lectio.test/api/v1/courses/${ID}`)).status).toBe(404);
    expect((await fetch('http://lectio.test/api/v1/admin/engagement')).status).toBe(200);
    // Mutations stay unanswered.
    expect((await fetch('http://lectio.test/api/v1/auth/logout')).status).toBe(501);
  });
});
