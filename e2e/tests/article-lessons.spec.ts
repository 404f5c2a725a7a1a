/**
 * Article lessons in the web app (decision 0080) in Chromium against the production build: the instructor
 * adds an article (kind Article, Markdown with its live preview, free preview), a student who bought the
 * course reads it and marks it read (the sidebar ticks it, and as the course's only lesson it completes the
 * course), a visitor reads the free article on the course page, and screenshots with axe of the editor and
 * the reading view at 375 and 1280 px, light and dark.
 */
import { buyAsNewStudent } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DASHBOARD_URL, DEMO_ACCOUNTS, DEMO_PASSWORD, freshPage, signIn, toast } from '../fixtures';
import { apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

const TITLE = 'How to read an error message';
const BODY = [
  '## Read it from the top',
  '',
  'The first line names **what** went wrong; the stack below it says *where*.',
  '',
  '- Find the first frame in your own code',
  '- Read the values it was called with',
  '',
  'More in [the Node.js errors guide](https://nodejs.org/api/errors.html).',
].join('\n');

let courseId = '';
let lectureId = '';
let student = { email: '', password: '' };

async function createCourse(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const created = await request.post('/api/v1/courses', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Articles ${Date.now()}`,
      shortDescription: 'A course with an article lesson.',
      category: 'Web Development',
      level: 'Beginner',
      price: 199,
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
}

async function openEditor(page: Page): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(DASHBOARD_URL);
  await page.goto(`/dashboard/instructor/create-lecture/${courseId}`);
  await expect(page.getByRole('radio', { name: 'Article' })).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  await createCourse(request);
});

test('an instructor adds a free article with its Markdown; the preview shows it as learners will', async ({
  page,
}) => {
  await openEditor(page);
  await page.getByRole('radio', { name: 'Article' }).check();
  await expect(page.getByLabel('Lecture video')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Lecture title' }).fill(TITLE);
  await page.getByRole('button', { name: 'Add Lecture' }).click();
  await expect(
    page.getByText("An article needs its text: write the article's body in Markdown"),
  ).toBeVisible();

  await page.getByRole('textbox', { name: /Article text/ }).fill(BODY);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Read it from the top' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'the Node.js errors guide' })).toHaveAttribute(
    'href',
    'https://nodejs.org/api/errors.html',
  );
  await page.getByRole('checkbox', { name: 'Free preview', exact: true }).check();
  await page.getByRole('button', { name: 'Add Lecture' }).click();
  await expect(toast(page, 'Lecture created successfully')).toBeVisible();

  const edit = page.getByRole('link', { name: `Edit ${TITLE}` });
  await expect(edit).toBeVisible();
  lectureId = (await edit.getAttribute('href'))?.split('/').at(-1) ?? '';
  expect(lectureId).not.toBe('');
});

test('a student who bought the course reads the article and marks it read; the sidebar ticks it', async ({
  browser,
  request,
}) => {
  const buyer = await buyAsNewStudent(request, courseId, { label: 'reader' });
  student = { email: buyer.email, password: buyer.password };
  const page = await freshPage(browser);
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(DASHBOARD_URL);
  await page.goto(`/dashboard/course/${courseId}/lecture/${lectureId}`);

  const reading = page.getByRole('article', { name: TITLE });
  await expect(reading.getByText('1 min read')).toBeVisible();
  await expect(reading.getByRole('heading', { name: 'Read it from the top' })).toBeVisible();
  await expect(reading.getByRole('listitem')).toHaveText([
    'Find the first frame in your own code',
    'Read the values it was called with',
  ]);
  const row = page
    .getByRole('navigation', { name: 'Lectures' })
    .getByRole('link', { name: new RegExp(TITLE) });
  await expect(row).toContainText('Article');
  await expect(row).not.toContainText('Completed');

  await reading.getByRole('button', { name: 'Mark as read' }).click();
  await expect(reading.getByText('Read', { exact: true })).toBeVisible();
  await expect(row).toContainText('Completed');
  // The course's only lesson: reading it completes the course.
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('heading', { name: 'Course complete' })).toBeVisible();

  // Marked on the server: it stays read after a reload.
  await page.reload();
  await expect(page.getByRole('article', { name: TITLE }).getByText('Read', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await page.close();
});

test('a visitor reads the free article on the course page', async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: /Course content/ }).click();
  await page.getByRole('button', { name: `Read the free article: ${TITLE}` }).click();
  const article = page.getByRole('region', { name: `Free article: ${TITLE}` });
  await expect(article.getByRole('heading', { name: 'Read it from the top' })).toBeVisible();
  await expect(article.getByText('what', { exact: true })).toBeVisible();
  await page.close();
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshot and axe at ${width} px, ${theme}: the article editor`, async ({ page }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openEditor(page);
      await page.getByRole('radio', { name: 'Article' }).check();
      await page.getByRole('textbox', { name: 'Lecture title' }).fill(TITLE);
      await page.getByRole('textbox', { name: /Article text/ }).fill(BODY);
      await expect(
        page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Read it from the top' }),
      ).toBeVisible();
      await expectNoBlockingViolations(page, `the article editor at ${width} px, ${theme}`);
      await save(page, testInfo, `article-editor-${width}-${theme}`);
    });

    test(`screenshot and axe at ${width} px, ${theme}: the article reading view`, async ({
      page,
    }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await signIn(page, student.email, student.password);
      await expect(page).toHaveURL(DASHBOARD_URL);
      await page.goto(`/dashboard/course/${courseId}/lecture/${lectureId}`);
      await expect(
        page.getByRole('article', { name: TITLE }).getByRole('heading', { name: 'Read it from the top' }),
      ).toBeVisible();
      await expectNoBlockingViolations(page, `the article reading view at ${width} px, ${theme}`);
      await save(page, testInfo, `article-reading-${width}-${theme}`);
    });
  }
}
