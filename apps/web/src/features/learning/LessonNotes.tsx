/**
 * The learner's private notes in the lecture player (issue 28 item 3, decision 0087): a box to write one
 * (on a video at its current time, "Add note at 0:42"; on an article without a time), this lesson's notes
 * or the whole course's (in lesson order, then by time), each with its time as a button that seeks the
 * video, or a link that opens its lesson there; edit and delete (after a confirm); and the course's notes
 * saved as a Markdown file. Shown to whoever may keep notes: a learner of the course, its instructor, an
 * admin.
 */
import { formatLectureDuration } from '@lectio/contracts/durations';
import type { Lecture } from '@lectio/contracts/lecture';
import { createNoteRequestSchema, type LessonNote, NOTE_LIMITS } from '@lectio/contracts/notes';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { z } from 'zod';
import { ErrorLine } from '~/components/ui/ErrorLine';
import { schemaForm, useAppForm } from '~/components/ui/form/form-kit';
import { InlineForm } from '~/components/ui/form/InlineForm';
import { sendForm } from '~/components/ui/form/send-form';
import { actionClassName, panelClassName } from '~/components/ui/ui-classes';
import { errorMessage } from '~/lib/api-errors';
import { lectureLink, type SectionBase } from '~/lib/links';
import { saveBlob } from '~/lib/save-file';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { notesFileName, notesToMarkdown } from './notes-markdown';
import { NOTES_TEXT } from './notes-text';
import { timeClassName, useLessonTime } from './video-time';

const noteFormSchema = z.object({ body: createNoteRequestSchema.shape.body });
const smallSecondary = actionClassName('secondary', 'small');

function notesQuery(courseId: string) {
  return trpc.notes.list.queryOptions({ courseId }, { select: (body) => body.data.notes });
}

