/**
 * Creates a course. The creator is its instructor; an admin may name another instructor instead (a user
 * whose role is instructor). A new course is a draft unless `isPublished` is sent.
 */
import type { Course, CreateCourseRequest } from '@lectio/contracts/course';
import { createCourseRequestSchema } from '@lectio/contracts/course';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import { courses, users } from '@lectio/db';
import { eq } from 'drizzle-orm';
import { badRequest, forbidden } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { toMinorUnits } from '../../lib/money';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from './catalogue-cache';
import { isAdmin } from './course-access';
import { presentCourseById } from './get-course';

async function resolveInstructor(
  ctx: ServiceContext,
  actor: Actor,
  named: string | undefined,
): Promise<string> {
  if (named === undefined || named === actor.id) return actor.id;
  if (!isAdmin(actor)) throw forbidden(COURSE_MESSAGES.cannotAssignInstructor);
  const refuse = () =>
    badRequest(COURSE_MESSAGES.instructorNotFound, [
      { path: 'instructorId', message: COURSE_MESSAGES.instructorNotFound },
    ]);
  if (!isUuid(named)) throw refuse();
  const [user] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, named)).limit(1);
  if (user?.role !== 'instructor') throw refuse();
  return named;
}

export async function createCourse(
  ctx: ServiceContext,
  actor: Actor,
  input: CreateCourseRequest,
): Promise<Course> {
  const body = createCourseRequestSchema.parse(input);
  const instructorId = await resolveInstructor(ctx, actor, body.instructorId);
  const isPublished = body.isPublished ?? false;
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(courses)
    .values({
      title: body.title,
      shortDescription: body.shortDescription,
      description: body.description ?? '',
      category: body.category,
      level: body.level,
      requirements: body.requirements ?? [],
      whatYouWillLearn: body.whatYouWillLearn ?? [],
      tags: body.tags ?? '',
      priceMinor: toMinorUnits(body.price ?? 0),
      isPublished,
      status: isPublished ? 'published' : 'draft',
      instructorId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: courses.id });
  if (!row) throw new Error('course insert returned no row');
  invalidateCatalogue(ctx);
  const course = await presentCourseById(ctx, actor, row.id);
  if (!course) throw new Error('the new course vanished');
  return course;
}
