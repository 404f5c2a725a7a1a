/**
 * The student overview at /dashboard (spec section 2, "Student dashboard"; decision 0038): the spec's
 * greeting, four tiles and 'My Active Courses' with progress bars, now from the student's own data
 * (`learner.dashboard`), plus the lecture to continue, one click away, and courses to try next. A student
 * without enrollments gets zeros and a way to the catalogue.
 */
import type {
  ActiveCourse,
  ContinueLearning,
  LearnerDashboard,
  RecommendedCourse,
} from '@lectio/contracts/learner';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cardClassName } from '~/components/ui/Card';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import {
  courseLink,
  lectureLink,
  myCoursesLink,
  type SectionBase,
  sectionBase,
  sectionCoursesLink,
} from '~/lib/links';
import { useSession } from '~/lib/session';
import { formatCoursePrice } from '../catalog/course-card-format';
import { clockTime } from './clock-time';
import { learnerDashboardQuery } from './dashboard-queries';
import { STUDENT_DASHBOARD } from './screen-titles';

const TEXT = STUDENT_DASHBOARD;
// A card whose image runs to its edges: no padding of its own (one padding per element).
const imageCardClassName =
  'flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';
const linkClassName = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

function Stats({ data }: { data: LearnerDashboard | undefined }) {
  const value = (figure: (d: LearnerDashboard) => string) => (data ? figure(data) : '–');
  const tiles: { label: string; value: string; extra?: ReactNode }[] = [
    { label: TEXT.enrolled, value: value((d) => String(d.coursesEnrolled)) },
    { label: TEXT.completed, value: value((d) => String(d.coursesCompleted)) },
    {
      label: TEXT.certificates,
      value: value((d) => String(d.certificatesEarned)),
      extra:
        data && data.certificatesEarned > 0 ? (
          <Link to="/dashboard/certificates" className={`text-sm ${linkClassName}`}>
            {TEXT.viewCertificates}
          </Link>
        ) : null,
    },
    { label: TEXT.averageProgress, value: value((d) => `${d.averageProgress}%`) },
  ];
  return (
    <ul aria-label={TEXT.statsLabel} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {tiles.map((tile) => (
        <li key={tile.label} className={cardClassName}>
          <p className="text-sm text-slate-600 dark:text-slate-400">{tile.label}</p>
          <p className="mt-2 text-3xl font-bold">{tile.value}</p>
          {tile.extra ? <p className="mt-2">{tile.extra}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function CourseTitle({ base, courseId, title }: { base: SectionBase; courseId: string; title: string }) {
  return (
    <h3 className="line-clamp-2 font-semibold">
      <Link {...courseLink(base, courseId)} className="hover:underline">
        {title}
      </Link>
    </h3>
  );
}

function ContinueCard({ base, next }: { base: SectionBase; next: ContinueLearning }) {
  const where = !next.started
    ? TEXT.startFirst
    : next.kind === 'article'
      ? TEXT.readNext(next.readingMinutes ?? 1)
      : next.kind === 'quiz'
        ? TEXT.takeQuizNext
        : next.duration > 0
          ? TEXT.resumeAt(clockTime(next.position), clockTime(next.duration))
          : TEXT.resumeAtNoTotal(clockTime(next.position));
  return (
    <section aria-labelledby="continue-heading" className={panelClassName}>
      <h2 id="continue-heading" className="text-xl font-semibold">
        {TEXT.continueTitle}
      </h2>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <p className="truncate font-semibold">{next.lectureTitle}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{next.courseTitle}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{where}</p>
        </div>
        <Link
          {...lectureLink(base, next.courseId, next.lectureId)}
          className={actionClassName('primary')}
          aria-label={`${next.started ? TEXT.continueButton : TEXT.startButton}: ${next.lectureTitle}`}
        >
          {next.started ? TEXT.continueButton : TEXT.startButton}
        </Link>
      </div>
    </section>
  );
}

function ActiveCourseItem({ base, course }: { base: SectionBase; course: ActiveCourse }) {
  return (
    <li className={cardClassName}>
      <div className="flex items-baseline justify-between gap-4">
        <div className="min-w-0">
          <CourseTitle base={base} courseId={course.courseId} title={course.title} />
          <p className="text-sm text-slate-600 dark:text-slate-400">{course.instructorName}</p>
        </div>
        <span className="text-sm font-medium">{course.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={TEXT.progressOf(course.title)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={course.progress}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-indigo-600" style={{ width: `${course.progress}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {TEXT.lecturesDone(course.completedLectures, course.totalLectures)}
      </p>
    </li>
  );
}

function ActiveCourses({ base, data }: { base: SectionBase; data: LearnerDashboard }) {
  return (
    <section aria-labelledby="active-courses-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="active-courses-heading" className="text-xl font-semibold">
          {TEXT.activeCoursesTitle}
        </h2>
        <Link {...myCoursesLink(base)} className={`text-sm ${linkClassName}`}>
          {TEXT.seeAllCourses}
        </Link>
      </div>
      {data.activeCourses.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{TEXT.allComplete}</p>
      ) : (
        <ul className="space-y-3">
          {data.activeCourses.map((course) => (
            <ActiveCourseItem key={course.courseId} base={base} course={course} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptyState({ base }: { base: SectionBase }) {
  return (
    <section aria-labelledby="empty-heading" className={`${panelClassName} text-center`}>
      <h2 id="empty-heading" className="text-xl font-semibold">
        {TEXT.emptyTitle}
      </h2>
      <p className="mx-auto mt-2 max-w-prose text-slate-700 dark:text-slate-300">{TEXT.emptyText}</p>
      <Link {...sectionCoursesLink(base)} className={`mt-4 ${actionClassName('primary')}`}>
        {TEXT.browseCourses}
      </Link>
    </section>
  );
}

function RecommendationCard({ base, course }: { base: SectionBase; course: RecommendedCourse }) {
  return (
    <li className={imageCardClassName}>
      {course.thumbnailUrl ? (
        <img
          src={course.thumbnailUrl}
          alt=""
          loading="lazy"
          width={320}
          height={180}
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-video w-full bg-slate-200 dark:bg-slate-700" />
      )}
      <div className="flex flex-1 flex-col gap-1 p-4">
        <CourseTitle base={base} courseId={course._id} title={course.title} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {TEXT.byInstructor(course.instructorName)}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {course.ratingCount > 0 ? (
            <>
              <span aria-hidden="true">★ </span>
              {TEXT.rating(course.rating, course.ratingCount)}
            </>
          ) : (
            TEXT.noRatings
          )}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{TEXT.students(course.studentsCount)}</p>
        <p className="mt-auto pt-1 font-semibold">{formatCoursePrice(course.price)}</p>
      </div>
    </li>
  );
}

function Recommendations({ base, courses }: { base: SectionBase; courses: RecommendedCourse[] }) {
  if (courses.length === 0) return null;
  return (
    <section aria-labelledby="recommendations-heading" className="space-y-4">
      <h2 id="recommendations-heading" className="text-xl font-semibold">
        {TEXT.recommendationsTitle}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {courses.map((course) => (
          <RecommendationCard key={course._id} base={base} course={course} />
        ))}
      </ul>
    </section>
  );
}

export function StudentDashboard() {
  const { user } = useSession();
  const dashboard = useQuery({ ...learnerDashboardQuery, enabled: user !== null });
  if (!user) return null;
  const base = sectionBase(user.role);
  const data = dashboard.data;
  const newcomer = data?.coursesEnrolled === 0;

  return (
    <div className="space-y-8" aria-busy={dashboard.isPending}>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{TEXT.greeting(data?.name ?? user.name)}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {newcomer ? TEXT.newcomerSubline : TEXT.subline}
        </p>
      </header>
      {dashboard.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {TEXT.loadFailed}
        </p>
      ) : null}
      <Stats data={data} />
      {dashboard.isPending ? <p className="text-slate-700 dark:text-slate-300">{TEXT.loading}</p> : null}
      {data?.continueLearning ? <ContinueCard base={base} next={data.continueLearning} /> : null}
      {data && newcomer ? <EmptyState base={base} /> : null}
      {data && !newcomer ? <ActiveCourses base={base} data={data} /> : null}
      {data ? <Recommendations base={base} courses={data.recommendations} /> : null}
    </div>
  );
}
