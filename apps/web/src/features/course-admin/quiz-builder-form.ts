/**
 * The quiz builder's values and their reading as `quizzes.save`'s input. The form holds what its controls
 * hold (number boxes as text, "limit attempts" and "set a time limit" as switches, every type's answer
 * fields on each question); `toSaveRequest` turns that into the request, and the form's schema checks it
 * with the contract's `saveQuizRequestSchema`, putting each issue on the control that holds it. So every
 * rule and message is the contract's.
 */
import {
  type EditableQuiz,
  QUIZ_DEFAULTS,
  type QuestionType,
  type QuizQuestion,
  saveQuizRequestSchema,
} from '@lectio/contracts/quizzes';
import { z } from 'zod';

export interface DraftOption {
  id?: string | undefined;
  text: string;
  isCorrect: boolean;
}

export interface DraftQuestion {
  id?: string | undefined;
  type: QuestionType;
  prompt: string;
  explanation: string;
  /** Single and multiple choice. */
  options: DraftOption[];
  /** True/false. */
  correctAnswer: boolean;
  /** Short answer; blank rows are the editor's, not answers. */
  acceptedAnswers: string[];
}

export interface QuizBuilderValues {
  passMark: string;
  attemptsLimited: boolean;
  attemptsAllowed: string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  timed: boolean;
  timeLimitMinutes: string;
  showAnswers: boolean;
  questions: DraftQuestion[];
}

export function blankOption(): DraftOption {
  return { text: '', isCorrect: false };
}

export function blankQuestion(): DraftQuestion {
  return {
    type: 'single',
    prompt: '',
    explanation: '',
    options: [blankOption(), blankOption()],
    correctAnswer: true,
    acceptedAnswers: [''],
  };
}

function draftOf(question: QuizQuestion): DraftQuestion {
  const choice = question.type === 'single' || question.type === 'multiple';
  return {
    id: question._id,
    type: question.type,
    prompt: question.prompt,
    explanation: question.explanation ?? '',
    options: choice
      ? question.options.map((option) => ({ id: option._id, text: option.text, isCorrect: option.isCorrect }))
      : [blankOption(), blankOption()],
    correctAnswer: question.correctAnswer ?? true,
    acceptedAnswers: question.acceptedAnswers.length > 0 ? question.acceptedAnswers : [''],
  };
}

/** The form's starting values for a quiz as `quizzes.edit` answers it. */
export function builderValues(quiz: Pick<EditableQuiz, 'settings' | 'questions'>): QuizBuilderValues {
  const { settings } = quiz;
  return {
    passMark: String(settings.passMark),
    attemptsLimited: settings.attemptsAllowed !== null,
    attemptsAllowed: String(settings.attemptsAllowed ?? 1),
    shuffleQuestions: settings.shuffleQuestions,
    shuffleOptions: settings.shuffleOptions,
    timed: settings.timeLimitMinutes !== null,
    timeLimitMinutes: String(settings.timeLimitMinutes ?? 10),
    showAnswers: settings.showAnswers,
    questions: quiz.questions.map(draftOf),
  };
}

/** A number box's text as a number; an empty box is NaN, which the contract's rule refuses with its message. */
function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function questionRequest(draft: DraftQuestion) {
  const base = {
    ...(draft.id ? { id: draft.id } : {}),
    prompt: draft.prompt,
    explanation: draft.explanation.trim() === '' ? null : draft.explanation,
  };
  switch (draft.type) {
    case 'single':
    case 'multiple':
      return {
        ...base,
        type: draft.type,
        options: draft.options.map((option) => ({
          ...(option.id ? { id: option.id } : {}),
          text: option.text,
          isCorrect: option.isCorrect,
        })),
      };
    case 'true_false':
      return { ...base, type: draft.type, correctAnswer: draft.correctAnswer };
    case 'short_answer':
      return {
        ...base,
        type: draft.type,
        acceptedAnswers: draft.acceptedAnswers.filter((answer) => answer.trim() !== ''),
      };
  }
}

/** `quizzes.save`'s input for the builder's values. */
export function toSaveRequest(
  lectureId: string,
  values: QuizBuilderValues,
): z.input<typeof saveQuizRequestSchema> {
  return {
    lectureId,
    settings: {
      passMark: wholeNumber(values.passMark),
      attemptsAllowed: values.attemptsLimited ? wholeNumber(values.attemptsAllowed) : null,
      shuffleQuestions: values.shuffleQuestions,
      shuffleOptions: values.shuffleOptions,
      timeLimitMinutes: values.timed ? wholeNumber(values.timeLimitMinutes) : null,
      showAnswers: values.showAnswers,
    },
    questions: values.questions.map(questionRequest),
  };
}

/** Where an issue of the request lands in the form: settings on their boxes, questions on the same path. */
function formPath(path: readonly PropertyKey[]): PropertyKey[] {
  if (path[0] === 'settings') return [String(path[1])];
  return [...path];
}

/** The builder's schema: the values read as the request, checked by the contract's own schema. */
export function quizBuilderSchema(lectureId: string) {
  return z.custom<QuizBuilderValues>().superRefine((values, context) => {
    const checked = saveQuizRequestSchema.safeParse(toSaveRequest(lectureId, values));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: formPath(issue.path) });
    }
  });
}

export const NEW_QUIZ_VALUES = builderValues({ settings: { ...QUIZ_DEFAULTS }, questions: [] });
