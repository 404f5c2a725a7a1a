/**
 * The gradebook as CSV (issue 26 item 7): one row per student with their progress and, per quiz, attempts,
 * best score and whether they passed. Quoting is papaparse's (`unparse`), and a cell that a spreadsheet
 * would run as a formula (=, +, -, @ first) is escaped, since names and emails are the students' own text.
 */
import type { GradebookResponse, GradebookStudent } from '@lectio/contracts/quizzes';
import Papa from 'papaparse';
import { QUIZ_BUILDER_TEXT } from './quiz-builder-text';

type GradebookQuiz = GradebookResponse['data']['quizzes'][number];

export function gradebookCsv(
  quizzes: readonly GradebookQuiz[],
  students: readonly GradebookStudent[],
  lessonCount: number,
): string {
  const T = QUIZ_BUILDER_TEXT;
  const fields = [
    T.name,
    T.email,
    `${T.progress} (%)`,
    T.progress,
    ...quizzes.flatMap((quiz) => [
      T.quizColumn(quiz.title, T.attempts),
      T.quizColumn(quiz.title, `${T.bestScore} (%)`),
      T.quizColumn(quiz.title, T.passed),
    ]),
  ];
  const data = students.map((student) => [
    student.name,
    student.email,
    student.progressPercent,
    T.lessonsDone(student.completedLessons, lessonCount),
    ...quizzes.flatMap((quiz) => {
      const result = student.quizzes.find((item) => item.lectureId === quiz.lectureId);
      return [result?.attempts ?? 0, result?.bestScore ?? '', result?.passed ? T.yes : T.no];
    }),
  ]);
  return Papa.unparse({ fields, data }, { escapeFormulae: true, newline: '\r\n' });
}
