/**
 * The catalogue and course management through the real UI (spec sections 1, 2, 4, 5 and 6): an instructor
 * creates a course, uploads a thumbnail and a lecture video straight to storage and publishes it; a
 * visitor finds it on /courses and opens it; the other instructor can't edit it, in the UI or through the
 * API; a student can't reach its edit screen. Runs in order: later tests use the course the first made.
 */
import { fileURLToPath } from 'node:url';
import { addLectureWithVideo, VIDEO_FILE } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  freshPage,
  signIn,
  toast,
  uniqueEmail,
  urlWithPath,
} from '../fixtures';
import { apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../test';

const THUMBNAIL_FILE = fileURLToPath(
  new URL('../../apps/server/test/fixtures/sample-thumbnail.jpg', import.meta.url),
);

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const COURSE = {
  title: `Playwright Testing ${suffix}`,
  shortDescription: 'End-to-end tests that catch what unit tests miss.',
  description: 'Write browser tests against a production build, with real uploads and real permissions.',
  category: 'Web Development',
  level: 'Intermediate',
  price: '499',
};
const LECTURE_TITLE = 'Intro: why end-to-end tests';

let courseId = '';

test.describe.configure({ mode: 'serial' });

/**
 * Records, inside the page, every value a progress bar or the upload button shows from now on, so a test
 * can check that the upload progress reached 100 even though it finishes in a blink on a local server.
 */
async function recordUploadProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __uploadProgress: string[] }).__uploadProgress = seen;
    const read = () => {
      for (const bar of Array.from(document.querySelectorAll('[role="progressbar"]'))) {
        const value = bar.getAttribute('aria-valuenow');
        if (value !== null) seen.push(`bar:${value}`);
      }
      for (const button of Array.from(document.querySelectorAll('button'))) {
        const match = /^Uploading (\d+)%$/.exec(button.textContent?.trim() ?? '');
        if (match) seen.push(`button:${match[1]}`);
      }
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

async function recordedProgress(page: Page, kind: 'bar' | 'button'): Promise<number[]> {
  const seen = await page.evaluate(
    () => (window as unknown as { __uploadProgress?: string[] }).__uploadProgress ?? [],
  );
  return seen.filter((entry) => entry.startsWith(`${kind}:`)).map((entry) => Number(entry.split(':')[1]));
}

function courseRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(title) }) });
}

