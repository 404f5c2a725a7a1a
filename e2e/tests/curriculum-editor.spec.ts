/**
 * The instructor's curriculum editor (issue 26 items 1 and 6, decision 0075) in real Chromium against the
 * production build: an instructor adds a section, moves a lesson into it by dragging with the mouse, moves
 * another with the keyboard (dnd-kit's keyboard sensor: Space, arrows, Space) and a section with the
 * arrows; every move is saved (checked through the API's outline, after a reload too). Then a drip rule,
 * and screenshots with axe of the editor at 375 and 1280 px, light and dark.
 */
import type { CurriculumResponse } from '@lectio/contracts/curriculum';
import { expectNoBlockingViolations } from '../axe';
import { DASHBOARD_URL, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

let courseId = '';
let token = '';

/** A draft course of the demo instructor with lessons One, Two and Three in its one section. */
async function createCourse(request: APIRequestContext): Promise<string> {
  token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: `Curriculum editor ${Date.now()}`,
      shortDescription: 'Sections and lessons arranged in the editor.',
      category: 'Web Development',
      level: 'Beginner',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
  for (const title of ['One', 'Two', 'Three']) {
    const lecture = await request.post('/api/v1/videos/lecture', { headers, data: { courseId: id, title } });
    expect(lecture.status(), await lecture.text()).toBe(201);
  }
  return id;
}

/** The saved curriculum as section title -> lesson titles, read through the API. */
async function savedOutline(request: APIRequestContext): Promise<[string, string[]][]> {
  const outline = await apiGet<CurriculumResponse>(request, token, `/courses/${courseId}/curriculum`);
  return outline.data.sections.map((section) => [
    section.title,
    section.lessons.map((lesson) => lesson.title),
  ]);
}

async function openEditor(page: Page): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(DASHBOARD_URL);
  await page.goto(`/dashboard/instructor/create-lecture/${courseId}`);
  await expect(page.getByRole('region', { name: 'Curriculum' })).toBeVisible();
}

const section = (page: Page, title: string) => page.getByRole('group', { name: title, exact: false });
/** A lesson's row in the editor; its text starts with its number and title ("2.Three"). */
const lessonRow = (page: Page, title: string) =>
  page.locator('li[data-lecture-id]').filter({ hasText: new RegExp(`^\\d+\\.${title}`) });

test.beforeAll(async ({ request }) => {
  courseId = await createCourse(request);
});

test('an instructor adds a section and arranges lessons by mouse, keyboard and arrows; every move is saved', async ({
  page,
  request,
}) => {
  await openEditor(page);
  await expect(section(page, 'Course content').locator('li[data-lecture-id]')).toHaveCount(3);

  await page.getByRole('textbox', { name: 'New section title' }).fill('Going further');
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(toast(page, 'Section added')).toBeVisible();
  await expect(section(page, 'Going further').getByText(/No lessons in this section yet/)).toBeVisible();

  // Drag "Three" by its handle into the empty section with the mouse.
  const handle = page.getByRole('button', { name: 'Drag Three' });
  const target = section(page, 'Going further').getByText(/No lessons in this section yet/);
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('the handle and the empty section are on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(toast(page, 'Curriculum order saved')).toBeVisible();
  await expect
    .poll(() => savedOutline(request))
    .toEqual([
      ['Course content', ['One', 'Two']],
      ['Going further', ['Three']],
    ]);

  // With the keyboard: pick "One" up, move it one place down, drop it.
  const keyboardHandle = page.getByRole('button', { name: 'Drag One' });
  await keyboardHandle.focus();
  await page.keyboard.press('Space');
  await expect(keyboardHandle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  // Screen readers hear where it is, by the lesson's and the section's names.
  await expect(
    page.getByRole('status').filter({ hasText: 'One is now at place 2 in Course content.' }),
  ).toBeAttached();
  await page.keyboard.press('Space');
  await expect
    .poll(() => savedOutline(request))
    .toEqual([
      ['Course content', ['Two', 'One']],
      ['Going further', ['Three']],
    ]);

  // The arrows: "One" crosses into the next section, then that section moves first.
  await page.getByRole('button', { name: 'Move One down' }).click();
  await expect
    .poll(() => savedOutline(request))
    .toEqual([
      ['Course content', ['Two']],
      ['Going further', ['One', 'Three']],
    ]);
  await page.getByRole('button', { name: 'Move section Going further up' }).click();
  await expect
    .poll(() => savedOutline(request))
    .toEqual([
      ['Going further', ['One', 'Three']],
      ['Course content', ['Two']],
    ]);

  // After a reload the editor shows the saved order, numbered across the course.
  await page.reload();
  await expect(lessonRow(page, 'One')).toContainText('1.One');
  await expect(lessonRow(page, 'Three')).toContainText('2.Three');
  await expect(lessonRow(page, 'Two')).toContainText('3.Two');
});

test('an instructor opens a section some days after enrollment', async ({ page, request }) => {
  await openEditor(page);
  const group = section(page, 'Course content');
  await group.getByRole('button', { name: 'Edit section Course content' }).click();
  await group.getByRole('textbox', { name: 'Section title' }).fill('Week 2');
  await group.getByRole('radio', { name: 'Days after enrollment' }).check();
  await group.getByRole('spinbutton', { name: 'Days after enrollment' }).fill('7');
  await group.getByRole('button', { name: 'Save section' }).click();
  await expect(toast(page, 'Section renamed')).toBeVisible();
  await expect(section(page, 'Week 2').getByText('Opens 7 days after you enroll')).toBeVisible();
  const outline = await apiGet<CurriculumResponse>(request, token, `/courses/${courseId}/curriculum`);
  expect(outline.data.sections.map((entry) => [entry.title, entry.opensAfterDays])).toEqual([
    ['Going further', null],
    ['Week 2', 7],
  ]);
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshot and axe at ${width} px, ${theme}: the curriculum editor`, async ({ page }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openEditor(page);
      await expect(page.locator('li[data-lecture-id]')).toHaveCount(3);
      await section(page, 'Week 2').getByRole('button', { name: 'Edit section Week 2' }).click();
      await expect(section(page, 'Week 2').getByRole('button', { name: 'Save section' })).toBeVisible();
      await expectNoBlockingViolations(page, `the curriculum editor at ${width} px, ${theme}`);
      await save(page, testInfo, `curriculum-editor-${width}-${theme}`);
    });
  }
}
