import type { Course } from '@lectio/contracts/course';
import type { InstructorEarnings } from '@lectio/contracts/earnings';
import { COUPON_MESSAGES } from '@lectio/contracts/messages';
import type { PurchaseList } from '@lectio/contracts/refunds';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, signUp, toast, uniqueEmail, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { expect, type Locator, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const CODE = `HALF-${suffix}`;
const PERCENT_OFF = 50;
/** The default commission (decision 0041); test mode takes no provider fee. */
const COMMISSION_PERCENT = 20;

const buyer = {
  name: `Chitra Coupon ${suffix}`,
  email: uniqueEmail('coupon-buyer'),
  password: 'secret-pass-1',
};
/** A second new student, for the invalid code and the screenshots (the buyer has used the coupon). */
const viewer = {
  name: `Vikram Viewer ${suffix}`,
  email: uniqueEmail('coupon-viewer'),
  password: 'secret-pass-1',
};

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The course the coupon is for, found in beforeAll. */
let course = { _id: '', title: '', price: 0 };
/** A lecture of it that is not a preview: locked unless enrolled. */
let lecture = { _id: '', title: '' };
let shareLink = '';
let paymentId = '';
/** The instructor's balance before the sale, as the Earnings screen showed it, and as the API gives it. */
let balanceTextBefore = '';
let balanceBefore = 0;

/** Half the price, in major units with at most two decimals (the server rounds minor units half up). */
const half = () => Math.round(course.price * 100 * ((100 - PERCENT_OFF) / 100)) / 100;
/** The instructor's share of `amount`: the amount less the commission rounded half up to the paisa. */
const instructorShare = (amount: number) =>
  amount - Math.floor((amount * 100 * COMMISSION_PERCENT + 50) / 100) / 100;

/** The value of a figure (a description list: the term, then its value). */
function figure(scope: Page | Locator, label: string) {
  return scope.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]');
}

function sidebarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
}

function couponRow(page: Page) {
  return page.getByRole('table', { name: 'Your coupons' }).getByRole('row').filter({ hasText: CODE });
}

function purchase(page: Page) {
  return page
    .getByRole('list', { name: 'Your purchases' })
    .getByRole('article')
    .filter({ hasText: course.title });
}

async function payWithTestCard(page: Page, amount: number) {
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('button', { name: `Pay ${rupees.format(amount)}` }).click();
}

async function openEarnings(page: Page) {
  await sidebarLink(page, 'Earnings').click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/earnings'));
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  // One of the demo instructor's published paid courses with a video lecture that is not a preview (other
  // specs give the instructor courses of articles and quizzes too: those have no video to play).
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const mine = await apiGet<{ data: { courses: { _id: string; price: number; isPublished: boolean }[] } }>(
    request,
    token,
    '/instructor/courses',
  );
  for (const candidate of mine.data.courses.filter((item) => item.isPublished && item.price > 0)) {
    const detail = await apiGet<{ data: Course }>(request, null, `/courses/${candidate._id}`);
    const locked = detail.data.videos.find((video) => !video.isPreview && video.kind === 'video');
    if (locked) {
      course = {
        _id: detail.data._id,
        title: detail.data.title,
        price: detail.data.price,
      };
      lecture = { _id: locked._id, title: locked.title };
      break;
    }
  }
  if (!course._id)
    throw new Error('the demo instructor owns no published paid course with a locked video lecture');

  const signup = await request.post('/api/v1/auth/signup', {
    data: {
      name: viewer.name,
      email: viewer.email,
      password: viewer.password,
      confirmPassword: viewer.password,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
});

test('the instructor makes a 50% coupon for their course on Coupons and copies its share link', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));

  await test.step('note the balance on Earnings before the sale', async () => {
    const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
    balanceBefore = (await apiGet<InstructorEarnings>(request, token, '/earnings')).balance;
    await openEarnings(page);
    await expect(figure(page, 'Balance')).toHaveText(rupees.format(balanceBefore));
    balanceTextBefore = (await figure(page, 'Balance').textContent()) ?? '';
  });

  await test.step('create the coupon from the sidebar’s Coupons', async () => {
    await sidebarLink(page, 'Coupons').click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/coupons'));
    await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill(CODE);
    await expect(page.getByRole('radio', { name: 'Percent', exact: true })).toBeChecked();
    await page.getByLabel('Percent off', { exact: true }).fill(String(PERCENT_OFF));
    await expect(page.getByRole('radio', { name: 'One course', exact: true })).toBeChecked();
    await page.getByLabel('Course', { exact: true }).selectOption({ label: course.title });
    await page.getByRole('button', { name: 'Create coupon', exact: true }).click();
    await expect(toast(page, `Coupon ${CODE} created.`)).toBeVisible();
  });

  await test.step('the coupon is listed', async () => {
    const row = couponRow(page);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('rowheader', { name: CODE })).toBeVisible();
    await expect(row.getByText(`${PERCENT_OFF}% off`, { exact: true })).toBeVisible();
    await expect(row.getByText(course.title, { exact: true })).toBeVisible();
    await expect(row.getByText('0 used', { exact: true })).toBeVisible();
    await expect(row.getByText('Never', { exact: true })).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
  });

  await test.step('copy its share link', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await couponRow(page)
      .getByRole('button', { name: `Copy share link for coupon ${CODE}` })
      .click();
    await expect(toast(page, 'Share link copied.')).toBeVisible();
    shareLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(shareLink).toBe(`${baseURL}/course/${course._id}?coupon=${CODE}`);
  });
});

