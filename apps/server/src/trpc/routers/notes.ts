/** notes.*: resolvers over services/notes (a learner's private notes on lessons). */
import { operations } from '@lectio/contracts/api';
import { NOTE_MESSAGES } from '@lectio/contracts/notes';
import { createNote, deleteNote, listNotes, updateNote } from '../../services/notes/notes';
import { implement } from '../build-router';

export const noteProcedures = implement(operations.notes, {
  async list({ ctx, input }) {
    return { data: { notes: await listNotes(ctx.services, ctx.actor, input.courseId) } };
  },
  async create({ ctx, input }) {
    return {
      message: NOTE_MESSAGES.created,
      data: { note: await createNote(ctx.services, ctx.actor, input) },
    };
  },
  async update({ ctx, input }) {
    return {
      message: NOTE_MESSAGES.updated,
      data: { note: await updateNote(ctx.services, ctx.actor, input) },
    };
  },
  async delete({ ctx, input }) {
    await deleteNote(ctx.services, ctx.actor, input.noteId);
    return { message: NOTE_MESSAGES.deleted };
  },
});
