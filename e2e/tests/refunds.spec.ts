/**
 * Refunds that revoke access, through the real UI (issue 14, item 3; decision 0040), with the server in
 * test payment mode:
 *   - a new student buys a paid course with 4242 4242 4242 4242 on the checkout page and can watch its
 *     lecture, then asks for a refund on Purchases (reached from the sidebar);
 *   - the demo admin approves the request on Refunds (from the sidebar);
 *   - the student's lecture is locked again on the next visit, and Purchases says "Refunded";
 *   - screenshots of both screens while the request is open (the admin's opened from a payment, with its
 *     refund form) at 375 and 1280 px, light and dark, each with axe (WCAG A/AA): no serious or critical
 *     violation.
 *
 * The course (one lecture with the demo clip) is made for this run through the REST API as the demo
 * instructor, so nothing depends on what the seeded accounts own.
 */

import { addLectureWithVideo } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast, uniqueEmail, urlWithPath } from '../fixtures';
import { apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const COURSE_TITLE = `Refundable Course ${suffix}`;
const LECTURE_TITLE = 'The paid lecture';
const PRICE = 349;

const student = { email: uniqueEmail('refunder'), password: 'secret-pass-1', name: `Rafi Refund ${suffix}` };
let courseId = '';
let lectureId = '';

/** A paid, published course with one (non-preview) lecture playing the demo clip, as the demo instructor. */
async function createCourse(request: APIRequestContext) {
  const headers = {
    Authorization: `Bearer ${await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD)}`,
  };
  const created = await request.post('/api/v1/courses', {
    headers,
    data: {
      title: COURSE_TITLE,
      shortDescription: 'Bought, refunded, locked again.',
      category: 'Web Development',
      level: 'Beginner',
      price: PRICE,
      description: 'A course made by the refunds e2e spec.',
      whatYouWillLearn: ['Ask for a refund'],
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
  lectureId = await addLectureWithVideo(request, headers, courseId, {
    title: LECTURE_TITLE,
    description: 'Only for buyers.',
  });
}

function purchase(page: Page) {
  return page
    .getByRole('list', { name: 'Your purchases' })
    .getByRole('article')
    .filter({ hasText: COURSE_TITLE });
}

function request(page: Page) {
  return page
    .getByRole('list', { name: 'Refunds and requests' })
    .getByRole('listitem')
    .filter({ hasText: student.name })
    .filter({ hasText: COURSE_TITLE });
}

test.beforeAll(async ({ request: api }) => {
  await createCourse(api);
  const signup = await api.post('/api/v1/auth/signup', {
    data: {
      name: student.name,
      email: student.email,
      password: student.password,
      confirmPassword: student.password,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
});

test('a student buys the course with the test card, watches it, and asks for a refund on Purchases', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));

  await test.step('buy with 4242 4242 4242 4242', async () => {
    await page.goto(`/dashboard/checkout/${courseId}`);
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
    await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: `Pay ₹${PRICE}.00` }).click();
    await expect(page.getByText('Payment successful! Redirecting to your courses...')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/mycourse'));
  });

  await test.step('the lecture plays', async () => {
    await page.goto(`/dashboard/course/${courseId}/lecture/${lectureId}`);
    await expect(page.getByLabel(`Lecture video: ${LECTURE_TITLE}`)).toBeVisible();
    await expect(page.getByText('This lecture is locked')).toHaveCount(0);
  });

  await test.step('ask for a refund on Purchases, from the sidebar', async () => {
    await page.getByRole('link', { name: 'Purchases' }).click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/purchases'));
    await expect(page.getByRole('heading', { level: 1, name: 'Purchases' })).toBeVisible();
    const item = purchase(page);
    await expect(item.getByText('Paid', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: `Request a refund for ${COURSE_TITLE}` }).click();
    await item.getByLabel('Why would you like a refund?').fill('It is not what I expected');
    await item.getByRole('button', { name: 'Send request' }).click();
    await expect(toast(page, 'Your refund request was sent. You will see the decision here.')).toBeVisible();
    await expect(item.getByText(/^Refund requested on .*: waiting for a decision\.$/)).toBeVisible();
    await expect(item.getByRole('button', { name: /Request a refund/ })).toHaveCount(0);
  });
});

test('screenshots and axe with the request open: Purchases and Refunds at 375 and 1280 px, light and dark', async ({
  browser,
  request: api,
}, testInfo) => {
  test.setTimeout(150_000);
  // The admin's screen as a transaction's "Refund" link opens it: the payment looked up, with its form.
  const mine = await api.get('/api/v1/refunds/mine', {
    headers: { Authorization: `Bearer ${await apiToken(api, student.email, student.password)}` },
  });
  expect(mine.status(), await mine.text()).toBe(200);
  const paymentId = ((await mine.json()) as { purchases: { paymentId: string }[] }).purchases[0]?.paymentId;
  expect(paymentId).toBeTruthy();
  for (const theme of THEMES) {
    for (const [who, email, password, path, ready] of [
      ['purchases', student.email, student.password, '/dashboard/purchases', /waiting for a decision/],
      [
        'admin-refunds',
        DEMO_ACCOUNTS.admin.email,
        DEMO_PASSWORD,
        `/dashboard/admin/refunds?paymentId=${paymentId}`,
        'Amount to refund (INR)',
      ],
    ] as const) {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const page = await context.newPage();
      await useTheme(page, theme);
      await signIn(page, email, password);
      await expect(page).toHaveURL(/\/dashboard/);
      for (const width of SCREEN_WIDTHS) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(path);
        await expect(page.getByText(/^Loading (your purchases|refunds)…$/)).toHaveCount(0);
        if (typeof ready === 'string') await expect(page.getByLabel(ready)).toBeVisible();
        else await expect(page.getByText(ready).first()).toBeVisible();
        // In the main region: the bell's closed panel also names the course (the purchase notification).
        await expect(page.getByRole('main').getByText(COURSE_TITLE).first()).toBeVisible();
        await save(page, testInfo, `${who}-${width}-${theme}`);
        await expectNoBlockingViolations(page, `${who} at ${width} px (${theme})`);
      }
      await context.close();
    }
  }
});

test('the admin approves the request on Refunds', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin'));
  await page.getByRole('link', { name: 'Refunds', exact: true }).click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin/refunds'));
  const item = request(page);
  await expect(item.getByText('It is not what I expected')).toBeVisible();
  await expect(item.getByText('Requested', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: `Approve the refund for ${student.name}, ${COURSE_TITLE}` }).click();
  await expect(toast(page, 'The refund was made.')).toBeVisible();
  await expect(item.getByText('Refunded', { exact: true })).toBeVisible();
});

test('the student’s lecture is locked again and Purchases says Refunded', async ({ page }) => {
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  await page.goto(`/dashboard/course/${courseId}/lecture/${lectureId}`);
  await expect(page.getByText('This lecture is locked')).toBeVisible();
  await expect(page.getByLabel(`Lecture video: ${LECTURE_TITLE}`)).toHaveCount(0);
  await page.goto('/dashboard/purchases');
  const item = purchase(page);
  await expect(item.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(item.getByText(`₹${PRICE}.00 was refunded to your card.`)).toBeVisible();
});