test('a new student opens the share link, checkout applies the coupon, and they pay half with the test card', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const amount = half();

  await test.step('sign up (which signs in)', async () => {
    await signUp(page, buyer);
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard'));
  });

  await test.step('the share link’s course page names the coupon, and Enroll Now carries it', async () => {
    await page.goto(shareLink);
    await expect(page.getByRole('heading', { name: course.title, level: 1 })).toBeVisible();
    await expect(
      page.getByText(`Coupon ${CODE} will be applied at checkout.`, { exact: true }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Enroll Now', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/checkout/${course._id}\\?coupon=${CODE}$`));
  });

  await test.step('checkout shows the discount, a Total of half the price and the Pay button', async () => {
    await expect(
      page.getByText(`Coupon ${CODE} applied: ${rupees.format(course.price - amount)} off`, { exact: true }),
    ).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(figure(summary, 'Price before the coupon')).toHaveText(rupees.format(course.price));
    await expect(figure(summary, 'Total')).toHaveText(rupees.format(amount));
    await expect(
      page.getByRole('button', { name: `Pay ${rupees.format(amount)}`, exact: true }),
    ).toBeVisible();
  });

  await test.step('pay with 4242 4242 4242 4242', async () => {
    await payWithTestCard(page, amount);
    await expect(page.getByText('Payment successful! Redirecting to your courses...')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/mycourse'));
  });

  await test.step('the locked lecture plays', async () => {
    await page.goto(`/dashboard/course/${course._id}/lecture/${lecture._id}`);
    await expect(page.getByLabel(`Lecture video: ${lecture.title}`)).toBeVisible();
    await expect(page.getByText('This lecture is locked')).toHaveCount(0);
  });
});

test('the payment is half the price, and the instructor’s balance rose by 80% of it', async ({
  page,
  request,
}) => {
  const amount = half();

  await test.step('the API records a payment of half the price', async () => {
    const token = await apiToken(request, buyer.email, buyer.password);
    const mine = await apiGet<PurchaseList>(request, token, '/refunds/mine');
    const bought = mine.purchases.filter((item) => item.course._id === course._id);
    expect(bought).toHaveLength(1);
    expect(bought[0]?.amount).toBe(amount);
    expect(bought[0]?.state).toBe('paid');
    paymentId = bought[0]?.paymentId ?? '';
  });

  await test.step('the instructor’s Earnings balance and the coupon’s uses', async () => {
    await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
    await openEarnings(page);
    const share = instructorShare(amount);
    await expect(figure(page, 'Balance')).toHaveText(rupees.format(balanceBefore + share));
    const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
    const after = await apiGet<InstructorEarnings>(request, token, '/earnings');
    expect(after.balance).toBeCloseTo(balanceBefore + share, 2);

    await sidebarLink(page, 'Coupons').click();
    await expect(couponRow(page).getByText('1 used', { exact: true })).toBeVisible();
  });
});

test('the admin refunds the payment in full, with a reason, from the dashboard’s transactions', async ({
  page,
}) => {
  const amount = half();
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin'));
  const link = page
    .getByRole('link', { name: `Refund the payment for ${course.title}` })
    .and(page.locator(`a[href*="paymentId=${paymentId}"]`));
  await link.click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin/refunds'));
  await expect(page.getByText(`${course.title}, bought by ${buyer.name}`, { exact: true })).toBeVisible();
  await expect(figure(page, 'Paid')).toContainText(rupees.format(amount));
  const amountField = page.getByLabel('Amount to refund (INR)');
  await expect(amountField).toHaveValue(amount.toFixed(2));
  await page.getByLabel('Reason', { exact: true }).fill('Bought with the wrong account');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(toast(page, 'The refund was made.')).toBeVisible();
  await expect(page.getByText('Nothing is left to refund on this payment.')).toBeVisible();
  await expect(figure(page, 'Refunded so far')).toHaveText(rupees.format(amount));
});

test('the student loses access and Purchases shows the refund; the balance is back to before the sale', async ({
  page,
  browser,
}) => {
  const amount = half();
  await signIn(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));

  await test.step('the lecture is locked again and the course offers Enroll Now', async () => {
    await page.goto(`/dashboard/course/${course._id}/lecture/${lecture._id}`);
    await expect(page.getByText('This lecture is locked')).toBeVisible();
    await expect(page.getByLabel(`Lecture video: ${lecture.title}`)).toHaveCount(0);
    await page.goto(`/dashboard/course/${course._id}`);
    await expect(page.getByRole('heading', { name: course.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enroll Now', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Watching' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start', exact: true })).toHaveCount(0);
  });

  await test.step('Purchases, from the sidebar, says Refunded', async () => {
    await sidebarLink(page, 'Purchases').click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/purchases'));
    const item = purchase(page);
    await expect(item.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(item.getByText(`${rupees.format(amount)} was refunded to your card.`)).toBeVisible();
  });

  await test.step('the instructor’s balance is what Earnings showed before the sale', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const instructorPage = await context.newPage();
    try {
      await signIn(instructorPage, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
      await expect(instructorPage).toHaveURL(urlWithPath('/dashboard/instructor'));
      await openEarnings(instructorPage);
      await expect(figure(instructorPage, 'Balance')).toHaveText(balanceTextBefore);
    } finally {
      await context.close();
    }
  });
});

test('an unknown code typed at checkout shows the server’s message, and the full price stays', async ({
  page,
}) => {
  await signIn(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  await page.goto(`/dashboard/checkout/${course._id}`);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Coupon code', exact: true }).fill(`NOPE-${suffix}`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: COUPON_MESSAGES.notValidHere })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Coupon code', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(
    page.getByRole('button', { name: `Pay ${rupees.format(course.price)}`, exact: true }),
  ).toBeVisible();
  await expect(figure(page, 'Price')).toHaveText(rupees.format(course.price));
  await expect(page.locator('dt', { hasText: 'Total' })).toHaveCount(0);
});

test('screenshots and axe: Coupons with the coupon and checkout with it applied, at 375 and 1280 px, light and dark', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const amount = half();
  for (const theme of THEMES) {
    for (const [who, email, password, path] of [
      ['coupons', DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD, '/dashboard/instructor/coupons'],
      ['checkout-coupon', viewer.email, viewer.password, `/dashboard/checkout/${course._id}?coupon=${CODE}`],
    ] as const) {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const page = await context.newPage();
      try {
        await useTheme(page, theme);
        await signIn(page, email, password);
        await expect(page).toHaveURL(/\/dashboard/);
        for (const width of SCREEN_WIDTHS) {
          await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
          await page.goto(path);
          if (who === 'coupons') {
            await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
            await expect(page.getByText(CODE, { exact: true })).toBeVisible();
          } else {
            await expect(
              page.getByText(`Coupon ${CODE} applied: ${rupees.format(course.price - amount)} off`),
            ).toBeVisible();
            await expect(page.getByRole('button', { name: `Pay ${rupees.format(amount)}` })).toBeVisible();
          }
          if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          const sizes = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect(sizes.scrollWidth, `horizontal overflow of ${who} at ${width} px`).toBeLessThanOrEqual(
            sizes.innerWidth,
          );
          await save(page, testInfo, `${who}-${width}-${theme}`);
          await expectNoBlockingViolations(page, `${who} at ${width} px (${theme})`);
        }
      } finally {
        await context.close();
      }
    }
  }
});
