/**
 * A question's links, without zod: the lecture routes' search parameters read them, and those are on
 * the landing page's path (its JavaScript budget, e2e budget.spec).
 */
/** The search parameter the lesson page reads to open one question: `?question={id}`. */
export const QUESTION_SEARCH_PARAM = 'question';

/**
 * Where a question opens, as a path inside the viewer's dashboard section (a notification's `link`, put
 * under the section by `notificationHref`): its lesson's page, or the course's page for a general question,
 * with `?question={id}`.
 */
export function questionLink(question: { id: string; courseId: string; lectureId: string | null }): string {
  const page =
    question.lectureId === null
      ? `course/${question.courseId}`
      : `course/${question.courseId}/lecture/${question.lectureId}`;
  return `${page}?${QUESTION_SEARCH_PARAM}=${question.id}`;
}
