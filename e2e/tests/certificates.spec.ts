/**
 * Certificates of completion through the real UI (issue 13; docs/decisions/0037-certificates.md):
 *   - a new student signs up, enrolls in a free one-lecture course, watches it to the end, downloads the
 *     certificate from the player (its PDF, read with unpdf, names them, the course and the
 *     verification address), finds it under My Certificates, and the verification page says valid, also
 *     to a visitor without a session;
 *   - the verification page and My Certificates at 375 and 1280 px in the light and dark themes: full-page
 *     screenshots saved as test artifacts (e2e/test-results/artifacts/<test>/<screen>-<theme>-<width>.png)
 *     and axe with no serious or critical WCAG A/AA violation;
 *   - an admin revokes the certificate from its verification page, which then says revoked to everyone.
 *
 * The course is made for this run through the REST API as the demo instructor (create, add a lecture,
 * upload the demo clip through the direct-upload signature, publish), free so that enrolling needs no card.
 */
import { readFile } from 'node:fs/promises';
import { THEME_STORAGE_KEY, type Theme } from '@lectio/contracts/constants';
import { extractText, getDocumentProxy } from 'unpdf';
import { addLectureWithVideo } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signUp, toast, uniqueEmail, urlWithPath } from '../fixtures';
import { apiToken, SCREEN_WIDTHS, THEMES } from '../screens';
import { type APIRequestContext, type Browser, expect, type Page, test } from '../test';

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const COURSE_TITLE = `Certified Course ${suffix}`;
const LECTURE_TITLE = 'The whole course in one lecture';
const STUDENT = {
  name: `Certified Student ${suffix}`,
  email: uniqueEmail('certified'),
  password: 'secret-pass-1',
};

let courseId = '';
let lectureId = '';
let certificateId = '';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** A free, published course with one lecture that plays the 5 s demo clip, made as the demo instructor. */
async function createFreeCourse(
  request: APIRequestContext,
): Promise<{ courseId: string; lectureId: string }> {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: COURSE_TITLE,
      shortDescription: 'One lecture, completed for a certificate.',
      category: 'Web Development',
      level: 'Beginner',
      price: 0,
      description: 'A course made by the certificates e2e spec.',
      whatYouWillLearn: ['Earn a certificate'],
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = ((await created.json()) as { data: { course: { _id: string } } }).data.course;

  const lectureId = await addLectureWithVideo(request, headers, course._id, {
    title: LECTURE_TITLE,
    description: 'Watch it to the end.',
  });
  return { courseId: course._id, lectureId };
}

/** The file's text as a PDF reader sees it (unpdf, PDF.js), whitespace runs as one space. */
async function pdfText(file: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await readFile(file)));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A page whose context starts with `theme` saved, as a user's own choice is, before any script runs. */
async function themedPage(browser: Browser, theme: Theme, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 812 : 800 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
  return context.newPage();
}

/** Signs in through the API: the refresh cookie lands in the page's context, as after a reload. */
async function signInWithCookie(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/v1/auth/login', {
    data: { email, password, remember: true },
  });
  expect(response.status()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  ({ courseId, lectureId } = await createFreeCourse(request));
});

