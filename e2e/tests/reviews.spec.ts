import { type BuyingStudent, buyAsNewStudent } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast, urlWithPath } from '../fixtures';
import { apiToken, SCREEN_WIDTHS, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '../test';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const REVIEW_TEXT = `Too fast for me, sorry ${Date.now().toString(36)}`;

interface CourseSummary {
  _id: string;
  title: string;
  price: number;
  rating: number;
  ratingCount: number;
  videos: { _id: string; order: number }[];
}
interface Summary {
  average: number;
  count: number;
  distribution: { stars: number; count: number }[];
}

let student: BuyingStudent;
let course: CourseSummary;
let lectureId = '';
let before: Summary;

/** What the app shows for a mean: rounded to two decimals by the API, one decimal on screen. */
const shown = (mean: number) => (Math.round(mean * 100) / 100).toFixed(1);

async function summaryOf(request: APIRequestContext, courseId: string): Promise<Summary> {
  const response = await request.get(`/api/v1/reviews/course/${courseId}/summary`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Summary;
}

function reviewsSection(page: Page) {
  return page.getByRole('region', { name: 'Reviews' });
}

/** The course header's "4.3 rating (5)" and the section's stars image, for a mean and count. */
async function expectAverageOnDetail(page: Page, mean: number, count: number) {
  await expect(page.getByText(`${shown(mean)} rating (${count})`)).toBeVisible();
  await expect(
    reviewsSection(page).getByRole('img', { name: `Rated ${shown(mean)} out of 5` }),
  ).toBeVisible();
  await expect(
    reviewsSection(page).getByText(`${count} ${count === 1 ? 'review' : 'reviews'}`, { exact: true }),
  ).toBeVisible();
}

async function expectAverageOnCard(page: Page, catalogue: string, mean: number, count: number) {
  await page.goto(catalogue);
  const card = page.getByRole('article', { name: course.title });
  await expect(card.getByText(`Rated ${shown(mean)} out of 5 from ${count} reviews`)).toBeAttached();
  await expect(card.getByTestId('course-card-rating')).toContainText(`★ ${shown(mean)} (${count})`);
}

async function save(
  page: Page,
  testInfo: TestInfo,
  name: string,
  target?: ReturnType<typeof reviewsSection>,
) {
  const file = testInfo.outputPath(`${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.beforeAll(async ({ request }) => {
  // A published paid course with lectures that learners of the demo seed have reviewed.
  const list = await request.get('/api/v1/courses?limit=50');
  const courses = ((await list.json()) as { data: { courses: CourseSummary[] } }).data.courses;
  const reviewed = courses
    .filter((item) => item.price > 0 && item.videos.length > 0 && item.ratingCount >= 2)
    .sort((a, b) => b.ratingCount - a.ratingCount);
  if (!reviewed[0])
    throw new Error('The demo seed no longer has a reviewed paid course (packages/db/src/seed)');
  course = reviewed[0];
  lectureId = course.videos.toSorted((a, b) => a.order - b.order)[0]!._id;
  before = await summaryOf(request, course._id);
  expect(before.count).toBe(course.ratingCount);

  // The buyer: signed up and paid (test card 4242) through the API.
  student = await buyAsNewStudent(request, course._id, { name: 'Riya Reviewer', label: 'reviewer' });
  const headers = { Authorization: `Bearer ${student.token}` };
  const confirmed = await request.post('/api/v1/payment/confirm-payment', {
    headers,
    data: { paymentIntentId: student.paymentIntentId },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
});

/** The position a progress.record call reported (tRPC's batched body: `{"0": { watchedDuration, … }}`). */
function reportedPosition(body: string | null): number {
  try {
    const input = (JSON.parse(body ?? '{}') as Record<string, { watchedDuration?: unknown }>)['0'];
    return typeof input?.watchedDuration === 'number' ? input.watchedDuration : 0;
  } catch {
    return 0;
  }
}

test('a student who watched part of a lecture reviews the course; its average changes on the page and the card', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const coursePath = `/dashboard/course/${course._id}`;
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));

  await test.step('before watching, the course page says what is missing', async () => {
    await page.goto(coursePath);
    await expect(
      reviewsSection(page).getByText('Watch at least one lecture of this course before reviewing it.'),
    ).toBeVisible();
    await expect(reviewsSection(page).getByRole('radio')).toHaveCount(0);
    await expectAverageOnDetail(page, before.average, before.count);
  });

  await test.step('watch part of the first lecture', async () => {
    await page.goto(`${coursePath}/lecture/${lectureId}`);
    const video = page.getByLabel(/^Lecture video: /);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The player reports its position when playback starts (0) and then as it plays: wait for a report
    // past the first second, which is what makes a lecture "watched some".
    const recorded = page.waitForResponse(
      (response) =>
        response.url().includes('progress.record') &&
        response.status() === 200 &&
        reportedPosition(response.request().postData()) >= 1,
      { timeout: 20_000 },
    );
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await recorded;
    await video.evaluate((v: HTMLVideoElement) => v.pause());
  });

  const total = before.distribution.reduce((sum, row) => sum + row.stars * row.count, 0);
  const after = { mean: (total + 1) / (before.count + 1), count: before.count + 1 };
  expect(shown(after.mean)).not.toBe(shown(before.average));

  await test.step('leave a one-star review with the keyboard', async () => {
    await page.goto(coursePath);
    const form = reviewsSection(page).getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();
    // Into the star group, then along it with the arrow keys (a radio group): 3 -> 2 -> 1.
    await form.getByRole('radio', { name: '3 stars' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(form.getByRole('radio', { name: '1 star' })).toBeChecked();
    await form.getByLabel('Your review (optional)').fill(REVIEW_TEXT);
    await form.getByRole('button', { name: 'Post review' }).click();
    await expect(toast(page, 'Thanks for your review!')).toBeVisible();

    const own = reviewsSection(page).getByRole('region', { name: 'Your review' });
    await expect(own.getByText(REVIEW_TEXT)).toBeVisible();
    await expect(own.getByRole('img', { name: '1 out of 5 stars' })).toBeVisible();
  });

  await test.step('the average and count changed on the detail page and on the catalogue card', async () => {
    await expectAverageOnDetail(page, after.mean, after.count);
    await expectAverageOnCard(page, '/dashboard/courses', after.mean, after.count);
  });
});

test('screenshots and axe: the reviews section', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await apiToken(page.request, student.email, student.password);
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`/dashboard/course/${course._id}`);
      const section = reviewsSection(page);
      await expect(section.getByRole('region', { name: 'Your review' })).toBeVisible();
      await expect(page.getByText('Loading reviews...')).toHaveCount(0);
      await save(page, testInfo, `reviews-section-${width}-${theme}`, section);
      await expectNoBlockingViolations(page, `the course page at ${width} px (${theme})`);
    }
  }
});

test('the admin reports the review, hides it on Reported reviews, and the average goes back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin'));

  await test.step('report it from the course page', async () => {
    await page.goto(`/dashboard/admin/course/${course._id}`);
    const item = reviewsSection(page).getByRole('listitem').filter({ hasText: REVIEW_TEXT });
    await item.getByRole('button', { name: `Report the review by ${student.name}` }).click();
    await item.getByLabel('Why are you reporting this review? (optional)').fill('Testing moderation');
    await item.getByRole('button', { name: 'Send report' }).click();
    await expect(toast(page, 'Thanks. An admin will take a look at this review.')).toBeVisible();
    await expect(item.getByText('Reported', { exact: true })).toBeVisible();
  });

  await test.step('hide it on Reported reviews, reached from the sidebar', async () => {
    await page.getByRole('link', { name: 'Reported reviews' }).click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/admin/reviews'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reported reviews' })).toBeVisible();
    const entry = page
      .getByRole('list', { name: 'Reported reviews' })
      .getByRole('listitem')
      .filter({ hasText: REVIEW_TEXT })
      .first();
    await expect(entry.getByText('Testing moderation')).toBeVisible();
    await expect(entry.getByText(/^1 report,/)).toBeVisible();
    await entry
      .getByRole('button', { name: `Hide the review by ${student.name} of ${course.title}` })
      .click();
    await expect(toast(page, 'The review is hidden and no longer counts towards the rating')).toBeVisible();
    await expect(entry.getByText('Hidden', { exact: true })).toBeVisible();
    await expect(entry.getByRole('button', { name: /^Unhide the review/ })).toBeVisible();
  });

  await test.step('the average and count are back on the detail page and the card', async () => {
    await page.goto(`/dashboard/admin/course/${course._id}`);
    await expectAverageOnDetail(page, before.average, before.count);
    await expect(reviewsSection(page).getByText(REVIEW_TEXT)).toHaveCount(0);
    await expectAverageOnCard(page, '/dashboard/admin/courses', before.average, before.count);
    // And for a visitor.
    const visitor = await page.context().browser()!.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/course/${course._id}`);
    await expectAverageOnDetail(anonymous, before.average, before.count);
    await visitor.close();
  });
});

test('screenshots and axe: the reported reviews screen', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await apiToken(page.request, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/dashboard/admin/reviews');
      await expect(page.getByRole('list', { name: 'Reported reviews' })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (width === 375) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
      }
      await save(page, testInfo, `reported-reviews-${width}-${theme}`);
      await expectNoBlockingViolations(page, `Reported reviews at ${width} px (${theme})`);
    }
  }
});