test('an instructor creates a course, uploads a thumbnail and a lecture video, and publishes it', async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));

  await test.step('create the course', async () => {
    await page.goto('/dashboard/instructor/create');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(COURSE.title);
    await page.getByRole('textbox', { name: 'Short description' }).fill(COURSE.shortDescription);
    await page.getByRole('combobox', { name: 'Category' }).selectOption(COURSE.category);
    await page.getByRole('combobox', { name: 'Level' }).selectOption(COURSE.level);
    await page.getByRole('spinbutton', { name: 'Price (₹)' }).fill(COURSE.price);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(COURSE.description);
    await page.getByRole('button', { name: 'Create Course' }).click();

    await expect(toast(page, 'Course created successfully!')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/course-list'));
    const row = courseRow(page, COURSE.title);
    await expect(row).toHaveAttribute('data-highlighted', 'true');
    await expect(row.getByText('draft', { exact: true })).toBeVisible();
    await expect(row.getByText('₹499.00')).toBeVisible();
  });

  await test.step('upload a thumbnail and publish', async () => {
    await courseRow(page, COURSE.title)
      .getByRole('link', { name: `Edit ${COURSE.title}` })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/instructor\/update\/[^/]+$/);
    courseId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    expect(courseId).not.toBe('');

    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title).toHaveValue(COURSE.title);
    await expect(title).toBeEnabled();
    await page
      .getByRole('group', { name: "What you'll learn" })
      .getByRole('textbox')
      .first()
      .fill('Test real uploads');
    await page.getByLabel('Thumbnail image').setInputFiles(THUMBNAIL_FILE);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();

    await recordUploadProgress(page);
    await page.getByRole('button', { name: 'Update Course' }).click();
    await expect(toast(page, 'Course updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/course-list'));

    const progress = await recordedProgress(page, 'bar');
    expect(progress.length, 'the thumbnail progress bar was shown').toBeGreaterThan(0);
    expect(progress.every(Number.isInteger), `integer percentages: ${progress}`).toBe(true);
    expect(Math.max(...progress)).toBe(100);

    const row = courseRow(page, COURSE.title);
    await expect(row).toHaveAttribute('data-highlighted', 'true');
    await expect(row.getByText('published', { exact: true })).toBeVisible();
    // The uploaded thumbnail is served back and loads.
    const thumbnail = row.locator('img');
    await expect(thumbnail).toHaveAttribute('src', /.+/);
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });

  await test.step('add a free intro lecture with its video', async () => {
    await page.goto(`/dashboard/instructor/update/${encodeURIComponent(courseId)}`);
    await page.getByRole('link', { name: 'Manage lectures' }).click();
    await expect(page).toHaveURL(urlWithPath(`/dashboard/instructor/create-lecture/${courseId}`));

    // The title is required.
    await page.getByRole('button', { name: 'Add Lecture' }).click();
    await expect(page.getByText('Lecture title must be required!')).toBeVisible();

    await page.getByRole('textbox', { name: 'Lecture title' }).fill(LECTURE_TITLE);
    await page.getByRole('checkbox', { name: 'Free preview', exact: true }).check();
    await page.getByLabel('Lecture video').setInputFiles(VIDEO_FILE);
    await recordUploadProgress(page);
    await page.getByRole('button', { name: 'Add Lecture' }).click();

    await expect(toast(page, 'Lecture created successfully')).toBeVisible();
    const buttonProgress = await recordedProgress(page, 'button');
    expect(buttonProgress.length, 'the upload button showed its progress').toBeGreaterThan(0);
    expect(buttonProgress.every(Number.isInteger)).toBe(true);
    expect(Math.max(...buttonProgress)).toBe(100);

    const lectures = page.getByRole('region', { name: 'Curriculum' });
    const lecture = lectures.locator('li[data-lecture-id]').filter({ hasText: LECTURE_TITLE });
    await expect(lecture).toBeVisible();
    // The duration was read from the file's metadata in the browser: the clip lasts 5 s.
    await expect(lecture.getByText(/Video uploaded/)).toContainText('0:05');
  });
});

test('a visitor finds the published course on /courses and opens its detail page', async ({ page }) => {
  expect(courseId, 'the first test created the course').not.toBe('');
  await page.goto('/courses');
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(COURSE.title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]search=/);

  const card = page.getByRole('article', { name: COURSE.title });
  await expect(card).toBeVisible();
  await expect(card.getByText(COURSE.shortDescription)).toBeVisible();
  await expect(card.getByText('1 lecture', { exact: true })).toBeVisible();
  await expect(card.getByText('Duration: 5s')).toBeVisible();
  await expect(card.getByText('₹499.00')).toBeVisible();
  // The uploaded thumbnail shows on the card.
  await expect
    .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(card.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', `/course/${courseId}`);
  await card.getByRole('link', { name: COURSE.title }).click();

  await expect(page).toHaveURL(urlWithPath(`/course/${courseId}`));
  await expect(page.getByRole('heading', { name: COURSE.title, level: 1 })).toBeVisible();
  await expect(page.getByText(COURSE.description)).toBeVisible();
  await expect(page.getByText('Test real uploads')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login to Enroll' })).toHaveAttribute(
    'href',
    `/signin?from=${encodeURIComponent(`/course/${courseId}`)}`,
  );

  // The free intro plays for anyone.
  const preview = page.getByLabel(`Preview: ${LECTURE_TITLE}`);
  await expect(preview).toHaveAttribute('src', /.+/);
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);

  const content = page.getByRole('button', { name: /Course content/ });
  await content.click();
  await expect(content).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('listitem').filter({ hasText: LECTURE_TITLE })).toContainText('Preview');

  await page.getByRole('button', { name: /Go Back/ }).click();
  await expect(page).toHaveURL(/\/courses\?/);
});

