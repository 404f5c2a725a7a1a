/** curriculum.*: resolvers over services/curriculum (sections and the order of a course's lessons). */
import { operations } from '@lectio/contracts/api';
import { CURRICULUM_MESSAGES } from '@lectio/contracts/curriculum';
import { arrangeCurriculum } from '../../services/curriculum/arrange-curriculum';
import { readCurriculum } from '../../services/curriculum/read-curriculum';
import { createSection, deleteSection, updateSection } from '../../services/curriculum/sections';
import { implement } from '../build-router';

export const curriculumProcedures = implement(operations.curriculum, {
  async get({ ctx, input }) {
    return { data: await readCurriculum(ctx.services, ctx.actor, input.courseId) };
  },
  async arrange({ ctx, input }) {
    return {
      message: CURRICULUM_MESSAGES.curriculumArranged,
      data: await arrangeCurriculum(ctx.services, ctx.actor, input),
    };
  },
  async createSection({ ctx, input }) {
    return {
      message: CURRICULUM_MESSAGES.sectionCreated,
      data: { section: await createSection(ctx.services, ctx.actor, input) },
    };
  },
  async updateSection({ ctx, input }) {
    return {
      message: CURRICULUM_MESSAGES.sectionUpdated,
      data: { section: await updateSection(ctx.services, ctx.actor, input.sectionId, input) },
    };
  },
  async deleteSection({ ctx, input }) {
    await deleteSection(ctx.services, ctx.actor, input.sectionId);
    return { message: CURRICULUM_MESSAGES.sectionDeleted };
  },
});
