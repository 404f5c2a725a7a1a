/**
 * The mocks' learner-facing quiz data never carries an answer (decision 0081): the default answer of
 * quizzes.get, the factories a client builds a started attempt from, and the OpenAPI examples of
 * quizzes.get/start, for every question type of the default quiz.
 */
import { describe, expect, it } from 'vitest';
import { buildEditableQuiz, buildQuizSummary, defaultAnswers, toAttemptQuestion } from '../src/index';
import { quizExamples } from '../src/quizzes.examples';

const ID = '00000000-0000-4000-8000-00000000abcd';
const ANSWER_KEYS = ['isCorrect', 'correctAnswer', 'acceptedAnswers', 'explanation', '"correct"'];

function expectNoAnswers(value: unknown, quiz = buildEditableQuiz()) {
  const text = JSON.stringify(value);
  for (const key of ANSWER_KEYS) expect(text).not.toContain(key);
  for (const question of quiz.questions) {
    for (const accepted of question.acceptedAnswers) expect(text).not.toContain(accepted);
    if (question.explanation) expect(text).not.toContain(question.explanation);
  }
}

describe("the mocks' learner views of a quiz", () => {
  it('quizzes.get: the default answer and the summary factory hold no answers', async () => {
    const answer = await (defaultAnswers()['quizzes.get'] as (call: { input: unknown }) => unknown)({
      input: { lectureId: ID },
    });
    expectNoAnswers(answer);
    expectNoAnswers(buildQuizSummary());
  });

  it('quizzes.start: the attempt questions built from a quiz of every type hold no answers', () => {
    const quiz = buildEditableQuiz();
    expect(new Set(quiz.questions.map((q) => q.type)).size).toBe(4);
    expectNoAnswers(quiz.questions.map(toAttemptQuestion), quiz);
    expectNoAnswers(quizExamples.start?.output);
    expectNoAnswers(quizExamples.get);
  });
});
