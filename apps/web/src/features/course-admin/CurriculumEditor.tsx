/**
 * The curriculum editor on the lectures screen (issue 26 items 1 and 6, decision 0075): the course's
 * sections in order, each with its lessons; sections added, renamed, given an opening rule and deleted;
 * lessons and sections reordered by drag and drop (dnd-kit: pointer, touch and keyboard sensors) or by
 * the Move arrows, a lesson crossing into the next or previous section past either end of its own. Every
 * move is saved at once with one `curriculum.arrange` call holding the whole order.
 */
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CurriculumLesson, CurriculumSection } from '@lectio/contracts/curriculum';
import type { Lecture } from '@lectio/contracts/lecture';
import { CONFIRMATIONS, LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { LabelledGroup } from '~/components/ui/LabelledGroup';
import { PanelSection } from '~/components/ui/PanelSection';
import { actionClassName, errorTextClassName } from '~/components/ui/ui-classes';
import { lectureDurationLabel } from '~/features/catalog/course-format';
import { curriculumQuery } from '~/features/catalog/course-queries';
import { sectionOpening } from '~/features/catalog/curriculum-groups';
import { serverMessageOr } from '~/features/catalog/error-text';
import { errorMessage } from '~/lib/api-errors';
import { updateLectureLink } from '~/lib/links';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { courseLecturesQuery, invalidateLectures } from './course-admin-queries';
import { COURSE_ADMIN_TEXT } from './course-admin-text';
import {
  type Arrangement,
  arrangementOf,
  moveLesson,
  moveLessonBy,
  moveSection,
  sameArrangement,
  sectionIndexOf,
} from './curriculum-arrangement';
import { MoveButton } from './MoveButton';
import { useManagingBase } from './navigation-state';
import { SectionForm } from './SectionForm';

const SECTION = 'section:';
const LESSONS = 'lessons:';
const handleClassName =
  'cursor-grab touch-none rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800';

function DragHandle({ label, ...props }: { label: string } & Record<string, unknown>) {
  return (
    <button type="button" {...props} aria-label={label} className={handleClassName}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
        <circle cx="7" cy="5" r="1.5" />
        <circle cx="13" cy="5" r="1.5" />
        <circle cx="7" cy="10" r="1.5" />
        <circle cx="13" cy="10" r="1.5" />
        <circle cx="7" cy="15" r="1.5" />
        <circle cx="13" cy="15" r="1.5" />
      </svg>
    </button>
  );
}

/** What a dragged row looks like: moved by the drag, lifted above the others while it is dragged. */
function sortableRow(sortable: ReturnType<typeof useSortable>, layer: 'z-10' | 'z-20') {
  return {
    ref: sortable.setNodeRef,
    style: { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition },
    lifted: sortable.isDragging ? `relative ${layer} opacity-80 shadow-lg` : '',
  };
}

/** A row's controls: Move up and down (each where it can go), its edit control, and Delete. */
function RowActions({
  what,
  canMove,
  busy,
  onMove,
  edit,
  deleteLabel,
  onDelete,
  deleting,
}: {
  what: string;
  canMove: { up: boolean; down: boolean };
  busy: boolean;
  onMove: (delta: -1 | 1) => void;
  edit: ReactNode;
  deleteLabel: string;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {([-1, 1] as const).map((direction) => (
        <MoveButton
          key={direction}
          direction={direction}
          what={what}
          onClick={() => onMove(direction)}
          disabled={busy || !(direction < 0 ? canMove.up : canMove.down)}
          className={actionClassName('secondary', 'small')}
        />
      ))}
      {edit}
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        aria-label={deleteLabel}
        className={actionClassName('dangerOutline', 'small')}
      >
        {COURSE_ADMIN_TEXT.delete}
      </button>
    </div>
  );
}

interface LessonRowProps {
  lesson: CurriculumLesson;
  /** The lesson's lecture from the `/videos` view, for whether its video is uploaded. */
  lecture: Lecture | undefined;
  position: number;
  onMove: (delta: -1 | 1) => void;
  canMove: { up: boolean; down: boolean };
  busy: boolean;
}

function LessonRow({ lesson, lecture, position, onMove, canMove, busy }: LessonRowProps) {
  const base = useManagingBase();
  const queryClient = useQueryClient();
  const deletion = useMutation(trpc.lectures.delete.mutationOptions());
  const sortable = useSortable({ id: lesson._id, data: { type: 'lesson' }, disabled: busy });
  const row = sortableRow(sortable, 'z-10');
  const hasVideo = Boolean(lecture?.videoUrl || lecture?.thumbnail.secure_url);

  async function remove() {
    if (deletion.isPending || !window.confirm(CONFIRMATIONS.deleteLecture(lesson.title))) return;
    try {
      await deletion.mutateAsync({ id: lesson._id });
      toast.success(LECTURE_MESSAGES.deleted);
      await invalidateLectures(queryClient);
    } catch (error) {
      toast.error(serverMessageOr(error, LECTURE_MESSAGES.deleteFailed));
    }
  }

  return (
    <li
      ref={row.ref}
      style={row.style}
      className={`flex flex-wrap items-center justify-between gap-3 bg-white py-3 dark:bg-slate-900 ${row.lifted}`}
      data-lecture-id={lesson._id}
    >
      <div className="flex min-w-0 items-center gap-2">
        <DragHandle
          ref={sortable.setActivatorNodeRef}
          label={COURSE_ADMIN_TEXT.dragLesson(lesson.title)}
          {...sortable.attributes}
          {...sortable.listeners}
        />
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium">
            <span className="mr-2 text-slate-600 dark:text-slate-400">{position}.</span>
            {lesson.title}
            {lesson.isPreview ? (
              <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                {COURSE_ADMIN_TEXT.lectureIsPreview}
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {lesson.kind === 'quiz' ? (
              COURSE_ADMIN_TEXT.quiz
            ) : (
              <>
                {lesson.kind === 'article'
                  ? COURSE_ADMIN_TEXT.article
                  : hasVideo
                    ? COURSE_ADMIN_TEXT.hasVideo
                    : COURSE_ADMIN_TEXT.noVideo}{' '}
                · {lectureDurationLabel(lesson)}
              </>
            )}
          </p>
        </div>
      </div>
      <RowActions
        what={lesson.title}
        canMove={canMove}
        busy={busy}
        onMove={onMove}
        edit={
          <Link
            {...updateLectureLink(base, lesson._id)}
            aria-label={COURSE_ADMIN_TEXT.editLecture(lesson.title)}
            className={actionClassName('secondary', 'small')}
          >
            {COURSE_ADMIN_TEXT.edit}
          </Link>
        }
        deleteLabel={COURSE_ADMIN_TEXT.deleteLecture(lesson.title)}
        onDelete={() => void remove()}
        deleting={deletion.isPending}
      />
    </li>
  );
}

interface SectionCardProps {
  courseId: string;
  section: CurriculumSection;
  index: number;
  count: number;
  busy: boolean;
  onMove: (delta: -1 | 1) => void;
  children: ReactNode;
  empty: boolean;
}

function SectionCard({ courseId, section, index, count, busy, onMove, children, empty }: SectionCardProps) {
  const queryClient = useQueryClient();
  const update = useMutation(trpc.curriculum.updateSection.mutationOptions());
  const deletion = useMutation(trpc.curriculum.deleteSection.mutationOptions());
  const [editing, setEditing] = useState(false);
  const sortable = useSortable({ id: SECTION + section._id, data: { type: 'section' }, disabled: busy });
  const row = sortableRow(sortable, 'z-20');
  const lessons = useDroppable({ id: LESSONS + section._id, data: { type: 'lessons' } });
  const headingId = `curriculum-section-${section._id}`;
  const opening = sectionOpening(section, true);

  async function remove() {
    if (deletion.isPending || !window.confirm(COURSE_ADMIN_TEXT.deleteSectionConfirm(section.title))) return;
    try {
      const response = await deletion.mutateAsync({ sectionId: section._id });
      toast.success(response.message);
      await queryClient.invalidateQueries(trpc.curriculum.get.queryFilter({ courseId }));
    } catch (error) {
      toast.error(serverMessageOr(error, COURSE_ADMIN_TEXT.deleteSectionFailed));
    }
  }

  return (
    <li
      ref={row.ref}
      style={row.style}
      className={`rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900 ${row.lifted}`}
    >
      <LabelledGroup labelledBy={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-2">
            <DragHandle
              ref={sortable.setActivatorNodeRef}
              label={COURSE_ADMIN_TEXT.dragSection(section.title)}
              {...sortable.attributes}
              {...sortable.listeners}
            />
            <h3 id={headingId} className="min-w-0 font-semibold">
              {section.title}{' '}
              <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                {COURSE_ADMIN_TEXT.sectionSummary(section.lessons.length)}
              </span>
            </h3>
          </div>
          <RowActions
            what={COURSE_ADMIN_TEXT.section(section.title)}
            canMove={{ up: index > 0, down: index < count - 1 }}
            busy={busy}
            onMove={onMove}
            edit={
              <button
                type="button"
                onClick={() => setEditing((open) => !open)}
                aria-expanded={editing}
                aria-label={COURSE_ADMIN_TEXT.editSection(section.title)}
                className={actionClassName('secondary', 'small')}
              >
                {COURSE_ADMIN_TEXT.edit}
              </button>
            }
            deleteLabel={COURSE_ADMIN_TEXT.deleteSection(section.title)}
            onDelete={() => void remove()}
            deleting={deletion.isPending}
          />
        </div>
        {opening ? (
          <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300">{opening}</p>
        ) : null}
        {editing ? (
          <div className="mt-3 rounded-md bg-slate-50 p-3 dark:bg-slate-800">
            <SectionForm
              section={section}
              idPrefix={`section-${section._id}`}
              submit={COURSE_ADMIN_TEXT.saveSection}
              onCancel={() => setEditing(false)}
              onSave={async (change) => {
                const response = await update.mutateAsync({ sectionId: section._id, ...change });
                toast.success(response.message);
                setEditing(false);
                await queryClient.invalidateQueries(trpc.curriculum.get.queryFilter({ courseId }));
              }}
            />
          </div>
        ) : null}
        <div ref={lessons.setNodeRef} className="mt-2 min-h-10">
          {empty ? (
            <p
              className={`rounded-md border border-dashed px-3 py-3 text-sm text-slate-600 dark:text-slate-400 ${
                lessons.isOver ? 'border-indigo-500' : 'border-slate-300 dark:border-slate-600'
              }`}
            >
              {COURSE_ADMIN_TEXT.emptySection}
            </p>
          ) : (
            children
          )}
        </div>
      </LabelledGroup>
    </li>
  );
}

/** Only sections meet a dragged section; only lessons and sections' lesson areas meet a dragged lesson. */
const collisions: CollisionDetection = (args) => {
  const draggingSection = String(args.active.id).startsWith(SECTION);
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter(
      (container) => String(container.id).startsWith(SECTION) === draggingSection,
    ),
  });
};

/** Where a lesson dragged over `overId` would go: the section index and the place in it. */
function dropPlace(arrangement: Arrangement, overId: string): { section: number; index: number } | null {
  if (overId.startsWith(LESSONS) || overId.startsWith(SECTION)) {
    const sectionId = overId.slice(overId.indexOf(':') + 1);
    const section = arrangement.findIndex((entry) => entry.sectionId === sectionId);
    return section < 0 ? null : { section, index: arrangement[section]?.lessonIds.length ?? 0 };
  }
  const section = sectionIndexOf(arrangement, overId);
  if (section < 0) return null;
  return { section, index: arrangement[section]?.lessonIds.indexOf(overId) ?? 0 };
}

export function CurriculumEditor({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const curriculum = useQuery(curriculumQuery(courseId));
  const lectures = useQuery(courseLecturesQuery(courseId));
  const arrange = useMutation(trpc.curriculum.arrange.mutationOptions());
  const create = useMutation(trpc.curriculum.createSection.mutationOptions());
  /** The order while a drag is under way or a save is in flight; null shows the server's. */
  const [draft, setDraft] = useState<Arrangement | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const sections = curriculum.data?.sections ?? [];
  const saved = arrangementOf(sections);
  const shown = draft ?? saved;
  const sectionById = new Map(sections.map((section) => [section._id, section]));
  const lessonById = new Map(sections.flatMap((section) => section.lessons.map((l) => [l._id, l] as const)));
  const lectureById = new Map((lectures.data ?? []).map((lecture) => [lecture._id, lecture]));
  const busy = arrange.isPending;

  const titleOf = (id: string) =>
    id.startsWith(SECTION)
      ? (sectionById.get(id.slice(SECTION.length))?.title ?? '')
      : (lessonById.get(id)?.title ?? '');
  /** Where the dragged item would land over `overId`, as the announcements say it. */
  const placeOver = (activeId: string, overId: string | undefined): string => {
    const current = draft ?? saved;
    if (activeId.startsWith(SECTION)) {
      const index = current.findIndex((entry) => SECTION + entry.sectionId === (overId ?? activeId));
      return COURSE_ADMIN_TEXT.placeAmongSections(index + 1, current.length);
    }
    const here = sectionIndexOf(current, activeId);
    let place = overId ? dropPlace(current, overId) : null;
    // Over nothing, or over its own section's lesson area: it stays where it is.
    if (!place || (overId?.startsWith(LESSONS) && place.section === here)) {
      place = { section: here, index: current[here]?.lessonIds.indexOf(activeId) ?? 0 };
    }
    const section = current[place.section];
    return COURSE_ADMIN_TEXT.placeInSection(
      place.index + 1,
      sectionById.get(section?.sectionId ?? '')?.title ?? '',
    );
  };

  async function save(next: Arrangement | null) {
    if (!next || sameArrangement(next, saved)) {
      setDraft(null);
      return;
    }
    setDraft(next);
    try {
      const response = await arrange.mutateAsync({ courseId, sections: next });
      queryClient.setQueryData(trpc.curriculum.get.queryKey({ courseId }), response);
      toast.success(response.message ?? COURSE_ADMIN_TEXT.lecturesReordered);
      await invalidateLectures(queryClient);
    } catch (error) {
      toast.error(serverMessageOr(error, COURSE_ADMIN_TEXT.reorderFailed));
      await queryClient.invalidateQueries(trpc.curriculum.get.queryFilter({ courseId }));
    } finally {
      setDraft(null);
    }
  }

  function onDragOver({ active, over }: DragOverEvent) {
    const activeId = String(active.id);
    if (!over || activeId.startsWith(SECTION)) return;
    const current = draft ?? saved;
    const place = dropPlace(current, String(over.id));
    if (!place || place.section === sectionIndexOf(current, activeId)) return;
    setDraft(moveLesson(current, activeId, place.section, place.index));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const activeId = String(active.id);
    const current = draft ?? saved;
    if (!over) {
      setDraft(null);
      return;
    }
    const overId = String(over.id);
    if (activeId.startsWith(SECTION)) {
      const from = current.findIndex((entry) => SECTION + entry.sectionId === activeId);
      const to = current.findIndex((entry) => SECTION + entry.sectionId === overId);
      void save(moveSection(current, from, to) ?? current);
      return;
    }
    const place = dropPlace(current, overId);
    void save(place ? moveLesson(current, activeId, place.section, place.index) : current);
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => COURSE_ADMIN_TEXT.pickedUp(titleOf(String(active.id))),
    onDragOver: ({ active, over }) =>
      COURSE_ADMIN_TEXT.movedTo(
        titleOf(String(active.id)),
        placeOver(String(active.id), over?.id.toString()),
      ),
    onDragEnd: ({ active, over }) =>
      COURSE_ADMIN_TEXT.droppedAt(
        titleOf(String(active.id)),
        placeOver(String(active.id), over?.id.toString()),
      ),
    onDragCancel: ({ active }) => COURSE_ADMIN_TEXT.dragCancelled(titleOf(String(active.id))),
  };

  let body: ReactNode;
  if (curriculum.isPending) {
    body = <p role="status">{COURSE_ADMIN_TEXT.loadingLectures}</p>;
  } else if (curriculum.isError) {
    body = (
      <p role="alert" className={errorTextClassName}>
        {LECTURE_MESSAGES.loadError(errorMessage(curriculum.error))}
      </p>
    );
  } else if (shown.length === 0) {
    body = <p className="text-slate-700 dark:text-slate-300">{COURSE_ADMIN_TEXT.noLectures}</p>;
  } else {
    let position = 0;
    body = (
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDraft(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: COURSE_ADMIN_TEXT.dragInstructions },
        }}
      >
        <SortableContext
          items={shown.map((entry) => SECTION + entry.sectionId)}
          strategy={verticalListSortingStrategy}
        >
          <ol className="space-y-4">
            {shown.map((entry, index) => {
              const section = sectionById.get(entry.sectionId);
              if (!section) return null;
              const first = position;
              position += entry.lessonIds.length;
              return (
                <SectionCard
                  key={entry.sectionId}
                  courseId={courseId}
                  section={section}
                  index={index}
                  count={shown.length}
                  busy={busy}
                  empty={entry.lessonIds.length === 0}
                  onMove={(delta) => void save(moveSection(shown, index, index + delta))}
                >
                  <SortableContext items={entry.lessonIds} strategy={verticalListSortingStrategy}>
                    <ol className="divide-y divide-slate-200 dark:divide-slate-700">
                      {entry.lessonIds.map((id, place) => {
                        const lesson = lessonById.get(id);
                        if (!lesson) return null;
                        return (
                          <LessonRow
                            key={id}
                            lesson={lesson}
                            lecture={lectureById.get(id)}
                            position={first + place + 1}
                            busy={busy}
                            canMove={{
                              up: moveLessonBy(shown, id, -1) !== null,
                              down: moveLessonBy(shown, id, 1) !== null,
                            }}
                            onMove={(delta) => void save(moveLessonBy(shown, id, delta))}
                          />
                        );
                      })}
                    </ol>
                  </SortableContext>
                </SectionCard>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
    );
  }

  return (
    <PanelSection
      title={COURSE_ADMIN_TEXT.curriculum}
      hint={COURSE_ADMIN_TEXT.curriculumHint}
      className="space-y-4"
    >
      {body}
      <SectionForm
        section={null}
        idPrefix="new-section"
        submit={COURSE_ADMIN_TEXT.addSection}
        onSave={async ({ title }) => {
          const response = await create.mutateAsync({ courseId, title });
          toast.success(response.message);
          await queryClient.invalidateQueries(trpc.curriculum.get.queryFilter({ courseId }));
        }}
      />
    </PanelSection>
  );
}
