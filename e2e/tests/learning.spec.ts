/**
 * Buying and watching a course through the real UI (issue 4; spec sections 2, 4, 5, 8 and 9), with the
 * server in test payment mode:
 *   - a student buys a paid one-lecture course with 4242 4242 4242 4242, lands on My courses, opens the
 *     lecture, plays it, reloads and resumes near the same position, watches to the end and sees the
 *     course progress reach 100%;
 *   - a declined card (4000 0000 0000 0002) shows the decline message and enrolls nothing;
 *   - a visitor's 'Login to Enroll' goes to /signin and back to the course after signing in.
 *
 * The course is made for this run through the REST API as the demo instructor (create, add a lecture,
 * upload the demo clip through the direct-upload signature, publish), so nothing depends on which seeded
 * courses the demo student already owns. Each buyer is a new account, signed up through the API.
 */

import { addLectureWithVideo, VIDEO_SECONDS } from '../api-setup';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  signIn,
  submitSignInForm,
  uniqueEmail,
  urlWithPath,
} from '../fixtures';
import { apiToken } from '../screens';
import { type APIRequestContext, expect, type Page, test } from '../test';

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const COURSE_TITLE = `Checkout Flow ${suffix}`;
const LECTURE_TITLE = 'The only lecture';
const PRICE = 299;

let courseId = '';
let lectureId = '';

test.describe.configure({ mode: 'serial' });

/** A paid, published course with one lecture that plays the 5 s demo clip, made as the demo instructor. */
async function createOneLectureCourse(
  request: APIRequestContext,
): Promise<{ courseId: string; lectureId: string }> {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };

  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: COURSE_TITLE,
      shortDescription: 'One lecture, bought and watched end to end.',
      category: 'Web Development',
      level: 'Beginner',
      price: PRICE,
      description: 'A course made by the learning e2e spec.',
      whatYouWillLearn: ['Pay with a test card'],
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

