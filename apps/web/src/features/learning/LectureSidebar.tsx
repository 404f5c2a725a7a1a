/**
 * The lecture player's list of the course's lectures in order (spec section 2), under the curriculum's
 * sections with how many of each section's lectures are done (issue 26), each section's lessons shown or
 * hidden by its heading. Each links to its player
 * URL under the viewer's base path; the current one carries aria-current="page"; each shows its kind (video
 * or article) and locked and completed ones their state, as an icon with a visually hidden word, so
 * neither is told by colour or shape alone.
 */
import type { CurriculumSection } from '@lectio/contracts/curriculum';
import type { Lecture } from '@lectio/contracts/lecture';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { LabelledGroup } from '~/components/ui/LabelledGroup';
import { OutlineIcon } from '~/components/ui/OutlineIcon';
import { SolidIcon } from '~/components/ui/SolidIcon';
import { lectureLink, type SectionBase } from '~/lib/links';
import { lectureDurationLabel } from '../catalog/course-format';
import { groupBySection, sectionOpening } from '../catalog/curriculum-groups';
import { LessonKindIcon } from '../catalog/LessonKindIcon';
import { LEARNING_TEXT } from './learning-text';

const LOCK_PATH =
  'M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z';
const CHECK_PATH =
  'M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z';
const iconClassName = 'h-4 w-4 shrink-0';

function LectureRow({
  base,
  courseId,
  lecture,
  current,
  completed,
}: {
  base: SectionBase;
  courseId: string;
  lecture: Lecture;
  current: boolean;
  completed: boolean;
}) {
  return (
    <li>
      <Link
        {...lectureLink(base, courseId, lecture._id)}
        aria-current={current ? 'page' : undefined}
        className={`flex items-start gap-2 rounded-md px-3 py-2 text-sm ${
          current
            ? 'bg-indigo-50 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100'
            : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
        }`}
      >
        <span className="w-6 shrink-0 text-slate-600 tabular-nums dark:text-slate-400">
          {LEARNING_TEXT.lectureNumber(lecture.order)}
        </span>
        <span className="mt-0.5">
          <LessonKindIcon kind={lecture.kind} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block">{lecture.title}</span>
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
            {lectureDurationLabel(lecture)}
          </span>
        </span>
        {lecture.isLocked ? (
          <span className="mt-0.5 text-slate-600 dark:text-slate-400">
            <SolidIcon d={LOCK_PATH} className={iconClassName} />
            <span className="sr-only">{LEARNING_TEXT.locked}</span>
          </span>
        ) : completed ? (
          <span className="mt-0.5 text-emerald-700 dark:text-emerald-400">
            <SolidIcon d={CHECK_PATH} className={iconClassName} />
            <span className="sr-only">{LEARNING_TEXT.completed}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/**
 * One section of the sidebar: its heading is a disclosure button (title, "N of M done") that shows or
 * hides its lessons; open at first.
 */
function SidebarSection({
  section,
  done,
  total,
  children,
}: {
  section: NonNullable<ReturnType<typeof groupBySection>[number]['section']>;
  done: number;
  total: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  const headingId = `sidebar-section-${section._id}`;
  const listId = `${headingId}-lessons`;
  return (
    <LabelledGroup labelledBy={headingId} className="mb-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((shown) => !shown)}
          className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span>{section.title}</span>
          <span className="flex items-center gap-1 text-xs font-normal text-slate-600 dark:text-slate-400">
            {LEARNING_TEXT.sectionDone(done, total)}
            <OutlineIcon
              d="m6 9 6 6 6-6"
              className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
            />
          </span>
        </button>
      </h3>
      {section.opensOn ? (
        <p className="px-3 pb-1 text-xs font-medium text-amber-800 dark:text-amber-300">
          {sectionOpening(section, false)}
        </p>
      ) : null}
      {children ? (
        <ol id={listId} hidden={!open} className="space-y-1">
          {children}
        </ol>
      ) : null}
    </LabelledGroup>
  );
}

export function LectureSidebar({
  base,
  courseId,
  lectures,
  sections,
  currentLectureId,
  completedLectureIds,
}: {
  base: SectionBase;
  courseId: string;
  lectures: readonly Lecture[];
  /** The curriculum's sections (`curriculum.get`), once loaded: the lectures are grouped under them. */
  sections?: readonly CurriculumSection[] | undefined;
  currentLectureId: string;
  completedLectureIds: ReadonlySet<string>;
}) {
  const rows = (group: readonly Lecture[]) =>
    group.map((lecture) => (
      <LectureRow
        key={lecture._id}
        base={base}
        courseId={courseId}
        lecture={lecture}
        current={lecture._id === currentLectureId}
        completed={completedLectureIds.has(lecture._id)}
      />
    ));
  return (
    <nav aria-labelledby="lecture-list-title">
      <h2 id="lecture-list-title" className="mb-2 text-lg font-semibold">
        {LEARNING_TEXT.lectures}
      </h2>
      {groupBySection(lectures, sections).map((group) =>
        group.section ? (
          <SidebarSection
            key={group.section._id}
            section={group.section}
            done={group.lectures.filter((lecture) => completedLectureIds.has(lecture._id)).length}
            total={group.lectures.length}
          >
            {group.lectures.length > 0 ? rows(group.lectures) : null}
          </SidebarSection>
        ) : (
          <ol key="all" className="space-y-1">
            {rows(group.lectures)}
          </ol>
        ),
      )}
    </nav>
  );
}
