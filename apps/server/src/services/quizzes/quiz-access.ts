/** Loading a quiz lesson for a learner or for its instructor (decision 0081). */
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { type Quiz, quizzes } from '@lectio/db';
import { eq } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { assertCanManageCourse, type CourseAccess } from '../courses/course-access';
import type { LessonFields } from '../lectures/lecture-fields';
import { loadVisibleLecture } from '../lectures/read-lectures';

export interface LoadedQuiz {
  lecture: LessonFields;
  quiz: Quiz;
  access: CourseAccess;
}

async function quizRow(ctx: ServiceContext, lectureId: string): Promise<Quiz> {
  const [quiz] = await ctx.db.select().from(quizzes).where(eq(quizzes.lectureId, lectureId)).limit(1);
  if (!quiz) throw notFound(QUIZ_MESSAGES.notFound);
  return quiz;
}

/** A quiz lesson the viewer may see; 404 when they can't, or when the lesson is not a quiz. */
export async function loadVisibleQuiz(
  ctx: ServiceContext,
  actor: Actor | null,
  lectureId: string,
): Promise<LoadedQuiz> {
  const { lecture, access } = await loadVisibleLecture(ctx, actor, lectureId);
  if (lecture.kind !== 'quiz') throw notFound(QUIZ_MESSAGES.notAQuiz);
  return { lecture, access, quiz: await quizRow(ctx, lecture.id) };
}

/** A quiz lesson its instructor or an admin manages: 404 when unseen or not a quiz, 403 when not theirs. */
export async function loadManagedQuiz(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
): Promise<{ lecture: LessonFields; quiz: Quiz }> {
  const { lecture } = await loadVisibleLecture(ctx, actor, lectureId);
  await assertCanManageCourse(
    ctx,
    actor,
    lecture.courseId,
    QUIZ_MESSAGES.noPermission,
    LECTURE_MESSAGES.lectureNotFound,
  );
  if (lecture.kind !== 'quiz') throw notFound(QUIZ_MESSAGES.notAQuiz);
  return { lecture, quiz: await quizRow(ctx, lecture.id) };
}
