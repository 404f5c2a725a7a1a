/**
 * A course's gradebook ({base}/gradebook/{courseId}, issue 26 item 7): the students a page at a time with
 * their progress and each quiz's attempts, best score and pass; per quiz, the item analysis (% of answers
 * right per question); and "Export CSV", which reads every page and saves them as one file. The course's
 * instructor or an admin (`quizzes.gradebook` refuses anyone else).
 */
import { GRADEBOOK_PAGE, type GradebookResponse, type GradebookStudent } from '@lectio/contracts/quizzes';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PagedList } from '~/components/ui/PagedList';
import { type StackedColumn, StackedTable } from '~/components/ui/StackedTable';
import { TableHead } from '~/components/ui/TableHead';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { courseQuery } from '~/features/catalog/course-queries';
import { GoBackButton } from '~/features/catalog/GoBackButton';
import { errorMessage } from '~/lib/api-errors';
import { courseLecturesLink } from '~/lib/links';
import { saveBlob } from '~/lib/save-file';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { gradebookCsv } from './gradebook-csv';
import { useManagingBase } from './navigation-state';
import { QUIZ_BUILDER_TEXT as T } from './quiz-builder-text';

type Gradebook = GradebookResponse['data'];
type GradebookQuiz = Gradebook['quizzes'][number];

function gradebookQuery(courseId: string) {
  return trpc.quizzes.gradebook.infiniteQueryOptions(
    { courseId, limit: GRADEBOOK_PAGE.default },
    { getNextPageParam: (page) => page.data.nextCursor ?? undefined },
  );
}

/** Every page of the gradebook, the largest pages the server allows, for the export. */
export async function readWholeGradebook(
  fetchPage: (cursor: string | undefined) => Promise<Gradebook>,
): Promise<{ first: Gradebook; students: GradebookStudent[] }> {
  const first = await fetchPage(undefined);
  const students = [...first.students];
  let cursor = first.nextCursor;
  while (cursor) {
    const page = await fetchPage(cursor);
    students.push(...page.students);
    cursor = page.nextCursor;
  }
  return { first, students };
}

function ExportCsvButton({ courseId }: { courseId: string }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function exportCsv() {
    setBusy(true);
    try {
      const { first, students } = await readWholeGradebook(async (cursor) => {
        const body = await client.fetchQuery({
          ...trpc.quizzes.gradebook.queryOptions({
            courseId,
            limit: GRADEBOOK_PAGE.max,
            ...(cursor ? { cursor } : {}),
          }),
          staleTime: 0,
        });
        return body.data;
      });
      const csv = gradebookCsv(first.quizzes, students, first.lessonCount);
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), T.csvFileName(courseId));
    } catch (error) {
      toast.error(`${T.exportFailed}: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={actionClassName('primary', 'small')}
      disabled={busy}
      aria-busy={busy}
      onClick={() => void exportCsv()}
    >
      {busy ? T.exporting : T.exportCsv}
    </button>
  );
}

function studentColumns(
  quizzes: readonly GradebookQuiz[],
  lessonCount: number,
): StackedColumn<GradebookStudent>[] {
  return [
    { label: T.name, cell: (student) => student.name },
    { label: T.email, cell: (student) => student.email },
    {
      label: T.progress,
      numeric: true,
      cell: (student) => (
        <span title={T.lessonsDone(student.completedLessons, lessonCount)}>{student.progressPercent}%</span>
      ),
    },
    ...quizzes.flatMap((quiz): StackedColumn<GradebookStudent>[] => {
      const result = (student: GradebookStudent) =>
        student.quizzes.find((item) => item.lectureId === quiz.lectureId);
      return [
        {
          label: T.quizColumn(quiz.title, T.attempts),
          numeric: true,
          cell: (student) => result(student)?.attempts ?? 0,
        },
        {
          label: T.quizColumn(quiz.title, T.bestScore),
          numeric: true,
          cell: (student) => {
            const best = result(student)?.bestScore;
            return best === null || best === undefined ? T.none : `${best}%`;
          },
        },
        {
          label: T.quizColumn(quiz.title, T.passed),
          cell: (student) => (result(student)?.passed ? T.yes : T.no),
        },
      ];
    }),
  ];
}

function ItemAnalysis({ quiz }: { quiz: GradebookQuiz }) {
  const headingId = `item-analysis-${quiz.lectureId}`;
  return (
    <section aria-labelledby={headingId} className={`${panelClassName} space-y-2 overflow-x-auto`}>
      <h3 id={headingId} className="font-semibold">
        {T.itemAnalysis(quiz.title)}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {T.quizFacts(quiz.passMark, quiz.attemptCount)}
      </p>
      <table className="w-full text-left text-sm">
        <TableHead
          className="text-slate-600 dark:text-slate-400"
          columns={[
            { label: T.questionColumn },
            { label: T.answers, numeric: true },
            { label: T.percentCorrect, numeric: true },
          ]}
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {quiz.questions.map((question) => (
            <tr key={question._id}>
              <th scope="row" className="py-2 pr-4 font-normal">
                {question.prompt}
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">{question.answerCount}</td>
              <td className="py-2 text-right tabular-nums">
                {question.correctPercent === null ? T.notAnsweredYet : `${question.correctPercent}%`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function GradebookScreen({ courseId }: { courseId: string }) {
  const base = useManagingBase();
  const course = useQuery({ ...courseQuery(courseId), enabled: Boolean(courseId) });
  const query = gradebookQuery(courseId);
  const pages = useInfiniteQuery(query);
  const first = pages.data?.pages[0]?.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <GoBackButton />
        <Link {...courseLecturesLink(base, courseId)} className={actionClassName('secondary', 'small')}>
          {COURSE_ADMIN_TEXT.lecturesTitle}
        </Link>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{T.gradebook}</h1>
          {course.data ? <p className="text-slate-700 dark:text-slate-300">{course.data.title}</p> : null}
          {first ? <p className="text-sm">{T.studentCount(first.studentCount)}</p> : null}
        </div>
        {first && first.studentCount > 0 ? <ExportCsvButton courseId={courseId} /> : null}
      </div>
      <section aria-labelledby="gradebook-students" className={`${panelClassName} space-y-3`}>
        <h2 id="gradebook-students" className="text-lg font-semibold">
          {T.students}
        </h2>
        <PagedList
          query={query}
          items={(page) => page.data.students}
          text={{
            loading: T.loadingGradebook,
            failed: T.gradebookFailed,
            retry: COURSE_ADMIN_TEXT.retry,
            loadMore: T.loadMore,
            loadingMore: T.loadingGradebook,
          }}
          failureDetail={(error) => errorMessage(error)}
          empty={T.noStudents}
        >
          {(students) => (
            // Scrolls sideways when a quiz adds columns: focusable and named, so it scrolls by keyboard too.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
            <section tabIndex={0} aria-label={T.studentTable} className="overflow-x-auto">
              <StackedTable
                rows={students}
                rowKey={(student) => student.userId}
                columns={studentColumns(first?.quizzes ?? [], first?.lessonCount ?? 0)}
                breakpoint="md"
              />
            </section>
          )}
        </PagedList>
      </section>
      {first?.quizzes.map((quiz) => (
        <ItemAnalysis key={quiz.lectureId} quiz={quiz} />
      ))}
    </div>
  );
}