test("the other instructor can't edit the course, in the UI or through the API", async ({ page }) => {
  expect(courseId, 'the first test created the course').not.toBe('');
  await signIn(page, DEMO_ACCOUNTS.instructor2.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));

  await page.goto(`/dashboard/instructor/update/${encodeURIComponent(courseId)}`);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(COURSE.title);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update Course' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete Course' })).toBeDisabled();
  await expect(page.getByText("You don't have permission to update this course")).toBeVisible();
  await expect(page.getByText("You don't have permission to delete this course")).toBeVisible();
  await expect(page.getByText("You don't have permission to access lectures")).toBeVisible();

  // Their own course list does not hold it.
  await page.goto('/dashboard/instructor/course-list');
  await expect(page.getByRole('heading', { name: 'Course list' })).toBeVisible();
  await expect(page.getByRole('rowheader').first()).toBeVisible();
  await expect(courseRow(page, COURSE.title)).toHaveCount(0);

  // The server refuses a direct PATCH with their own token.
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: DEMO_ACCOUNTS.instructor2.email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const patch = await page.request.patch(`/api/v1/courses/${encodeURIComponent(courseId)}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { title: 'Taken over' },
  });
  expect(patch.status()).toBe(403);
  expect(((await patch.json()) as { message: string }).message).toBe(
    "You don't have permission to update this course",
  );

  const course = await page.request.get(`/api/v1/courses/${encodeURIComponent(courseId)}`);
  expect(((await course.json()) as { data: { title: string } }).data.title).toBe(COURSE.title);
});

test("a student who doesn't own the course can't reach its edit screen", async ({ page }) => {
  expect(courseId, 'the first test created the course').not.toBe('');
  await signIn(page, DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));

  // update/{id} is not a student route: there is no such page in their section...
  await page.goto(`/dashboard/update/${encodeURIComponent(courseId)}`);
  await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);

  // ...and the instructor's edit screen is not theirs either.
  await page.goto(`/dashboard/instructor/update/${encodeURIComponent(courseId)}`);
  await expect(page).toHaveURL(urlWithPath('/unauthorized'));
  await expect(page.getByRole('heading', { name: 'Unauthorized', exact: true })).toBeVisible();

  // Their own course page offers enrolment, not editing.
  await page.goto(`/dashboard/course/${encodeURIComponent(courseId)}`);
  await expect(page.getByRole('heading', { name: COURSE.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute(
    'href',
    `/dashboard/checkout/${courseId}`,
  );
});

test('an admin creates a course for another instructor, who then manages it as their own', async ({
  page,
  browser,
}) => {
  const title = `Assigned by the admin ${suffix}`;
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin'));

  await page.goto('/dashboard/admin/create');
  const instructor = page.getByRole('combobox', { name: 'Instructor' });
  await expect(instructor).toHaveValue('');
  const arjun = instructor.locator('option', { hasText: DEMO_ACCOUNTS.instructor2.email });
  await expect(arjun).toHaveText(`${DEMO_ACCOUNTS.instructor2.name} (${DEMO_ACCOUNTS.instructor2.email})`);
  await instructor.selectOption((await arjun.getAttribute('value')) ?? '');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Short description' }).fill('Made for Arjun by the admin.');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Design');
  await page.getByRole('combobox', { name: 'Level' }).selectOption('Beginner');
  await page.getByRole('button', { name: 'Create Course' }).click();
  await expect(toast(page, 'Course created successfully!')).toBeVisible();
  await expect(courseRow(page, title)).toHaveAttribute('data-highlighted', 'true');

  // Arjun's own list holds it, and its edit screen is open to him; the other instructor's list doesn't.
  const arjunPage = await freshPage(browser);
  await signIn(arjunPage, DEMO_ACCOUNTS.instructor2.email, DEMO_PASSWORD);
  await expect(arjunPage).toHaveURL(urlWithPath('/dashboard/instructor'));
  await arjunPage.goto('/dashboard/instructor/course-list');
  await courseRow(arjunPage, title)
    .getByRole('link', { name: `Edit ${title}` })
    .click();
  await expect(arjunPage.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await expect(arjunPage.getByRole('textbox', { name: 'Title', exact: true })).toBeEnabled();
  await arjunPage.context().close();

  const priyaPage = await freshPage(browser);
  await signIn(priyaPage, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(priyaPage).toHaveURL(urlWithPath('/dashboard/instructor'));
  await priyaPage.goto('/dashboard/instructor/course-list');
  await expect(priyaPage.getByRole('heading', { name: 'Course list' })).toBeVisible();
  await expect(courseRow(priyaPage, COURSE.title)).toBeVisible();
  await expect(courseRow(priyaPage, title)).toHaveCount(0);
  await priyaPage.context().close();
});

// ---------------------------------------------------------------------------------------------------
// Card text clamping: long titles and descriptions end in an ellipsis on whole lines.

/** In every title: what the catalogue search finds these two courses (and only them) by. */
const CLAMP_MARK = `clamp-${suffix}`;
const LONG_DESCRIPTION =
  'A long short description, as instructors write them: it explains who the course is for, what you will ' +
  'build week by week, which tools you need installed before you start, how the exercises are marked and ' +
  'what you can do after the last lecture, so that it runs well past what a card has room for.';
/** Enrolled by the student (an enrolled card and an active course on their dashboard). */
const LONG_ENROLLED = {
  title: `The Complete Guide to Building, Testing and Shipping Accessible Web Applications That Scale From a Weekend Prototype to Millions of Users ${CLAMP_MARK}`,
  shortDescription: LONG_DESCRIPTION,
};
/** Not enrolled: a catalogue card with price and locks, and a recommendation on the dashboard. */
const LONG_OTHER = {
  title: `Negotiation, Pricing and Strategy for Independent Course Creators Who Want to Turn Their Expertise Into a Sustainable Business ${CLAMP_MARK}`,
  shortDescription: LONG_DESCRIPTION,
};

/**
 * A free published course in Business with one lecture (no demo course is in Business, so a student
 * enrolled in one is recommended the other first).
 */
async function createBusinessCourse(
  request: APIRequestContext,
  headers: Record<string, string>,
  course: { title: string; shortDescription: string },
): Promise<string> {
  const created = await request.post('/api/v1/courses', {
    headers,
    data: { ...course, category: 'Business', level: 'Beginner', price: 0, isPublished: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;

  // One lecture playing the demo clip: a course without lectures can't be enrolled in.
  await addLectureWithVideo(request, headers, courseId, {
    title: 'Welcome',
    description: 'What the course covers.',
  });
  return courseId;
}

interface ClampReport {
  lineHeight: number;
  clientHeight: number;
  scrollHeight: number;
  lineClamp: string;
  /** The element's box ends inside the card: nothing of it is cut off by the card's bottom edge. */
  insideCard: boolean;
}

/** How a clamped text element renders, measured in the page. */
function clampReport(element: Locator): Promise<ClampReport> {
  return element.evaluate((node: HTMLElement) => {
    const style = getComputedStyle(node);
    const card = node.closest('article, li');
    const box = node.getBoundingClientRect();
    return {
      lineHeight: Number.parseFloat(style.lineHeight),
      clientHeight: node.clientHeight,
      scrollHeight: node.scrollHeight,
      lineClamp: style.webkitLineClamp,
      insideCard: card ? box.bottom <= card.getBoundingClientRect().bottom + 0.5 : false,
    };
  });
}

/**
 * The text is clamped by the line clamp (which draws the ellipsis) to whole lines, at most `maxLines` of
 * them: not a line cut through the middle, as a squeezed box would be. `clipped`: there is more of the
 * text than shows (in a card, where these texts never fit; a wide list row may show a title whole).
 */
async function expectClamped(
  element: Locator,
  maxLines: number,
  what: string,
  { clipped = true }: { clipped?: boolean } = {},
): Promise<void> {
  const report = await clampReport(element);
  const lines = report.clientHeight / report.lineHeight;
  const detail = `${what}: ${JSON.stringify(report)}`;
  expect(report.lineClamp, detail).toBe(String(maxLines));
  if (clipped) expect(report.scrollHeight, `${detail} (clipped)`).toBeGreaterThan(report.clientHeight);
  expect(Math.abs(lines - Math.round(lines)), `${detail} (whole lines)`).toBeLessThan(0.1);
  expect(Math.round(lines), `${detail} (line count)`).toBeGreaterThanOrEqual(1);
  expect(Math.round(lines), `${detail} (line count)`).toBeLessThanOrEqual(maxLines);
  expect(report.insideCard, `${detail} (inside the card)`).toBe(true);
}

/** A course card's title heading and description (the paragraph right after the title). */
function cardParts(card: Locator) {
  const title = card.getByRole('heading');
  return { title, description: title.locator('xpath=following-sibling::p[1]') };
}

/** The card's title, description and action all show in full inside the card's fixed height. */
async function expectCardClamped(card: Locator, action: string, what: string): Promise<void> {
  // The card shows a skeleton (and a screen-reader-only title) until its details are revealed.
  await expect(card).toHaveAttribute('aria-busy', 'false');
  const { title, description } = cardParts(card);
  await expectClamped(title, 2, `${what} title`);
  await expectClamped(description, 2, `${what} description`);
  const link = card.getByRole('link', { name: action, exact: true });
  await expect(link).toBeVisible();
  const [cardBox, linkBox] = await Promise.all([card.boundingBox(), link.boundingBox()]);
  if (!cardBox || !linkBox) throw new Error(`${what}: no layout box`);
  expect(linkBox.y + linkBox.height, `${what}: '${action}' inside the card`).toBeLessThanOrEqual(
    cardBox.y + cardBox.height,
  );
}

test('course cards clamp a long title and description to whole lines with an ellipsis, on the catalogue and the student’s pages', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const instructor = {
    Authorization: `Bearer ${await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD)}`,
  };
  const enrolledId = await createBusinessCourse(request, instructor, LONG_ENROLLED);
  await createBusinessCourse(request, instructor, LONG_OTHER);

  const student = { name: 'Clamp Student', email: uniqueEmail('clamp'), password: 'clamp-pass-1' };
  const signup = await request.post('/api/v1/auth/signup', {
    data: { ...student, confirmPassword: student.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const studentHeaders = {
    Authorization: `Bearer ${await apiToken(request, student.email, student.password)}`,
  };
  const enrolled = await request.post('/api/v1/payment/create-payment-intent', {
    headers: studentHeaders,
    data: { courseId: enrolledId },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  expect(((await enrolled.json()) as { enrolled?: boolean }).enrolled).toBe(true);

  for (const width of SCREEN_WIDTHS) {
    for (const theme of THEMES) {
      const shot = `${width}-${theme}`;
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await useTheme(page, theme);

      await test.step(`catalogue, ${shot}`, async () => {
        await page.goto(`/courses?search=${encodeURIComponent(CLAMP_MARK)}`);
        const enrolledCard = page.getByRole('article', { name: LONG_ENROLLED.title });
        const otherCard = page.getByRole('article', { name: LONG_OTHER.title });
        await expectCardClamped(enrolledCard, 'Enroll Now', `catalogue ${shot}, first card`);
        await expectCardClamped(otherCard, 'Enroll Now', `catalogue ${shot}, second card`);
        const [first, second] = await Promise.all([enrolledCard.boundingBox(), otherCard.boundingBox()]);
        expect(first?.height).toBe(second?.height);
        if (width === 1280) expect(first?.y, 'side by side in one row').toBe(second?.y);
        await save(page, testInfo, `cards-catalogue-${shot}`);
        await expectNoBlockingViolations(page, `the catalogue with long titles (${shot})`);
      });

      await test.step(`the student’s courses and dashboard, ${shot}`, async () => {
        const login = await page.request.post('/api/v1/auth/login', {
          data: { email: student.email, password: student.password, remember: true },
        });
        expect(login.status()).toBe(200);

        await page.goto('/dashboard/mycourse');
        const card = page.getByRole('article', { name: LONG_ENROLLED.title });
        await expectCardClamped(card, 'Start', `my courses ${shot}`);
        await expect(card.getByRole('progressbar')).toBeVisible();
        await save(page, testInfo, `cards-mycourse-${shot}`);
        await expectNoBlockingViolations(page, `My Courses with a long title (${shot})`);

        await page.goto('/dashboard');
        const active = page
          .getByRole('region', { name: 'My Active Courses' })
          .getByRole('heading', { name: LONG_ENROLLED.title });
        await expect(active).toBeVisible();
        // A full-width row: on a phone the title is clipped, on a wide screen it may fit in two lines.
        await expectClamped(active, 2, `active course ${shot}`, { clipped: width === 375 });
        const recommended = page
          .getByRole('region', { name: 'Recommended for you' })
          .getByRole('heading', { name: LONG_OTHER.title });
        await expect(recommended).toBeVisible();
        await expectClamped(recommended, 2, `recommendation ${shot}`);
        await save(page, testInfo, `cards-dashboard-${shot}`);
        await expectNoBlockingViolations(page, `the student dashboard with long titles (${shot})`);
      });
      await context.close();
    }
  }
});
