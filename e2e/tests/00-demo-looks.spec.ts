/**
 * The demo looks like a real school (issue 24, item 5; decision 0057), on the seeded demo data:
 *   - every course card, on the landing page (and its hero) and on /courses, shows its drawn PNG
 *     thumbnail, loaded, and no 'No Image Available';
 *   - the cards' durations and the landing's hours of video are the demo lecture videos' measured
 *     lengths (packages/db/src/seed/demo-videos.ts), minutes per course;
 *   - a course page's preview loads and plays;
 * all opened on another address of the server than PUBLIC_URL (localhost instead of 127.0.0.1), where
 * the CSP used to block every media URL. Full-page screenshots of the three pages at 375 and 1280 px, light
 * and dark, are saved as test artifacts (e2e/test-results/artifacts/<test>/<page>-<width>-<theme>.png).
 *
 * The file name sorts first, so with the suite's one worker it runs on the freshly seeded demo alone:
 * later specs publish courses of their own (some without a picture) that would push demo cards off
 * /courses' first page.
 */
import { DEMO_COURSES, demoLecturesOf, demoVideoSeconds } from '@lectio/db/seed/demo';
import { SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { expect, type Page, test } from '../test';

test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** The server as a visitor may type it: the same port under the other loopback name. */
function otherAddress(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? 'http://127.0.0.1:3000');
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
}

const published = DEMO_COURSES.filter((course) => course.published);
const courseSeconds = (course: (typeof DEMO_COURSES)[number]) =>
  demoLecturesOf(course).reduce((sum, lecture) => sum + demoVideoSeconds(lecture.file), 0);

/** The card's "Duration:" figure, as the server formats a course under an hour. */
function durationText(seconds: number): string {
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** Scrolls through the page so lazy images load, then waits until no card or image is still loading. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((wake) => setTimeout(wake, 50));
    }
  });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.animate-pulse:visible')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * No course image is missing and every one on the page has loaded; the demo courses' are their drawn
 * PNGs. (Other specs may have published courses of their own, with their own pictures.)
 */
async function expectRealThumbnails(page: Page, atLeast: number): Promise<void> {
  await expect(page.getByText('No Image Available')).toHaveCount(0);
  const images = page.locator('article img, section[aria-labelledby="hero-title"] img');
  expect(await images.count()).toBeGreaterThanOrEqual(atLeast);
  for (const image of await images.all()) {
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
  }
  for (const course of published) {
    const image = page.getByRole('article', { name: course.title }).locator('img');
    if ((await image.count()) === 0) continue;
    await expect(image).toHaveAttribute('src', /demo%2Fthumbnails%2F[a-z0-9-]+\.png$/);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(640);
  }
}

test('the landing page: drawn thumbnails on every card and in the hero, real hours of video', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${otherAddress(baseURL)}/`);
  const trending = page.getByRole('region', { name: 'Trending Courses' });
  await expect(trending.getByRole('article')).toHaveCount(4);
  await settled(page);
  await expectRealThumbnails(page, 8);
  await expect(page.locator('section[aria-labelledby="hero-title"] img')).toHaveCount(4);
  // The tagline's flame is drawn, not an emoji a machine may lack.
  await expect(trending.getByRole('img', { name: 'popular' })).toBeVisible();

  const seconds = published.reduce((sum, course) => sum + courseSeconds(course), 0);
  const hours = Math.floor((seconds / 3600) * 10) / 10;
  expect(hours, 'the demo has more than a few minutes of video').toBeGreaterThanOrEqual(0.5);
  const figures = page.getByRole('definition');
  const terms = await page.getByRole('term').allTextContents();
  const value = (await figures.allTextContents())[terms.indexOf('Hours of video')] ?? '';
  // At least the demo's own hours (other specs may have added a few seconds of video).
  expect(Number(value.replace(/,/g, '')), value).toBeGreaterThanOrEqual(hours);
  expect(value).not.toContain('<');
});

test('/courses: every card shows its drawn thumbnail and its lectures’ real length in minutes', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${otherAddress(baseURL)}/courses`);
  for (const course of published)
    await expect(page.getByRole('article', { name: course.title })).toBeVisible();
  await settled(page);
  await expectRealThumbnails(page, published.length);
  for (const course of published) {
    const seconds = courseSeconds(course);
    expect(seconds, course.title).toBeGreaterThanOrEqual(60);
    const card = page.getByRole('article', { name: course.title });
    await expect(card.getByText(/^Duration:/)).toHaveText(`Duration: ${durationText(seconds)}`);
  }
});

test('a course page: the preview loads and plays', async ({ page, baseURL }) => {
  const course = published[0];
  if (!course) throw new Error('The demo has no published course');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${otherAddress(baseURL)}/courses`);
  await settled(page);
  await page
    .getByRole('article', { name: course.title })
    .getByRole('link', { name: course.title, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: course.title, level: 1 })).toBeVisible();
  const video = page.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  const intro = demoLecturesOf(course)[0];
  if (!intro) throw new Error(`${course.title} has no lecture`);
  expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(
    demoVideoSeconds(intro.file),
  );
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshots at ${width} px, ${theme}: landing, /courses, a course page`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      const origin = otherAddress(baseURL);
      await page.goto(`${origin}/`);
      await expect(page.getByRole('region', { name: 'Trending Courses' }).getByRole('article')).toHaveCount(
        4,
      );
      await settled(page);
      await save(page, testInfo, `landing-${width}-${theme}`);

      await page.goto(`${origin}/courses`);
      await expect(page.getByRole('article').nth(published.length - 1)).toBeVisible();
      await settled(page);
      await save(page, testInfo, `courses-${width}-${theme}`);

      await page.getByRole('article').first().getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const video = page.locator('video');
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);
      await save(page, testInfo, `course-${width}-${theme}`);
    });
  }
}
