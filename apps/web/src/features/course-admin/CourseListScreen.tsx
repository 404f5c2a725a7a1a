/**
 * The dashboard course list ({base}/course-list, spec section 2): the System Overview card with the real
 * counts of the courses the viewer manages (`courses.overview`: total, published, drafts; the spec's
 * sample figures are gone, issue 15), 'Create course', and the table of the courses the viewer manages (own courses
 * for an instructor, all for an admin) as a PagedList, with SKELETON_ROWS placeholder rows while loading
 * and the course just created or edited highlighted.
 */
import { SKELETON_ROWS } from '@lectio/contracts/constants';
import type { Course } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import type { PublicUser } from '@lectio/contracts/user';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { PagedList } from '~/components/ui/PagedList';
import { TableHead } from '~/components/ui/TableHead';
import { actionClassName, panelClassName, primaryActionClassName } from '~/components/ui/ui-classes';
import { formatCount } from '~/features/admin/format';
import { formatCoursePrice } from '~/features/catalog/course-format';
import { createCourseLink } from '~/lib/links';
import { useSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { managedCoursesQuery } from './course-admin-queries';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import { canCreateCourse, editTarget } from './edit-permissions';
import { useManagingBase } from './navigation-state';
import { StatusBadge } from './StatusBadge';

const COLUMN_COUNT = 5;

function SystemOverview() {
  const overview = useQuery(trpc.courses.overview.queryOptions());
  const counts = overview.data?.data;
  const counters = [
    { label: COURSE_ADMIN_TEXT.totalCourses, value: counts?.totalCourses },
    { label: COURSE_ADMIN_TEXT.publishedCourses, value: counts?.publishedCourses },
    { label: COURSE_ADMIN_TEXT.draftCourses, value: counts?.draftCourses },
  ];
  return (
    <section
      aria-labelledby="system-overview-title"
      className={panelClassName}
      aria-busy={overview.isPending}
    >
      <h2 id="system-overview-title" className="mb-4 text-lg font-semibold">
        {COURSE_ADMIN_TEXT.systemOverview}
      </h2>
      {overview.isError ? (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
          {COURSE_ADMIN_TEXT.overviewFailed}
        </p>
      ) : overview.isPending ? (
        <p role="status" className="sr-only">
          {COURSE_ADMIN_TEXT.overviewLoading}
        </p>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-3">
        {counters.map((counter) => (
          <div key={counter.label} className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{counter.label}</dt>
            <dd className="text-2xl font-bold">
              {counter.value === undefined ? '–' : formatCount(counter.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows with no identity of their own.
    <tr key={row} data-testid="course-row-skeleton">
      {Array.from({ length: COLUMN_COUNT }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        <td key={cell} className="px-4 py-4">
          <div aria-hidden="true" className="h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
        </td>
      ))}
    </tr>
  ));
}

function EditAction({ course, viewer }: { course: Course; viewer: PublicUser | null }) {
  const target = editTarget(viewer, course);
  if (target.kind === 'denied') {
    return (
      <button
        type="button"
        disabled
        title={target.reason}
        aria-label={COURSE_ADMIN_TEXT.editCourse(course.title)}
        aria-description={target.reason}
        className={actionClassName('secondary', 'small')}
      >
        {COURSE_ADMIN_TEXT.edit}
      </button>
    );
  }
  return (
    <Link
      {...target.link}
      state={(previous) => ({ ...previous, courseName: course.title })}
      aria-label={COURSE_ADMIN_TEXT.editCourse(course.title)}
      className={actionClassName('secondary', 'small')}
    >
      {COURSE_ADMIN_TEXT.edit}
    </Link>
  );
}

function CourseRow({
  course,
  viewer,
  highlighted,
}: {
  course: Course;
  viewer: PublicUser | null;
  highlighted: boolean;
}) {
  const rowRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (highlighted) rowRef.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);

  return (
    <tr
      ref={rowRef}
      data-course-id={course._id}
      data-highlighted={highlighted ? 'true' : undefined}
      className={
        highlighted
          ? 'bg-amber-50 outline-2 -outline-offset-2 outline-amber-500 dark:bg-amber-950/40'
          : 'hover:bg-slate-50 dark:hover:bg-slate-800/50'
      }
    >
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <div className="flex items-center gap-3">
          {course.thumbnail?.secure_url ? (
            <img
              src={course.thumbnail.secure_url}
              alt=""
              className="h-12 w-16 shrink-0 rounded object-cover"
              loading="lazy"
            />
          ) : (
            <div aria-hidden="true" className="h-12 w-16 shrink-0 rounded bg-slate-200 dark:bg-slate-700" />
          )}
          <div className="min-w-0">
            <p className="font-semibold">
              {course.title}
              {highlighted ? (
                <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
                  {COURSE_ADMIN_TEXT.justSaved}
                </span>
              ) : null}
            </p>
            <p className="line-clamp-1 text-sm text-slate-600 dark:text-slate-400">
              {course.shortDescription}
            </p>
          </div>
        </div>
      </th>
      <td className="px-4 py-3 whitespace-nowrap">{formatCoursePrice(course.price)}</td>
      <td className="px-4 py-3">{course.level}</td>
      <td className="px-4 py-3">
        <StatusBadge status={course.status} />
      </td>
      <td className="px-4 py-3">
        <EditAction course={course} viewer={viewer} />
      </td>
    </tr>
  );
}

/** The table of managed courses around its rows: placeholder rows, the courses, or the empty line. */
function CoursesTable({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <section className={`${panelClassName} overflow-x-auto p-0`} aria-busy={busy}>
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{COURSE_ADMIN_TEXT.coursesTable}</caption>
        <TableHead
          className="border-b border-slate-200 bg-slate-50 text-left text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
          cellClassName="px-4 py-3 font-semibold"
          columns={[
            { label: COURSE_ADMIN_TEXT.columnCourseName },
            { label: COURSE_ADMIN_TEXT.columnPrice },
            { label: COURSE_ADMIN_TEXT.columnLevel },
            { label: COURSE_ADMIN_TEXT.columnStatus },
            { label: COURSE_ADMIN_TEXT.columnAction },
          ]}
        />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">{children}</tbody>
      </table>
    </section>
  );
}

export function CourseListScreen() {
  const { user } = useSession();
  const base = useManagingBase();
  const highlightId = useLocation({ select: (location) => location.state.highlightCourseId });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{COURSE_ADMIN_TEXT.courseListTitle}</h1>
        {canCreateCourse(user) ? (
          <Link {...createCourseLink(base)} className={primaryActionClassName}>
            <span aria-hidden="true">+</span> {COURSE_ADMIN_TEXT.createCourse}
          </Link>
        ) : null}
      </div>

      <SystemOverview />

      <PagedList
        query={managedCoursesQuery()}
        items={(page) => page.data.courses}
        text={{
          ...COURSE_ADMIN_TEXT,
          loading: COURSE_ADMIN_TEXT.coursesLoading,
          failed: COURSE_MESSAGES.somethingWentWrong,
        }}
        placeholder={
          <CoursesTable busy>
            <SkeletonRows />
          </CoursesTable>
        }
        empty={
          <CoursesTable>
            <tr>
              <td colSpan={COLUMN_COUNT} className="px-4 py-8 text-center text-slate-700 dark:text-slate-300">
                {COURSE_MESSAGES.noCourseFound}
              </td>
            </tr>
          </CoursesTable>
        }
      >
        {(courses) => (
          <CoursesTable>
            {courses.map((course) => (
              <CourseRow
                key={course._id}
                course={course}
                viewer={user}
                highlighted={course._id === highlightId}
              />
            ))}
          </CoursesTable>
        )}
      </PagedList>
    </div>
  );
}
