/**
 * The instructor's home (/dashboard/instructor; issue 15, item 1), in place of the spec's placeholder
 * line: their figures (students, revenue and their share from the ledger, courses, average
 * completion, rating), enrollments by week, where students stop, and the latest enrollments, all from
 * `instructor.home`. "Create course" is always in view; an instructor without courses gets the first steps.
 */

import { DATE_LOCALE } from '@lectio/contracts/constants';
import type { InstructorHome as Home, InstructorRecentEnrollment } from '@lectio/contracts/instructor';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { actionClassName } from '~/components/ui/ui-classes';
import { StatusText } from '~/features/admin/AdminDashboard';
import { Chart } from '~/features/admin/charts/Chart';
import { formatAmount, formatCount, formatDateTime } from '~/features/admin/format';
import { StatCard, StatCards } from '~/features/admin/StatCard';
import { formatAverage } from '~/features/reviews/review-text';
import { createCourseLink, updateLectureLink } from '~/lib/links';
import { instructorHomeQuery } from './dashboard-queries';
import { INSTRUCTOR_HOME_TEXT as TEXT } from './instructor-home-text';

const BASE = '/dashboard/instructor';
const panelClassName =
  'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
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
  const { data, error, isFetching } = useQuery(instructorHomeQuery);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{TEXT.title}</h1>
          <p className="text-slate-700 dark:text-slate-300">{TEXT.subtitle}</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <p role="status" className="text-sm">
            <StatusText fetching={isFetching} error={error} />
          </p>
          <Link {...createCourseLink(BASE)} className={actionClassName('primary')}>
            <span aria-hidden="true">+</span>
            {TEXT.createCourse}
          </Link>
        </div>
      </header>
      {data ? data.courses.total === 0 ? <FirstSteps /> : <HomeBody data={data} /> : null}
    </div>
  );
}

function FirstSteps() {
  return (
    <section aria-labelledby="first-steps-heading" className={panelClassName}>
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
        <StatCards columns={3}>
          <StatCard
            label={TEXT.students}
            value={formatCount(data.students)}
            hint={data.notStarted > 0 ? TEXT.notStarted(data.notStarted) : TEXT.allStarted}
          />
          <StatCard
            label={TEXT.revenue}
            value={formatAmount(revenue.gross)}
            hint={TEXT.revenueHint(revenue.sales)}
          />
          <StatCard
            label={TEXT.share}
            value={formatAmount(revenue.share - revenue.refunded)}
            hint={TEXT.shareHint}
          />
          <StatCard
            label={TEXT.courses}
            value={formatCount(courses.total)}
            hint={TEXT.coursesHint(courses.published, courses.drafts)}
          />
          <StatCard
            label={TEXT.completion}
            value={data.averageCompletion === null ? TEXT.none : `${data.averageCompletion}%`}
            hint={
              data.averageCompletion === null ? TEXT.noStudentsYet : TEXT.completionHint(data.completions)
            }
          />
          <StatCard
            label={TEXT.rating}
            value={rating ? formatAverage(rating.average) : TEXT.none}
            hint={rating ? TEXT.ratingHint(rating.count) : TEXT.noRatings}
          />
        </StatCards>
      </section>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
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
      </div>

      <RecentEnrollments enrollments={data.recentEnrollments} />
    </>
  );
}

function DropOff({ data }: { data: Home }) {
  return (
    <section aria-labelledby="drop-off-heading" className={panelClassName}>
      <h2 id="drop-off-heading" className="text-lg font-semibold">
        {TEXT.dropOffTitle}
      </h2>
      <p className={`mb-3 ${mutedClassName}`}>{TEXT.dropOffHint}</p>
      {data.dropOff.length === 0 ? (
        <p className={mutedClassName}>{TEXT.noDropOff}</p>
      ) : (
        <ol className="divide-y divide-slate-200 dark:divide-slate-700">
          {data.dropOff.map((stop) => (
            <li key={stop.lectureId} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="truncate">
                  <span className="text-slate-600 dark:text-slate-400">
                    {TEXT.lectureNumber(stop.number)} ·{' '}
                  </span>
                  <Link
                    {...updateLectureLink(BASE, stop.lectureId)}
                    className={linkClassName}
                    aria-label={TEXT.editLecture(stop.lectureTitle)}
                  >
                    {stop.lectureTitle}
                  </Link>
                </p>
                <p className={`truncate ${mutedClassName}`}>{stop.courseTitle}</p>
              </div>
              <span className="shrink-0 text-sm font-semibold tabular-nums">
                {TEXT.stoppedHere(stop.students)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
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
    <section aria-labelledby="recent-enrollments-heading" className={panelClassName}>
      <h2 id="recent-enrollments-heading" className="mb-3 text-lg font-semibold">
        {TEXT.recentTitle}
      </h2>
      {enrollments.length === 0 ? (
        <p className={mutedClassName}>{TEXT.noRecent}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {enrollments.map((enrollment) => (
            <li key={enrollment.enrollmentId} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{enrollment.studentName}</p>
                <p className={`truncate ${mutedClassName}`}>{enrollment.courseTitle}</p>
                <p className={mutedClassName}>
                  <time dateTime={enrollment.enrolledAt}>{formatDateTime(enrollment.enrolledAt)}</time>
                </p>
              </div>
              <span className="shrink-0 font-semibold tabular-nums">{paidText(enrollment)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
