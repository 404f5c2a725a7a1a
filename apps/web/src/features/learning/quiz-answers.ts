/**
 * What the attempt form holds and what `quizzes.submit` is sent: one response per answered question, in the
 * attempt's order. An unanswered question is left out (the server counts it wrong), so is a blank short
 * answer. The answers given so far are kept in the browser until the attempt is graded. The countdown's announcements are here too: pure, so both are tested without a browser.
 */
import type { AttemptQuestion, QuizResponse } from '@lectio/contracts/quizzes';
import { z } from 'zod';
import { type StoredJson, storedJson } from '~/lib/stored-json';

/** The form's answer to one question: chosen options, a true/false value, or typed text. */
const draftAnswerSchema = z.union([
  z.object({ optionIds: z.array(z.string()) }),
  z.object({ value: z.boolean() }),
  z.object({ text: z.string() }),
]);
const draftAnswersSchema = z.record(z.string(), draftAnswerSchema);
export type DraftAnswer = z.infer<typeof draftAnswerSchema>;
export type DraftAnswers = Readonly<Record<string, DraftAnswer>>;

/**
 * An open attempt's answers wait in local storage under the attempt's id until it is graded: a reload
 * (or a closed tab) resumes the attempt on the server, and its answers from here. The entry is removed
 * when the attempt is graded, and when the quiz's attempts list shows it finished another way (time up,
 * sent from another tab).
 */
export function quizDraft(attemptId: string): StoredJson<DraftAnswers> {
  return storedJson(`lectio:quiz-answers:${attemptId}`, (value) => {
    const parsed = draftAnswersSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
}

export function answersPayload(questions: readonly AttemptQuestion[], draft: DraftAnswers): QuizResponse[] {
  const answers: QuizResponse[] = [];
  for (const question of questions) {
    const answer = draft[question._id];
    if (!answer) continue;
    if ('optionIds' in answer) {
      if (answer.optionIds.length > 0)
        answers.push({ questionId: question._id, optionIds: answer.optionIds });
    } else if ('value' in answer) {
      answers.push({ questionId: question._id, value: answer.value });
    } else if (answer.text.trim() !== '') {
      answers.push({ questionId: question._id, text: answer.text });
    }
  }
  return answers;
}

/** `m:ss` (or `h:mm:ss`) for the seconds left, never below zero. */
export function clockText(secondsLeft: number): string {
  const total = Math.max(0, Math.ceil(secondsLeft));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * The whole minutes a screen reader is told about: every 5 minutes, then each of the last 5 (null in
 * between, so the polite live region changes at most once a minute).
 */
export function minutesToAnnounce(secondsLeft: number): number | null {
  const minutes = Math.ceil(Math.max(0, secondsLeft) / 60);
  if (minutes === 0) return null;
  return minutes <= 5 || minutes % 5 === 0 ? minutes : null;
}
