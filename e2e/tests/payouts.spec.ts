import type { InstructorEarnings } from '@lectio/contracts/earnings';
import type { OwedInstructor, Payout } from '@lectio/contracts/payouts';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo, test } from '../test';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const INSTRUCTOR = DEMO_ACCOUNTS.instructor;
const ADMIN = DEMO_ACCOUNTS.admin;
const EARNINGS_PATH = '/dashboard/instructor/earnings';
const REVENUE_PATH = '/dashboard/admin/revenue';
/** The set-up state's heading line, after a decorative (aria-hidden) check mark. */
const PAYOUTS_SET_UP = /^\W*Payouts are set up$/;

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The payout the admin made, as the API lists it (set by the second test). */
let payout: Payout | null = null;

/** The demo instructor as `GET /payouts/owed` (admins) lists them. */
async function owedToInstructor(request: APIRequestContext): Promise<OwedInstructor> {
  const token = await apiToken(request, ADMIN.email, DEMO_PASSWORD);
  const owed = await apiGet<{ instructors: OwedInstructor[] }>(request, token, '/payouts/owed');
  const mine = owed.instructors.find((instructor) => instructor.email === INSTRUCTOR.email);
  if (!mine) throw new Error(`GET /payouts/owed does not list ${INSTRUCTOR.email}`);
  return mine;
}

async function instructorEarnings(request: APIRequestContext): Promise<InstructorEarnings> {
  const token = await apiToken(request, INSTRUCTOR.email, DEMO_PASSWORD);
  return apiGet<InstructorEarnings>(request, token, '/earnings');
}

/** The value of a figure: the `dd` after the `dt` reading exactly `label`. */
function figure(scope: Page | Locator, label: string): Locator {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
}

function sidebarLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
}

function payoutsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Payouts', exact: true });
}

function owedSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Payouts owed', exact: true });
}

function recentSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Recent payouts', exact: true });
}

/** The demo instructor's entry in the admin's "Instructors owed" list. */
function owedItem(page: Page): Locator {
  return owedSection(page)
    .getByRole('list', { name: 'Instructors owed' })
    .getByRole('listitem')
    .filter({ hasText: INSTRUCTOR.email });
}

function madePayout(): Payout {
  if (!payout) throw new Error('no payout was made: the admin test failed or did not run');
  return payout;
}

