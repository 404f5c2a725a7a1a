/**
 * Grading and shuffling of quiz attempts, pure (decision 0081). An attempt is graded against its own
 * snapshot of the questions, so editing the quiz never changes a past result. Unanswered is wrong.
 */
import { randomInt } from 'node:crypto';
import { normaliseShortAnswer, QUIZ_MESSAGES, type QuizResponse } from '@lectio/contracts/quizzes';
import type { AttemptSnapshotQuestion, GradedAnswer, QuizQuestionRow } from '@lectio/db';
import { badRequest } from '../../lib/errors';

/** Fisher-Yates with the crypto generator: an attempt's order can't be predicted from earlier ones. */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The questions as a new attempt shows and grades them: shuffled when the quiz says so, fixed from now. */
export function snapshotQuestions(
  rows: readonly QuizQuestionRow[],
  settings: { shuffleQuestions: boolean; shuffleOptions: boolean },
): AttemptSnapshotQuestion[] {
  const ordered = settings.shuffleQuestions ? shuffled(rows) : [...rows];
  return ordered.map((row) => ({
    id: row.id,
    type: row.type,
    prompt: row.prompt,
    explanation: row.explanation,
    options: settings.shuffleOptions ? shuffled(row.options) : row.options,
    correctAnswer: row.correctAnswer,
    acceptedAnswers: row.acceptedAnswers,
  }));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  return left.size === a.length && left.size === new Set(b).size && b.every((id) => left.has(id));
}

/** Whether one answer is right for its question. */
export function isRight(question: AttemptSnapshotQuestion, response: QuizResponse | undefined): boolean {
  if (!response) return false;
  const correctIds = question.options.filter((option) => option.isCorrect).map((option) => option.id);
  switch (question.type) {
    case 'single':
      return (
        response.optionIds?.length === 1 && correctIds.length === 1 && response.optionIds[0] === correctIds[0]
      );
    case 'multiple':
      return response.optionIds !== undefined && sameSet(response.optionIds, correctIds);
    case 'true_false':
      return response.value !== undefined && response.value === question.correctAnswer;
    case 'short_answer': {
      if (response.text === undefined) return false;
      const given = normaliseShortAnswer(response.text);
      return (
        given !== '' && question.acceptedAnswers.some((accepted) => normaliseShortAnswer(accepted) === given)
      );
    }
  }
}

/**
 * The responses checked against the attempt's questions: 400 for a question not in the attempt, an option
 * not in its question, an answer of the wrong form, or the same question twice. Nothing is written then.
 */
export function checkResponses(
  questions: readonly AttemptSnapshotQuestion[],
  responses: readonly QuizResponse[],
): Map<string, QuizResponse> {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const checked = new Map<string, QuizResponse>();
  for (const response of responses) {
    const question = byId.get(response.questionId.toLowerCase());
    if (!question || checked.has(question.id)) throw badRequest(QUIZ_MESSAGES.unknownQuestion);
    const choice = question.type === 'single' || question.type === 'multiple';
    const fits =
      (choice && response.value === undefined && response.text === undefined) ||
      (question.type === 'true_false' && response.optionIds === undefined && response.text === undefined) ||
      (question.type === 'short_answer' && response.optionIds === undefined && response.value === undefined);
    if (!fits) throw badRequest(QUIZ_MESSAGES.answerDoesNotFitQuestion);
    const optionIds = response.optionIds?.map((id) => id.toLowerCase());
    if (optionIds) {
      const known = new Set(question.options.map((option) => option.id));
      if (!optionIds.every((id) => known.has(id))) throw badRequest(QUIZ_MESSAGES.unknownOption);
      if (new Set(optionIds).size !== optionIds.length) throw badRequest(QUIZ_MESSAGES.unknownOption);
    }
    checked.set(question.id, { ...response, questionId: question.id, ...(optionIds ? { optionIds } : {}) });
  }
  return checked;
}

export interface Grade {
  answers: GradedAnswer[];
  correctCount: number;
  score: number;
}

/** Correct / total × 100, to 2 decimals (0 for no questions). */
export function scoreOf(correct: number, total: number): number {
  return total > 0 ? Math.round((correct / total) * 10000) / 100 : 0;
}

export function grade(
  questions: readonly AttemptSnapshotQuestion[],
  responses: Map<string, QuizResponse>,
): Grade {
  const answers = questions.map((question): GradedAnswer => {
    const response = responses.get(question.id);
    return {
      questionId: question.id,
      ...(response?.optionIds ? { optionIds: response.optionIds } : {}),
      ...(response?.value !== undefined ? { value: response.value } : {}),
      ...(response?.text !== undefined ? { text: response.text } : {}),
      isCorrect: isRight(question, response),
    };
  });
  const correctCount = answers.filter((answer) => answer.isCorrect).length;
  return { answers, correctCount, score: scoreOf(correctCount, questions.length) };
}
