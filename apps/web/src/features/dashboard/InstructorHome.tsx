/**
 * The instructor's home (/dashboard/instructor; issue 15, item 1), in place of the spec's placeholder
 * line: their figures (students, revenue and their share from the ledger, courses, average
 * completion, rating), enrollments by week, where students stop, the unanswered questions (decision 0088)
 * and the latest enrollments, all from
 * `instructor.home`. "Create course" is always in view; an instructor without courses gets the first steps.
 */

import { DATE_LOCALE } from '@lectio/contracts/constants';
import type { InstructorHome as Home, InstructorRecentEnrollment } from '@lectio/contracts/instructor';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card, CardGrid, CardList, cardClassName, FigureRow } from '~/components/ui/Card';
import { FiguresHeader } from '~/components/ui/FiguresHeader';
import { StatGrid } from '~/components/ui/StatGrid';
import { actionClassName } from '~/components/ui/ui-classes';
import { Chart } from '~/features/admin/charts/Chart';
import { formatAmount, formatCount, formatDateTime } from '~/features/admin/format';
import { UnansweredQuestionsCard } from '~/features/questions/UnansweredQuestionsCard';
import { formatAverage } from '~/features/reviews/review-text';
import { createCourseLink, updateLectureLink } from '~/lib/links';
import { instructorHomeQuery } from './dashboard-queries';
import { INSTRUCTOR_HOME_TEXT as TEXT } from './instructor-home-text';

const BASE = '/dashboard/instructor';
const mutedClassName = 'text-sm text-slate-600 dark:text-slate-400';
const linkClassName = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

const weekFormatter = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** `2026-03-02` (a Monday) as '2 Mar'. */
export function formatWeek(week: string): string {
  const date = new Date(`${week}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? week : weekFormatter.format(date);
}

export function InstructorHome() {
  const home = useQuery(instructorHomeQuery);
  const { data } = home;
  return (
    <div className="space-y-6">
      <FiguresHeader title={TEXT.title} subtitle={TEXT.subtitle} query={home}>
        <Link {...createCourseLink(BASE)} className={actionClassName('primary')}>
          <span aria-hidden="true">+</span>
          {TEXT.createCourse}
        </Link>
      </FiguresHeader>
      {data ? data.courses.total === 0 ? <FirstSteps /> : <HomeBody data={data} /> : null}
    </div>
  );
}

function FirstSteps() {
  return (
    <section aria-labelledby="first-steps-heading" className={cardClassName}>
      <h2 id="first-steps-heading" className="text-xl font-semibold">
        {TEXT.startTitle}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{TEXT.startIntro}</p>
      <ol className="mt-4 grid gap-4 md:grid-cols-2">
        {TEXT.steps.map((step, index) => (
          <li key={step.title} className="flex gap-3 rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{step.title}</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link {...createCourseLink(BASE)} className={actionClassName('primary')}>
          {TEXT.createCourse}
        </Link>
        <Link to="/dashboard/instructor/coupons" className={actionClassName('secondary')}>
          {TEXT.goToCoupons}
        </Link>
      </div>
    </section>
  );
}

function HomeBody({ data }: { data: Home }) {
  const { revenue, courses, rating } = data;
  return (
    <>
      <section aria-label={TEXT.figures}>
        <StatGrid
          columns={3}
          figures={[
            {
              label: TEXT.students,
              value: formatCount(data.students),
              hint: data.notStarted > 0 ? TEXT.notStarted(data.notStarted) : TEXT.allStarted,
            },
            {
              label: TEXT.revenue,
              value: formatAmount(revenue.gross),
              hint: TEXT.revenueHint(revenue.sales),
            },
            {
              label: TEXT.share,
              value: formatAmount(revenue.share - revenue.refunded),
              hint: TEXT.shareHint,
            },
            {
              label: TEXT.courses,
              value: formatCount(courses.total),
              hint: TEXT.coursesHint(courses.published, courses.drafts),
            },
            {
              label: TEXT.completion,
              value: data.averageCompletion === null ? TEXT.none : `${data.averageCompletion}%`,
              hint:
                data.averageCompletion === null ? TEXT.noStudentsYet : TEXT.completionHint(data.completions),
            },
            {
              label: TEXT.rating,
              value: rating ? formatAverage(rating.average) : TEXT.none,
              hint: rating ? TEXT.ratingHint(rating.count) : TEXT.noRatings,
            },
          ]}
        />
      </section>

      <CardGrid>
        <Chart
          title={TEXT.weeklyChart}
          kind="bar"
          rows={data.weeks}
          category={(row) => formatWeek(row.week)}
          value={(row) => row.enrollments}
          categoryLabel={TEXT.weekOf}
          valueLabel={TEXT.enrollments}
          integer
          height={280}
        />
        <DropOff data={data} />
      </CardGrid>

      <CardGrid>
        <UnansweredQuestionsCard base={BASE} data={data.unansweredQuestions} />
        <RecentEnrollments enrollments={data.recentEnrollments} />
      </CardGrid>
    </>
  );
}

function DropOff({ data }: { data: Home }) {
  return (
    <Card title={TEXT.dropOffTitle} intro={<p className={`mb-3 ${mutedClassName}`}>{TEXT.dropOffHint}</p>}>
      <CardList
        ordered
        items={data.dropOff}
        empty={TEXT.noDropOff}
        row={(stop) => (
          <FigureRow
            key={stop.lectureId}
            figure={
              <span className="shrink-0 text-sm font-semibold tabular-nums">
                {TEXT.stoppedHere(stop.students)}
              </span>
            }
          >
            <p className="truncate">
              <span className="text-slate-600 dark:text-slate-400">{TEXT.lectureNumber(stop.number)} · </span>
              <Link
                {...updateLectureLink(BASE, stop.lectureId)}
                className={linkClassName}
                aria-label={TEXT.editLecture(stop.lectureTitle)}
              >
                {stop.lectureTitle}
              </Link>
            </p>
            <p className={`truncate ${mutedClassName}`}>{stop.courseTitle}</p>
          </FigureRow>
        )}
      />
    </Card>
  );
}

function paidText(enrollment: InstructorRecentEnrollment): string {
  if (enrollment.paid !== null) return formatAmount(enrollment.paid);
  if (enrollment.source === 'free') return TEXT.free;
  if (enrollment.source === 'admin') return TEXT.byAdmin;
  return TEXT.notPaid;
}

function RecentEnrollments({ enrollments }: { enrollments: readonly InstructorRecentEnrollment[] }) {
  return (
    <Card title={TEXT.recentTitle}>
      <CardList
        items={enrollments}
        empty={TEXT.noRecent}
        row={(enrollment) => (
          <FigureRow
            key={enrollment.enrollmentId}
            figure={<span className="shrink-0 font-semibold tabular-nums">{paidText(enrollment)}</span>}
          >
            <p className="truncate font-medium">{enrollment.studentName}</p>
            <p className={`truncate ${mutedClassName}`}>{enrollment.courseTitle}</p>
            <p className={mutedClassName}>
              <time dateTime={enrollment.enrolledAt}>{formatDateTime(enrollment.enrolledAt)}</time>
            </p>
          </FigureRow>
        )}
      />
    </Card>
  );
}
