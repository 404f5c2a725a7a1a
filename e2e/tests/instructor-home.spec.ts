/**
 * The instructor's home at /dashboard/instructor (issue 15, item 1), through the real UI:
 *   - a new instructor (a student an admin made instructor) sees the first steps, not figures;
 *   - from the home's "Create course" they create a course, add a lecture with its video and publish it;
 *   - the course list's overview counts it as a draft, then as published;
 *   - a student buys it (test card, through the API: the checkout UI has its own specs), and the bell's
 *     badge goes from 1 (the role change) to 2 on the open page, with no reload or navigation;
 *   - the home then shows 1 student, the revenue, their share and the enrollment, after a client-side
 *     navigation back to it and after a reload, as `GET /instructor/home` says;
 *   - screenshots of the empty and the populated home at 375 and 1280 px, light and dark, each with axe
 *     (WCAG A/AA): no serious or critical violation.
 */
import type { InstructorHome } from '@lectio/contracts/instructor';
import { buyAsNewStudent, VIDEO_FILE } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast, uniqueEmail, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const PASSWORD = 'secret-pass-1';
const HOME = '/dashboard/instructor';
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const COURSE = {
  title: `Logo Design Basics ${suffix}`,
  shortDescription: 'Shapes, type and colour for a first logo.',
  description: 'From a pencil sketch to a finished vector logo, in small steps.',
  category: 'Design',
  level: 'Beginner',
  price: '499',
};
const LECTURE_TITLE = 'Sketching ideas';
const BUYER_NAME = `Bina Buyer ${suffix}`;

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The instructor of the main flow, and one who never makes a course (the empty state's screenshots). */
const instructor = { name: `Nina New ${suffix}`, email: uniqueEmail('new-instructor'), password: PASSWORD };
const idleInstructor = {
  name: `Ivan Idle ${suffix}`,
  email: uniqueEmail('idle-instructor'),
  password: PASSWORD,
};
let courseId = '';

/** Signs `user` up (a student), then the demo admin makes them an instructor, through the API. */
async function createInstructor(request: APIRequestContext, user: typeof instructor): Promise<void> {
  const signup = await request.post('/api/v1/auth/signup', {
    data: { name: user.name, email: user.email, password: user.password, confirmPassword: user.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { user: created } = (await signup.json()) as { user: { _id: string } };
  const adminToken = await apiToken(request, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  const promoted = await request.patch(`/api/v1/admin/users/${created._id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { role: 'instructor' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
}

/** The bell's badge (its count is in `data-count`; none at zero unread). */
const badge = (page: Page) => page.getByTestId('notifications-badge');

/** A counter of the course list's System Overview. */
function overview(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'System Overview' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The value of a figure card: the `dd` right after the `dt` reading exactly `label`. */
function figure(page: Page, label: string): Locator {
  return page
    .getByRole('main')
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

function heading(page: Page): Locator {
  return page.getByRole('heading', { name: 'Instructor Dashboard', level: 1 });
}

function upToDate(page: Page): Locator {
  return page.getByRole('main').getByRole('status').filter({ hasText: 'Up to date' });
}

test('a new instructor starts from the first steps, publishes a course, and sees its first sale at home', async ({
  page,
  request,
}) => {
  await createInstructor(request, instructor);
  await signIn(page, instructor.email, instructor.password);
  await expect(page).toHaveURL(urlWithPath(HOME));

  await test.step('the empty state: first steps, no figures', async () => {
    await expect(heading(page)).toBeVisible();
    const steps = page.getByRole('region', { name: 'Start teaching' });
    await expect(steps).toBeVisible();
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Create a course',
      'Add lectures with video',
      'Publish',
      'Share a coupon link',
    ]);
    await expect(page.getByRole('main').locator('dt')).toHaveCount(0);
  });

  await test.step('create the course from the home’s call to action', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Create course' }).first().click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/create'));
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(COURSE.title);
    await page.getByRole('textbox', { name: 'Short description' }).fill(COURSE.shortDescription);
    await page.getByRole('combobox', { name: 'Category' }).selectOption(COURSE.category);
    await page.getByRole('combobox', { name: 'Level' }).selectOption(COURSE.level);
    await page.getByRole('spinbutton', { name: 'Price (₹)' }).fill(COURSE.price);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(COURSE.description);
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(toast(page, 'Course created successfully!')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/course-list'));
    // The course list's overview counts the instructor's own courses: one, a draft.
    await expect(overview(page, 'Total Courses')).toHaveText('1');
    await expect(overview(page, 'Published Courses')).toHaveText('0');
    await expect(overview(page, 'Draft Courses')).toHaveText('1');
    await page.getByRole('link', { name: `Edit ${COURSE.title}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/instructor\/update\/[^/]+$/);
    courseId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    expect(courseId).not.toBe('');
  });

  await test.step('add a lecture with its video', async () => {
    await page.getByRole('link', { name: 'Manage lectures' }).click();
    await expect(page).toHaveURL(urlWithPath(`/dashboard/instructor/create-lecture/${courseId}`));
    await page.getByRole('textbox', { name: 'Lecture title' }).fill(LECTURE_TITLE);
    await page.getByLabel('Lecture video').setInputFiles(VIDEO_FILE);
    await page.getByRole('button', { name: 'Add Lecture' }).click();
    await expect(toast(page, 'Lecture created successfully')).toBeVisible();
    const lecture = page.getByRole('region', { name: 'Curriculum' }).locator('li[data-lecture-id]').filter({
      hasText: LECTURE_TITLE,
    });
    await expect(lecture.getByText(/Video uploaded/)).toBeVisible();
  });

  await test.step('publish it', async () => {
    await page.goto(`/dashboard/instructor/update/${encodeURIComponent(courseId)}`);
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title).toHaveValue(COURSE.title);
    await expect(title).toBeEnabled();
    await page
      .getByRole('group', { name: "What you'll learn" })
      .getByRole('textbox')
      .first()
      .fill('Draw a logo');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Update Course' }).click();
    await expect(toast(page, 'Course updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/course-list'));
    await expect(overview(page, 'Published Courses')).toHaveText('1');
    await expect(overview(page, 'Draft Courses')).toHaveText('0');
  });

  await test.step('before the sale: the course counts, no student yet', async () => {
    // The brand link leads home: the sidebar's "Dashboard" item is the admins' only.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Lectio' }).click();
    await expect(page).toHaveURL(urlWithPath(HOME));
    await expect(upToDate(page)).toBeVisible();
    await expect(figure(page, 'Courses')).toHaveText('1');
    await expect(figure(page, 'Students')).toHaveText('0');
    await expect(page.getByText(/^No enrollments yet\./)).toBeVisible();
    // One unread notification so far: the admin's role change that made them an instructor.
    await expect(badge(page)).toHaveAttribute('data-count', '1');
  });

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await buyAsNewStudent(request, courseId, { name: BUYER_NAME, label: 'home-buyer' });

  await test.step('the sale reaches the bell without a reload (the summary is polled)', async () => {
    await expect(badge(page)).toHaveAttribute('data-count', '2', { timeout: 25_000 });
    expect(navigations).toEqual([]);
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first(),
    ).toContainText(`${BUYER_NAME} enrolled in ${COURSE.title}.`);
    await page.keyboard.press('Escape');
  });
  const token = await apiToken(request, instructor.email, instructor.password);
  const home = await apiGet<InstructorHome>(request, token, '/instructor/home');
  expect(home.students).toBe(1);
  expect(home.revenue.gross).toBe(499);

  await test.step('after the sale, going back home: 1 student, the revenue, the enrollment', async () => {
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Manage courses' })
      .click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/course-list'));
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Lectio' }).click();
    await expect(page).toHaveURL(urlWithPath(HOME));
    await expectSale(page, home);
  });

  await test.step('and after a reload', async () => {
    await page.reload();
    await expectSale(page, home);
  });
});

