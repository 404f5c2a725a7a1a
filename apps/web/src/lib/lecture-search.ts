/**
 * The lecture player's search parameters: `?t=SECONDS`, where its video starts (a note's time, decision
 * 0087): only a whole number of seconds, 0 or more, is kept; and `?question={id}` (the contracts'
 * QUESTION_SEARCH_PARAM, a notification's or the instructor home's link, decision 0088): the Q&A thread
 * that opens. Anything else is left out.
 */
import { QUESTION_SEARCH_PARAM } from '@lectio/contracts/question-links';

export interface QuestionSearch {
  question?: string;
}

export interface LectureSearch extends QuestionSearch {
  t?: number;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?question={id}`, the Q&A thread that opens: kept only when it is an id. */
export function validateQuestionSearch(search: Record<string, unknown>): QuestionSearch {
  const question = search[QUESTION_SEARCH_PARAM];
  return typeof question === 'string' && ID.test(question) ? { question: question.toLowerCase() } : {};
}

export function validateLectureSearch(search: Record<string, unknown>): LectureSearch {
  // The router parses `?t=42` as a number; a hand-typed `?t="42"` arrives as text.
  const raw = typeof search.t === 'string' && search.t.trim() !== '' ? Number(search.t) : search.t;
  return {
    ...(typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? { t: raw } : {}),
    ...validateQuestionSearch(search),
  };
}