function AddNoteForm({
  lecture,
  video,
  onAdded,
}: {
  lecture: Lecture;
  video: HTMLVideoElement | null;
  onAdded: () => Promise<unknown>;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation(trpc.notes.create.mutationOptions());
  // The time the button shows is the time the note gets.
  const at = useLessonTime(lecture, video);
  const form = useAppForm({
    ...schemaForm(noteFormSchema, { body: '' }),
    onSubmit: async ({ value, formApi }) => {
      const { body } = noteFormSchema.parse(value);
      const result = await sendForm(formApi, setProblem, () =>
        create.mutateAsync({ lectureId: lecture._id, body, seconds: at }),
      );
      if (!result) return;
      toast.success(result.message);
      formApi.reset();
      await onAdded();
    },
  });
  const pending = useStore(form.store, (state) => state.isSubmitting);
  return (
    <InlineForm
      form={form}
      label={NOTES_TEXT.newNote}
      submit={
        pending
          ? NOTES_TEXT.adding
          : at === null
            ? NOTES_TEXT.add
            : NOTES_TEXT.addAt(formatLectureDuration(at))
      }
      cancel={NOTES_TEXT.cancel}
      message={problem}
    >
      <form.AppField name="body">
        {(field) => (
          <field.TextAreaField
            id={`${id}-body`}
            label={NOTES_TEXT.newNote}
            rows={3}
            maxLength={NOTE_LIMITS.bodyLength}
          />
        )}
      </form.AppField>
    </InlineForm>
  );
}

function EditNoteForm({
  note,
  onDone,
  onSaved,
}: {
  note: LessonNote;
  onDone: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation(trpc.notes.update.mutationOptions());
  const form = useAppForm({
    ...schemaForm(noteFormSchema, { body: note.body }),
    onSubmit: async ({ value, formApi }) => {
      const { body } = noteFormSchema.parse(value);
      const result = await sendForm(formApi, setProblem, () =>
        update.mutateAsync({ noteId: note._id, body }),
      );
      if (!result) return;
      toast.success(result.message);
      await onSaved();
      onDone();
    },
  });
  const pending = useStore(form.store, (state) => state.isSubmitting);
  return (
    <InlineForm
      form={form}
      label={NOTES_TEXT.editNote}
      className="space-y-2"
      submit={pending ? NOTES_TEXT.saving : NOTES_TEXT.save}
      cancel={NOTES_TEXT.cancel}
      onCancel={onDone}
      message={problem}
    >
      <form.AppField name="body">
        {(field) => (
          <field.TextAreaField
            id={`${id}-body`}
            label={NOTES_TEXT.editNote}
            rows={3}
            maxLength={NOTE_LIMITS.bodyLength}
          />
        )}
      </form.AppField>
    </InlineForm>
  );
}

/** A note's time: a button that seeks this lesson's video, or a link that opens another lesson there. */
function NoteTime({
  note,
  base,
  currentLectureId,
  onSeek,
}: {
  note: LessonNote;
  base: SectionBase;
  currentLectureId: string;
  onSeek: (seconds: number) => void;
}) {
  if (note.seconds === null) return null;
  const time = formatLectureDuration(note.seconds);
  const seconds = note.seconds;
  if (note.lectureId === currentLectureId) {
    return (
      <button
        type="button"
        onClick={() => onSeek(seconds)}
        aria-label={NOTES_TEXT.seekTo(time)}
        className={timeClassName}
      >
        {time}
      </button>
    );
  }
  return (
    <Link
      {...lectureLink(base, note.courseId, note.lectureId, seconds)}
      aria-label={NOTES_TEXT.openAt(note.lectureTitle, time)}
      className={timeClassName}
    >
      {time}
    </Link>
  );
}

function NoteItem({
  note,
  base,
  currentLectureId,
  onSeek,
  onChanged,
}: {
  note: LessonNote;
  base: SectionBase;
  currentLectureId: string;
  onSeek: (seconds: number) => void;
  onChanged: () => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useMutation(
    trpc.notes.delete.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        await onChanged();
      },
      onError: (error) => {
        toast.error(errorMessage(error));
      },
    }),
  );
  return (
    <li className="space-y-2 py-3">
      {editing ? (
        <EditNoteForm note={note} onDone={() => setEditing(false)} onSaved={onChanged} />
      ) : (
        <>
          <div className="flex items-start gap-2">
            <NoteTime note={note} base={base} currentLectureId={currentLectureId} onSeek={onSeek} />
            <p className="min-w-0 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
              {note.body}
            </p>
          </div>
          <div className="flex gap-2">
            <button type="button" onClick={() => setEditing(true)} className={smallSecondary}>
              {NOTES_TEXT.edit}
            </button>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(NOTES_TEXT.deleteConfirm)) remove.mutate({ noteId: note._id });
              }}
              className={actionClassName('dangerOutline', 'small')}
            >
              {NOTES_TEXT.delete}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** Notes grouped under their lessons' titles, in the list's order (lesson order, then by time). */
function byLesson(notes: readonly LessonNote[]): { lectureId: string; title: string; notes: LessonNote[] }[] {
  const groups: { lectureId: string; title: string; notes: LessonNote[] }[] = [];
  for (const note of notes) {
    const last = groups.at(-1);
    if (last?.lectureId === note.lectureId) last.notes.push(note);
    else groups.push({ lectureId: note.lectureId, title: note.lectureTitle, notes: [note] });
  }
  return groups;
}

type View = 'lesson' | 'course';

export function LessonNotes({
  base,
  courseId,
  courseTitle,
  lecture,
  video,
}: {
  base: SectionBase;
  courseId: string;
  courseTitle: string;
  lecture: Lecture;
  /** The lesson's video element, when it has one on the page. */
  video: HTMLVideoElement | null;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [view, setView] = useState<View>('lesson');
  const notes = useQuery(notesQuery(courseId));
  const refresh = () => queryClient.invalidateQueries(trpc.notes.list.queryFilter({ courseId }));
  const all = notes.data ?? [];
  const here = all.filter((note) => note.lectureId === lecture._id);
  const seek = (seconds: number) => {
    if (video) video.currentTime = seconds;
  };
  const item = (note: LessonNote) => (
    <NoteItem
      key={note._id}
      note={note}
      base={base}
      currentLectureId={lecture._id}
      onSeek={seek}
      onChanged={refresh}
    />
  );
  const viewButton = (value: View, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className={actionClassName(view === value ? 'primary' : 'secondary', 'small')}
    >
      {label}
    </button>
  );

  return (
    <section aria-labelledby={titleId} className={`${panelClassName} space-y-4`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {NOTES_TEXT.title}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{NOTES_TEXT.privacy}</p>
        </div>
        <button
          type="button"
          disabled={all.length === 0}
          onClick={() =>
            saveBlob(
              new Blob([notesToMarkdown(courseTitle, all)], { type: 'text/markdown' }),
              notesFileName(courseTitle),
            )
          }
          className={smallSecondary}
        >
          {NOTES_TEXT.export}
        </button>
      </div>
      <AddNoteForm key={lecture._id} lecture={lecture} video={video} onAdded={refresh} />
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form field set. */}
      <div role="group" aria-label={NOTES_TEXT.views} className="flex flex-wrap gap-2">
        {viewButton('lesson', NOTES_TEXT.thisLesson(here.length))}
        {viewButton('course', NOTES_TEXT.wholeCourse(all.length))}
      </div>
      {notes.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {NOTES_TEXT.loading}
        </p>
      ) : notes.isError ? (
        <ErrorLine message={NOTES_TEXT.loadFailed} />
      ) : view === 'lesson' ? (
        here.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{NOTES_TEXT.noneHere}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">{here.map(item)}</ul>
        )
      ) : all.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{NOTES_TEXT.noneInCourse}</p>
      ) : (
        <div className="space-y-4">
          {byLesson(all).map((group) => (
            <section key={group.lectureId} aria-label={group.title}>
              <h3 className="font-semibold">
                {group.lectureId === lecture._id ? (
                  group.title
                ) : (
                  <Link
                    {...lectureLink(base, courseId, group.lectureId)}
                    aria-label={NOTES_TEXT.openLesson(group.title)}
                    className="text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {group.title}
                  </Link>
                )}
              </h3>
              <ul className="divide-y divide-slate-200 dark:divide-slate-700">{group.notes.map(item)}</ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
