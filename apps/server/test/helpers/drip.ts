/**
 * Drip fixtures made through the API, as an instructor makes them: a section that opens some days after
 * a learner's enrollment, holding one video lesson.
 */
import { expect } from 'vitest';
import { api, type SignedInUser } from './catalogue';
import type { TestApp } from './test-app';

/** Adds a section "Week 2" opening `days` after enrollment, with one video lesson; the lesson's id. */
export async function addLessonOpeningAfter(
  t: TestApp,
  owner: SignedInUser,
  courseId: string,
  { days = 7, title = 'Later' }: { days?: number; title?: string } = {},
): Promise<string> {
  const section = await api.post(
    t,
    `/courses/${courseId}/sections`,
    { title: 'Week 2', opensAfterDays: days },
    owner,
  );
  expect(section.statusCode, section.body).toBe(201);
  const lesson = await api.post(
    t,
    '/videos/lecture',
    { courseId, title, sectionId: section.json().data.section._id },
    owner,
  );
  expect(lesson.statusCode, lesson.body).toBe(201);
  return lesson.json().data.lecture._id;
}
