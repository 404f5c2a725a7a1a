/**
 * Free previews (issue 15, item 7): every lecture marked free preview is playable by a visitor from its
 * row on the course page, not only one titled "intro". The demo instructor marks the second lecture of
 * one of their courses as a free preview through the API (the set-up, not the step under test), and a
 * visitor plays it; it is marked back afterwards, so other specs see the seed as it was.
 */
import type { Course } from '@lectio/contracts/course';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../fixtures';
import { apiGet, apiToken } from '../screens';
import { type APIRequestContext, expect, test } from '../test';

test.describe.configure({ mode: 'serial' });

let courseId = '';
let lecture = { id: '', title: '' };
let token = '';

async function markPreview(request: APIRequestContext, isPreview: boolean) {
  const response = await request.patch(`/api/v1/videos/${lecture.id}/video_thumbnail`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { isPreview },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const mine = await apiGet<{ data: { courses: Course[] } }>(request, token, '/instructor/courses?limit=50');
  const videosOf = (candidate: Course) => candidate.videos.filter((lesson) => lesson.kind === 'video');
  const course = mine.data.courses.find(
    (candidate) => candidate.isPublished && videosOf(candidate).length > 1,
  );
  expect(course, 'a published demo course with two video lectures or more').toBeDefined();
  courseId = course?._id ?? '';
  const second = (course ? videosOf(course) : []).sort((a, b) => a.order - b.order)[1];
  expect(second?.title ?? '').not.toMatch(/intro/i);
  lecture = { id: second?._id ?? '', title: second?.title ?? '' };
  await markPreview(request, true);
});

test.afterAll(async ({ request }) => {
  if (lecture.id) await markPreview(request, false);
});

test('a visitor plays a free lecture that is not titled "intro" from its row on the course page', async ({
  page,
}) => {
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: /Course content/ }).click();
  const play = page.getByRole('button', { name: `Preview the free lecture ${lecture.title}`, exact: true });
  await expect(play).toHaveAttribute('aria-expanded', 'false');
  await play.click();
  await expect(play).toHaveAttribute('aria-expanded', 'true');

  const video = page.getByLabel(`Free preview: ${lecture.title}`, { exact: true });
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);

  // A locked lecture has no play button for the visitor.
  await expect(page.getByRole('button', { name: /^Preview the free lecture / })).toHaveCount(2);
});