test('a new student completes a course, downloads a certificate naming them, and it verifies as valid', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);

  await test.step('sign up (which signs in)', async () => {
    await signUp(page, STUDENT);
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard'));
  });

  await test.step('My Certificates starts empty', async () => {
    await page.getByRole('link', { name: 'My Certificates' }).first().click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/certificates'));
    await expect(page.getByText(/You have no certificates yet/)).toBeVisible();
  });

  await test.step('enroll in the free course', async () => {
    await page.goto(`/dashboard/course/${encodeURIComponent(courseId)}`);
    await expect(page.getByRole('heading', { name: COURSE_TITLE, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Enroll Now' }).click();
    await expect(page).toHaveURL(urlWithPath(`/dashboard/checkout/${courseId}`));
    await page.getByRole('button', { name: 'Enroll for free' }).click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/mycourse'));
  });

  await test.step('watch the lecture to the end: the player offers the certificate', async () => {
    await page
      .getByRole('article', { name: COURSE_TITLE })
      .getByRole('link', { name: 'Start', exact: true })
      .click();
    await page.getByRole('link', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(urlWithPath(`/dashboard/course/${courseId}/lecture/${lectureId}`));
    await expect(page.getByRole('region', { name: 'Course complete' })).toHaveCount(0);
    const video = page.getByLabel(`Lecture video: ${LECTURE_TITLE}`);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 20_000 }).toBe(true);
    await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(page.getByRole('region', { name: 'Course complete' })).toBeVisible();
  });

  await test.step('download the certificate: the PDF names the student, the course and where to verify it', async () => {
    const notice = page.getByRole('region', { name: 'Course complete' });
    const verifyHref = await notice.getByRole('link', { name: 'View verification' }).getAttribute('href');
    certificateId = verifyHref?.split('/').pop() ?? '';
    expect(certificateId).toMatch(/^[0-9a-f-]{36}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      notice.getByRole('button', { name: 'Download certificate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `lectio-certificate-${COURSE_TITLE.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
    );
    const file = testInfo.outputPath('certificate.pdf');
    await download.saveAs(file);
    expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(file);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain(STUDENT.name);
    expect(text).toContain(COURSE_TITLE);
    expect(text).toContain(`taught by ${DEMO_ACCOUNTS.instructor.name}`);
    const baseUrl = new URL(page.url()).origin;
    expect(text).toContain(`${baseUrl}/certificates/${certificateId}`);
    await testInfo.attach('certificate.pdf', { path: file, contentType: 'application/pdf' });
  });

  await test.step('My Certificates lists it and downloads it too', async () => {
    await page.getByRole('link', { name: 'My Certificates' }).first().click();
    const item = page.getByRole('article', { name: COURSE_TITLE });
    await expect(item).toBeVisible();
    await expect(item.getByText('Valid', { exact: true })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: /^Download PDF/ }).click(),
    ]);
    const file = testInfo.outputPath('from-my-certificates.pdf');
    await download.saveAs(file);
    expect(await pdfText(file)).toContain(STUDENT.name);
  });

  await test.step('its verification page says valid', async () => {
    await page
      .getByRole('article', { name: COURSE_TITLE })
      .getByRole('link', { name: /^View verification/ })
      .click();
    await expect(page).toHaveURL(urlWithPath(`/certificates/${certificateId}`));
    await expect(page.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
    await expect(page.getByText(STUDENT.name, { exact: true })).toBeVisible();
  });

  await test.step('so it does for a visitor without a session', async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`/certificates/${certificateId}`);
    await expect(visitor.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
    await expect(visitor.getByText(COURSE_TITLE, { exact: true })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Revoke certificate' })).toHaveCount(0);
    await context.close();
  });
});

for (const theme of THEMES) {
  for (const width of SCREEN_WIDTHS) {
    test(`certificate screens at ${width} px, ${theme}: screenshots, no serious or critical axe violation`, async ({
      browser,
    }, testInfo) => {
      expect(certificateId, 'the first test issued a certificate').not.toBe('');
      const page = await themedPage(browser, theme, width);
      try {
        const shots: { name: string; path: string; ready: () => Promise<void>; signedIn: boolean }[] = [
          {
            name: 'verification',
            path: `/certificates/${certificateId}`,
            signedIn: false,
            ready: () => expect(page.getByRole('heading', { name: 'Valid certificate' })).toBeVisible(),
          },
          {
            name: 'my-certificates',
            path: '/dashboard/certificates',
            signedIn: true,
            ready: () => expect(page.getByRole('article', { name: COURSE_TITLE })).toBeVisible(),
          },
        ];
        for (const shot of shots) {
          if (shot.signedIn) await signInWithCookie(page, STUDENT.email, STUDENT.password);
          await page.goto(shot.path);
          await shot.ready();
          if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          // Nothing wider than the viewport.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          const file = testInfo.outputPath(`${shot.name}-${theme}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          await testInfo.attach(`${shot.name}-${theme}-${width}`, { path: file, contentType: 'image/png' });
          await expectNoBlockingViolations(page, `${shot.path} (${theme}, ${width} px)`);
        }
      } finally {
        await page.context().close();
      }
    });
  }
}

test('an admin revokes the certificate from its verification page; it then reads revoked', async ({
  browser,
}, testInfo) => {
  expect(certificateId, 'the first test issued a certificate').not.toBe('');
  const page = await themedPage(browser, 'light', 1280);
  try {
    await signInWithCookie(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await page.goto(`/certificates/${certificateId}`);
    await expect(page.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
    const reason = 'Revoked by the certificates e2e spec';
    await page.getByLabel('Reason for revoking').fill(reason);
    await expectNoBlockingViolations(page, 'the admin verification page');
    const file = testInfo.outputPath('verification-admin-light-1280.png');
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach('verification-admin-light-1280', { path: file, contentType: 'image/png' });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(page.getByRole('heading', { name: 'Revoked certificate' })).toBeVisible();
    await expect(page.getByText(reason, { exact: true })).toBeVisible();
    await expect(toast(page, 'The certificate was revoked')).toBeVisible();
  } finally {
    await page.context().close();
  }

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/certificates/${certificateId}`);
  await expect(visitor.getByRole('heading', { name: 'Revoked certificate' })).toBeVisible();
  await expect(visitor.getByText('Revoked by the certificates e2e spec')).toHaveCount(0);
  await visitorContext.close();
});
