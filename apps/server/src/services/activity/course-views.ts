/** Course-detail views for the engagement analytics' popular categories. */
import type { Actor, ServiceContext } from '../context';

/**
 * Records a view of a course's detail (buffered, never awaited: see activity-recorder.ts) and hands the
 * course back, so a handler can wrap its result. Every successful detail read counts, signed in or not.
 */
export function viewedCourse<C extends { _id: string; category: string }>(
  ctx: Pick<ServiceContext, 'activity'>,
  actor: Actor | null,
  course: C,
): C {
  ctx.activity.record({
    type: 'course_view',
    courseId: course._id,
    category: course.category,
    userId: actor?.id,
  });
  return course;
}