async function expectSale(page: Page, home: InstructorHome): Promise<void> {
  await expect(upToDate(page)).toBeVisible();
  await expect(figure(page, 'Students')).toHaveText('1');
  await expect(figure(page, 'Revenue')).toHaveText(rupees.format(499));
  await expect(figure(page, 'Your earnings')).toHaveText(
    rupees.format(home.revenue.share - home.revenue.refunded),
  );
  // 80% of the price (the default 20% commission; no provider fee in test mode).
  expect(home.revenue.share).toBeCloseTo(399.2, 2);
  await expect(figure(page, 'Courses')).toHaveText('1');
  const recent = page.getByRole('region', { name: 'Recent enrollments' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText(BUYER_NAME);
  await expect(recent.first()).toContainText(COURSE.title);
  await expect(recent.first()).toContainText(rupees.format(499));
  // This week's bar: the chart is drawn, not its empty state.
  const chart = page.getByRole('region', { name: 'Enrollments by week' });
  await expect(chart.getByRole('img', { name: 'Enrollments by week' })).toBeVisible();
}

/** Opens the home as `user` at `width` px in `theme`, takes its screenshot and runs axe. */
async function screenshotHome(
  browser: Browser,
  user: { email: string; password: string },
  width: number,
  theme: (typeof THEMES)[number],
  name: string,
  ready: (page: Page) => Promise<void>,
  testInfo: Parameters<Parameters<typeof test>[2]>[1],
): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    await useTheme(page, theme);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(urlWithPath(HOME));
    await expect(heading(page)).toBeVisible();
    await ready(page);
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const sizes = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(sizes.scrollWidth, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(sizes.innerWidth);
    await save(page, testInfo, `${name}-${width}-${theme}`);
    await expectNoBlockingViolations(page, `${HOME} (${name}) at ${width} px (${theme})`);
  } finally {
    await context.close();
  }
}

test.describe('screenshots', () => {
  test.beforeAll(async ({ request }) => {
    await createInstructor(request, idleInstructor);
  });

  for (const theme of THEMES) {
    for (const width of SCREEN_WIDTHS) {
      test(`the home at ${width} px, ${theme}, empty and populated: no serious or critical axe violation`, async ({
        browser,
      }, testInfo) => {
        expect(courseId, 'the first test made and sold a course').not.toBe('');
        await screenshotHome(
          browser,
          idleInstructor,
          width,
          theme,
          'instructor-home-empty',
          (page) => expect(page.getByRole('region', { name: 'Start teaching' })).toBeVisible(),
          testInfo,
        );
        await screenshotHome(
          browser,
          instructor,
          width,
          theme,
          'instructor-home',
          async (page) => {
            await expect(upToDate(page)).toBeVisible();
            await expect(page.locator('[role="img"] canvas')).toHaveCount(1);
          },
          testInfo,
        );
      });
    }
  }
});