async function saveSection(section: Locator, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await section.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function expectNoHorizontalOverflow(page: Page, where: string) {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(sizes.scrollWidth, `horizontal overflow of ${where}`).toBeLessThanOrEqual(sizes.innerWidth);
}

test('the instructor sets up payouts from Earnings, and the section says payouts are set up', async ({
  page,
  request,
}) => {
  const before = await instructorEarnings(request);
  expect(before.payoutAccount, 'the demo instructor starts without a payout account').toBeNull();

  await signIn(page, INSTRUCTOR.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
  await sidebarLink(page, 'Earnings').click();
  await expect(page).toHaveURL(urlWithPath(EARNINGS_PATH));
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();

  const section = payoutsSection(page);
  await expect(
    section.getByText(/^Your share of each sale is sent to your bank account through Stripe/),
  ).toBeVisible();
  await expect(section.getByText('No payouts yet', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up payouts', exact: true }).click();

  await expect(page).toHaveURL(urlWithPath(EARNINGS_PATH));
  await expect(page).toHaveURL(/\?onboarding=return$/);
  await expect(section.getByText(PAYOUTS_SET_UP)).toBeVisible();
  await expect(
    section.getByText('What is available is sent to your bank account when the platform pays out.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(section.getByRole('button', { name: /set up payouts/i })).toHaveCount(0);

  const token = await apiToken(request, INSTRUCTOR.email, DEMO_PASSWORD);
  const { account } = await apiGet<{ account: { status: string; payoutsEnabled: boolean } | null }>(
    request,
    token,
    '/payouts/account',
  );
  expect(account).toMatchObject({ status: 'active', payoutsEnabled: true });
});

test('the admin pays the instructor what is available from Revenue, and Recent payouts lists it as Paid', async ({
  page,
  request,
}) => {
  const owed = await owedToInstructor(request);
  // The seed's sales are spread over past months, so most of the balance is past the refund window.
  expect(owed.available, `what ${INSTRUCTOR.email} can be paid (GET /payouts/owed)`).toBeGreaterThan(0);
  expect(owed.account).toMatchObject({ status: 'active', payoutsEnabled: true });
  const amount = rupees.format(owed.available);

  await signIn(page, ADMIN.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin'));
  await sidebarLink(page, 'Revenue').click();
  await expect(page).toHaveURL(urlWithPath(REVENUE_PATH));
  await expect(page.getByRole('heading', { name: 'Revenue', level: 1 })).toBeVisible();

  const item = owedItem(page);
  await test.step('Payouts owed lists the instructor with the API’s figures', async () => {
    await expect(item).toHaveCount(1);
    await expect(item.getByText(INSTRUCTOR.name, { exact: true })).toBeVisible();
    await expect(figure(item, 'Balance')).toHaveText(rupees.format(owed.balance));
    await expect(figure(item, 'Pending')).toHaveText(rupees.format(owed.pending));
    await expect(figure(item, 'Available')).toHaveText(amount);
    await expect(figure(item, 'Paid so far')).toHaveText(rupees.format(owed.paid));
    await expect(figure(item, 'Payout account')).toHaveText('Active');
  });

  await test.step(`pay ${amount}`, async () => {
    const pay = item.getByRole('button', { name: `Pay ${amount} to ${INSTRUCTOR.name}`, exact: true });
    await expect(pay).toHaveText(`Pay ${amount}`);
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(toast(page, `Paid out ${amount}.`)).toBeVisible();
  });

  const after = await owedToInstructor(request);
  await test.step('the API records a paid transfer of that amount', async () => {
    const token = await apiToken(request, ADMIN.email, DEMO_PASSWORD);
    const list = await apiGet<{ payouts: Payout[] }>(
      request,
      token,
      `/payouts?instructorId=${owed.instructorId}`,
    );
    const newest = list.payouts[0];
    expect(newest).toMatchObject({ amount: owed.available, status: 'paid', reversed: 0 });
    expect(newest?.transferId).toMatch(/^tr_test_/);
    payout = newest ?? null;
    expect(after.paid).toBeCloseTo(owed.paid + owed.available, 2);
    expect(after.available).toBe(0);
  });

  await test.step('Recent payouts lists it first, as Paid', async () => {
    const newestRow = recentSection(page).getByRole('table').getByRole('row').nth(1);
    await expect(newestRow.getByRole('rowheader', { name: INSTRUCTOR.name, exact: true })).toBeVisible();
    await expect(newestRow.getByRole('cell', { name: amount, exact: true })).toBeVisible();
    await expect(newestRow.getByText('Paid', { exact: true })).toBeVisible();
  });

  await test.step('nothing is left to pay the instructor', async () => {
    const nothing = rupees.format(after.available);
    await expect(figure(item, 'Available')).toHaveText(nothing);
    await expect(figure(item, 'Paid so far')).toHaveText(rupees.format(after.paid));
    await expect(figure(item, 'Balance')).toHaveText(rupees.format(after.balance));
    await expect(
      item.getByRole('button', { name: `Pay ${nothing} to ${INSTRUCTOR.name}`, exact: true }),
    ).toBeDisabled();
  });
});

test('the instructor’s Earnings lists the payout, and Paid out is the API’s', async ({ page, request }) => {
  const made = madePayout();
  const earnings = await instructorEarnings(request);
  expect(earnings.paid).toBeGreaterThanOrEqual(made.amount);

  await signIn(page, INSTRUCTOR.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
  await sidebarLink(page, 'Earnings').click();
  await expect(page).toHaveURL(urlWithPath(EARNINGS_PATH));
  await expect(figure(page, 'Paid out')).toHaveText(rupees.format(earnings.paid));
  await expect(figure(page, 'Available')).toHaveText(rupees.format(earnings.available));

  const section = payoutsSection(page);
  await expect(section.getByText(PAYOUTS_SET_UP)).toBeVisible();
  const row = section
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: made.transferId ?? '' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: rupees.format(made.amount), exact: true })).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByText(/^tr_test_\S+$/)).toHaveText(made.transferId ?? '');
});

for (const theme of THEMES) {
  test(`payouts at 375 and 1280 px, ${theme}: screenshots, no serious or critical axe violation`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const made = madePayout();
    for (const [who, account, path] of [
      ['instructor', INSTRUCTOR, EARNINGS_PATH],
      ['admin', ADMIN, REVENUE_PATH],
    ] as const) {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const page = await context.newPage();
      try {
        await useTheme(page, theme);
        await signIn(page, account.email, DEMO_PASSWORD);
        await expect(page).toHaveURL(/\/dashboard/);
        for (const width of SCREEN_WIDTHS) {
          await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
          await page.goto(path);
          if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          // The payout is on screen once the payouts list has loaded: as a table row or, below md, a block.
          if (who === 'instructor') {
            const section = payoutsSection(page);
            await expect(section.getByText(PAYOUTS_SET_UP)).toBeVisible();
            await expect(
              section.getByText(made.transferId ?? '', { exact: true }).filter({ visible: true }),
            ).toHaveCount(1);
            await expectNoHorizontalOverflow(page, `${path} at ${width} px`);
            await saveSection(section, testInfo, `instructor-payouts-${width}-${theme}`);
          } else {
            await expect(figure(owedItem(page), 'Payout account')).toHaveText('Active');
            await expect(
              recentSection(page).getByText(INSTRUCTOR.name, { exact: true }).filter({ visible: true }),
            ).toHaveCount(1);
            await expectNoHorizontalOverflow(page, `${path} at ${width} px`);
            await saveSection(owedSection(page), testInfo, `admin-payouts-owed-${width}-${theme}`);
            await saveSection(recentSection(page), testInfo, `admin-recent-payouts-${width}-${theme}`);
          }
          await expectNoBlockingViolations(page, `${path} at ${width} px (${theme})`);
        }
      } finally {
        await context.close();
      }
    }
  });
}
