/**
 * Lesson resources (issue 26 item 2, decision 0079) in Chromium against the production build: the
 * instructor adds a PDF to a lesson on its edit screen (a real direct upload to the storage, with the
 * progress on the button), the player lists it and downloads it (the same bytes, under its name), a
 * visitor who hasn't bought the course gets no download URL through the API, and screenshots with axe of
 * the edit screen's resources at 375 and 1280 px, light and dark.
 */

import { readFile } from 'node:fs/promises';
import type { LessonResource } from '@lectio/contracts/resources';
import { expectNoBlockingViolations } from '../axe';
import { DASHBOARD_URL, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

const PDF = Buffer.from('%PDF-1.4\n% week one handout\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
let courseId = '';
let lectureId = '';

async function createCourse(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: `Resources ${Date.now()}`,
      shortDescription: 'A lesson with a handout.',
      category: 'Web Development',
      level: 'Beginner',
      price: 199,
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
  const lecture = await request.post('/api/v1/videos/lecture', {
    headers,
    data: { courseId, title: 'Week one' },
  });
  expect(lecture.status(), await lecture.text()).toBe(201);
  lectureId = ((await lecture.json()) as { data: { lecture: { _id: string } } }).data.lecture._id;
}

async function openEditScreen(page: Page): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(DASHBOARD_URL);
  await page.goto(`/dashboard/instructor/updatelecture/${lectureId}`);
  await expect(page.getByRole('region', { name: 'Resources' })).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  await createCourse(request);
});

test('an instructor adds a PDF to a lesson; the player downloads it; a visitor gets no link', async ({
  page,
  request,
}) => {
  await openEditScreen(page);
  const panel = page.getByRole('region', { name: 'Resources' });
  await expect(panel.getByText('No resources yet.')).toBeVisible();
  await panel
    .getByLabel('File')
    .setInputFiles({ name: 'week-1-handout.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(panel.getByRole('textbox', { name: 'Resource title' })).toHaveValue('week-1-handout');
  await panel.getByRole('textbox', { name: 'Resource title' }).fill('Week 1 handout');
  await panel.getByRole('button', { name: 'Add resource' }).click();
  await expect(toast(page, 'Resource added')).toBeVisible();
  await expect(panel.getByText(`week-1-handout.pdf · ${PDF.length} bytes`)).toBeVisible();

  // The player lists it; the download is the same file, under its name.
  await page.goto(`/dashboard/instructor/course/${courseId}/lecture/${lectureId}`);
  const link = page.getByRole('region', { name: 'Resources' }).getByRole('link', { name: /Week 1 handout/ });
  await expect(link).toContainText(`week-1-handout.pdf, ${PDF.length} bytes`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('week-1-handout.pdf');
  expect((await readFile(await download.path())).equals(PDF)).toBe(true);

  // Someone who hasn't bought the course sees the resource, but no way to download it.
  const visitor = await apiGet<{ data: { resources: LessonResource[] } }>(
    request,
    null,
    `/lectures/${lectureId}/resources`,
  );
  expect(
    visitor.data.resources.map((resource) => [resource.title, resource.downloadUrl, resource.isLocked]),
  ).toEqual([['Week 1 handout', null, true]]);
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshot and axe at ${width} px, ${theme}: a lesson's resources`, async ({ page }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openEditScreen(page);
      await expect(page.getByRole('region', { name: 'Resources' }).getByText('Week 1 handout')).toBeVisible();
      await expectNoBlockingViolations(page, `the lesson's resources at ${width} px, ${theme}`);
      await save(page, testInfo, `lesson-resources-${width}-${theme}`);
    });
  }
}