/** Signs a new student up through the API and in through the form; resolves on their dashboard. */
async function signInAsNewStudent(page: Page, label: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(label);
  const password = 'secret-pass-1';
  const signup = await page.request.post('/api/v1/auth/signup', {
    data: { name: `Buyer ${label}`, email, password, confirmPassword: password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await signIn(page, email, password);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  return { email, password };
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
}

function lectureVideo(page: Page) {
  return page.getByLabel(`Lecture video: ${LECTURE_TITLE}`);
}

function courseProgressBar(page: Page) {
  return page.getByRole('progressbar', { name: 'Course progress' });
}

test.beforeAll(async ({ request }) => {
  ({ courseId, lectureId } = await createOneLectureCourse(request));
});

test('a student buys the course with 4242 4242 4242 4242, watches it, resumes after a reload and completes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const buyer = await signInAsNewStudent(page, 'buyer');

  await test.step('checkout from the course page', async () => {
    await page.goto(`/dashboard/course/${encodeURIComponent(courseId)}`);
    await expect(page.getByRole('heading', { name: COURSE_TITLE, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Enroll Now' }).click();
    await expect(page).toHaveURL(urlWithPath(`/dashboard/checkout/${courseId}`));
    await expect(page.getByText('Test mode: no real charges')).toBeVisible();

    const pay = page.getByRole('button', { name: 'Pay ₹299.00' });
    await expect(pay).toBeDisabled();
    await fillCard(page, '4242424242424242');
    await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
    await expect(pay).toBeEnabled();
    await pay.click();

    await expect(page.getByText('Payment successful! Redirecting to your courses...')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/mycourse'));
  });

  await test.step('My courses lists it; Start (nothing watched yet) opens the lecture', async () => {
    const card = page.getByRole('article', { name: COURSE_TITLE });
    await expect(card).toBeVisible();
    const watch = card.getByRole('link', { name: 'Start', exact: true });
    await expect(watch).toHaveAttribute('href', `/dashboard/course/${courseId}`);
    await watch.click();
    await expect(page).toHaveURL(urlWithPath(`/dashboard/course/${courseId}`));
    await page.getByRole('link', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(urlWithPath(`/dashboard/course/${courseId}/lecture/${lectureId}`));
    await expect(page.getByRole('heading', { name: LECTURE_TITLE, level: 1 })).toBeVisible();
    await expect(courseProgressBar(page)).toHaveAttribute('aria-valuenow', '0');
  });

  let pausedAt = 0;
  await test.step('play part of the lecture', async () => {
    const video = lectureVideo(page);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // Paused in the page as soon as it passes 2 s (a poll from the test could land seconds later on a busy machine).
    pausedAt = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          v.addEventListener('timeupdate', function pauseOnce() {
            if (v.currentTime <= 2) return;
            v.pause();
            v.removeEventListener('timeupdate', pauseOnce);
            resolve(v.currentTime);
          });
          v.muted = true;
          v.play().catch(reject);
        }),
    );
    expect(pausedAt).toBeGreaterThan(2);
    expect(pausedAt).toBeLessThan(VIDEO_SECONDS - 1);
  });

  await test.step('reload and resume near the same position', async () => {
    await page.reload();
    const video = lectureVideo(page);
    await expect(video).toBeVisible();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5_000 })
      .toBeGreaterThan(pausedAt - 0.5);
    const resumedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(Math.abs(resumedAt - pausedAt)).toBeLessThan(1);
  });

  await test.step('watch to the end: the course reaches 100%', async () => {
    const video = lectureVideo(page);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 }).toBe(true);
    await expect(courseProgressBar(page)).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('100% complete')).toBeVisible();
    const current = page
      .getByRole('navigation', { name: 'Lectures' })
      .getByRole('link', { name: new RegExp(LECTURE_TITLE) });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current.getByText('Completed')).toBeAttached();
  });

  await test.step('the server recorded the whole lecture as completed', async () => {
    const token = await apiToken(page.request, buyer.email, buyer.password);
    const response = await page.request.get(`/api/v1/progress/course/${encodeURIComponent(courseId)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const progress = (await response.json()) as {
      progress: { completionPercentage: number; lectures: { watchedDuration: number; completed: boolean }[] };
    };
    expect(progress.progress.completionPercentage).toBe(100);
    expect(progress.progress.lectures).toEqual([
      expect.objectContaining({ watchedDuration: VIDEO_SECONDS, completed: true }),
    ]);
  });
});

test('a declined card shows the decline message and enrolls nothing', async ({ page }) => {
  await signInAsNewStudent(page, 'declined');
  await page.goto(`/dashboard/checkout/${encodeURIComponent(courseId)}`);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay ₹299.00' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page).toHaveURL(urlWithPath(`/dashboard/checkout/${courseId}`));
  await expect(page.getByText('Payment successful! Redirecting to your courses...')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay ₹299.00' })).toBeEnabled();

  await page.goto('/dashboard/mycourse');
  await expect(page.getByText("You haven't purchased any courses yet.")).toBeVisible();
  await page.goto(`/dashboard/course/${encodeURIComponent(courseId)}`);
  await expect(page.getByRole('link', { name: 'Enroll Now' })).toBeVisible();
});

test("a visitor's 'Login to Enroll' leads to /signin and back to the course after signing in", async ({
  page,
}) => {
  await page.goto(`/course/${encodeURIComponent(courseId)}`);
  await expect(page.getByRole('heading', { name: COURSE_TITLE, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Login to Enroll' }).click();
  await expect(page).toHaveURL(urlWithPath('/signin'));
  expect(new URL(page.url()).searchParams.get('from')).toBe(`/course/${courseId}`);

  await submitSignInForm(page, DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath(`/course/${courseId}`));
  await expect(page.getByRole('heading', { name: COURSE_TITLE, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute(
    'href',
    `/dashboard/checkout/${courseId}`,
  );
});
