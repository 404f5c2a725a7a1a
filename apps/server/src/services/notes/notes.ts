/**
 * Lesson notes (issue 28 item 3, decision 0087): a learner's private notes on a lesson, a video's at a
 * time in it. Rules:
 * - a note is its author's alone: every read and write is filtered by the author, so anyone else's note
 *   id answers 404 exactly like one that does not exist (never 403, which would say it exists);
 * - reading a course's notes and writing one take the lesson's own rule (loadVisibleLecture and
 *   mayOpenLesson, as for its video and resources) with full access to the course: enrolled, or its
 *   instructor or an admin. A free preview opens a lesson to every visitor, but it gives no notes;
 * - `seconds` is only a video's, whole seconds within its length (or within MAX_LECTURE_SECONDS while its
 *   length is unknown); an article's note has none;
 * - at most NOTE_LIMITS.perLesson notes per author and lesson, counted under the author's row lock so
 *   racing writes can't pass it;
 * - deleting one's own note needs no access to the course any more (the data is theirs to remove).
 */
import { type LessonNote, NOTE_LIMITS, NOTE_MESSAGES } from '@lectio/contracts/notes';
import { type Database, lectures, lessonNotes, users } from '@lectio/db';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { loadVisibleCourse } from '../courses/course-access';
import type { LessonFields } from '../lectures/lecture-fields';
import { lectureOrder } from '../lectures/lecture-fields';
import { checkedLessonSeconds } from '../lectures/lesson-time';
import { assertCourseMember, assertMemberMayOpen } from '../lectures/member-lesson';
import { loadVisibleLecture } from '../lectures/read-lectures';

/** The lesson when the actor may keep notes on it: 404 unseen, 403 without the course or while closed. */
async function loadNoteLesson(ctx: ServiceContext, actor: Actor, lectureId: string): Promise<LessonFields> {
  const { lecture, access } = await loadVisibleLecture(ctx, actor, lectureId);
  assertMemberMayOpen(lecture, access, ctx.now(), NOTE_MESSAGES.noAccess);
  return lecture;
}

/** Notes with what their lessons tell of them; the caller filters (always by the author). */
const notesWithLessons = (db: Database) =>
  db
    .select({
      id: lessonNotes.id,
      lectureId: lessonNotes.lectureId,
      videoSeconds: lessonNotes.videoSeconds,
      body: lessonNotes.body,
      createdAt: lessonNotes.createdAt,
      updatedAt: lessonNotes.updatedAt,
      courseId: lectures.courseId,
      lectureTitle: lectures.title,
      lectureKind: lectures.kind,
    })
    .from(lessonNotes)
    .innerJoin(lectures, eq(lectures.id, lessonNotes.lectureId));
type NoteRow = Awaited<ReturnType<typeof notesWithLessons>>[number];

function present(row: NoteRow): LessonNote {
  return {
    _id: row.id,
    courseId: row.courseId,
    lectureId: row.lectureId,
    lectureTitle: row.lectureTitle,
    lectureKind: row.lectureKind,
    seconds: row.videoSeconds,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The actor's notes on the course, in lesson order, then untimed first, by time, oldest first. */
export async function listNotes(ctx: ServiceContext, actor: Actor, courseId: string): Promise<LessonNote[]> {
  const { course, access } = await loadVisibleCourse(ctx, actor, courseId);
  assertCourseMember(access, NOTE_MESSAGES.noAccess);
  const rows = await notesWithLessons(ctx.db)
    .where(and(eq(lessonNotes.userId, actor.id), eq(lectures.courseId, course.id)))
    .orderBy(
      ...lectureOrder,
      sql`${lessonNotes.videoSeconds} asc nulls first`,
      asc(lessonNotes.createdAt),
      asc(lessonNotes.id),
    );
  return rows.map(present);
}

export async function createNote(
  ctx: ServiceContext,
  actor: Actor,
  input: { lectureId: string; body: string; seconds?: number | null | undefined },
): Promise<LessonNote> {
  const lecture = await loadNoteLesson(ctx, actor, input.lectureId);
  const seconds = checkedLessonSeconds(lecture, input.seconds, NOTE_MESSAGES);
  const now = ctx.now();
  const inserted = await ctx.db.transaction(async (tx) => {
    // The author's row lock orders their concurrent writes, so the per-lesson limit holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update');
    const [held] = await tx
      .select({ notes: count() })
      .from(lessonNotes)
      .where(and(eq(lessonNotes.userId, actor.id), eq(lessonNotes.lectureId, lecture.id)));
    if ((held?.notes ?? 0) >= NOTE_LIMITS.perLesson) throw conflict(NOTE_MESSAGES.tooMany);
    const [row] = await tx
      .insert(lessonNotes)
      .values({
        userId: actor.id,
        lectureId: lecture.id,
        videoSeconds: seconds,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('note insert returned no row');
    return row;
  });
  return present({
    ...inserted,
    courseId: lecture.courseId,
    lectureTitle: lecture.title,
    lectureKind: lecture.kind,
  });
}

/** The actor's own note with its lesson; 404 for a note of anyone else, as for one that does not exist. */
async function loadOwnNote(ctx: ServiceContext, actor: Actor, noteId: string): Promise<NoteRow> {
  if (!isUuid(noteId)) throw notFound(NOTE_MESSAGES.notFound);
  const [row] = await notesWithLessons(ctx.db).where(
    and(eq(lessonNotes.id, noteId), eq(lessonNotes.userId, actor.id)),
  );
  if (!row) throw notFound(NOTE_MESSAGES.notFound);
  return row;
}

export async function updateNote(
  ctx: ServiceContext,
  actor: Actor,
  input: { noteId: string; body: string },
): Promise<LessonNote> {
  const note = await loadOwnNote(ctx, actor, input.noteId);
  await loadNoteLesson(ctx, actor, note.lectureId);
  const [updated] = await ctx.db
    .update(lessonNotes)
    .set({ body: input.body, updatedAt: ctx.now() })
    .where(and(eq(lessonNotes.id, note.id), eq(lessonNotes.userId, actor.id)))
    .returning({ body: lessonNotes.body, updatedAt: lessonNotes.updatedAt });
  // Deleted meanwhile (another tab).
  if (!updated) throw notFound(NOTE_MESSAGES.notFound);
  return present({ ...note, ...updated });
}

export async function deleteNote(ctx: ServiceContext, actor: Actor, noteId: string): Promise<void> {
  if (!isUuid(noteId)) throw notFound(NOTE_MESSAGES.notFound);
  const [deleted] = await ctx.db
    .delete(lessonNotes)
    .where(and(eq(lessonNotes.id, noteId), eq(lessonNotes.userId, actor.id)))
    .returning({ id: lessonNotes.id });
  if (!deleted) throw notFound(NOTE_MESSAGES.notFound);
}
