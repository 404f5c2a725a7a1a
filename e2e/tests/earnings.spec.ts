import type { InstructorEarnings, PlatformRevenue } from '@lectio/contracts/earnings';
import { buyAsNewStudent } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The value of a figure card (a description list: the term, then its value). */
function card(page: Page, label: string) {
  return page.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]');
}

test('the instructor’s earnings are the ledger’s, and a new sale adds 80% of its price', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  const before = await apiGet<InstructorEarnings>(request, token, '/earnings');
  // The demo seed records its purchases in the ledger, so the demo instructor has sales.
  expect(before.sales).toBeGreaterThan(0);

  await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/earnings'));
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(card(page, 'Balance')).toHaveText(rupees.format(before.balance));
  await expect(card(page, 'Paid out')).toHaveText(rupees.format(before.paid));

  // A new sale of one of their paid, published courses.
  const mine = await apiGet<{ data: { courses: { _id: string; price: number; isPublished: boolean }[] } }>(
    request,
    token,
    '/instructor/courses',
  );
  const course = mine.data.courses.find((candidate) => candidate.isPublished && candidate.price > 0);
  if (!course) throw new Error('the demo instructor owns no published paid course');
  // A new student buys it through the API (the checkout UI is covered by the refunds spec).
  await buyAsNewStudent(request, course._id, { name: 'Esha Earner', label: 'earnings-buyer' });

  await page.reload();
  const share = course.price - Math.floor((course.price * 100 * 20 + 50) / 100) / 100;
  await expect(card(page, 'Balance')).toHaveText(rupees.format(before.balance + share));
  const after = await apiGet<InstructorEarnings>(request, token, '/earnings');
  expect(after.sales).toBe(before.sales + 1);
  expect(after.balance).toBeCloseTo(before.balance + share, 2);
});

test('the admin’s revenue is the ledger’s, and the commission for new sales can be changed', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  const revenue = await apiGet<PlatformRevenue>(request, token, '/earnings/platform');
  expect(revenue.grossSales).toBeGreaterThan(0);

  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin'));
  await page.goto('/dashboard/admin/revenue');
  await expect(page.getByRole('heading', { name: 'Revenue', level: 1 })).toBeVisible();
  await expect(card(page, 'Gross sales')).toHaveText(rupees.format(revenue.grossSales));
  await expect(card(page, 'Owed to instructors')).toHaveText(rupees.format(revenue.owedToInstructors));

  const field = page.getByLabel('Commission (percent)');
  await expect(field).toHaveValue(String(revenue.feePercent));
  try {
    await field.fill('25');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await expect(toast(page, 'The commission for new sales is now 25%.')).toBeVisible();
    expect((await apiGet<PlatformRevenue>(request, token, '/earnings/platform')).feePercent).toBe(25);
  } finally {
    // Other specs' sales expect the default rate.
    const reset = await request.put('/api/v1/earnings/platform/fee', {
      headers: { Authorization: `Bearer ${token}` },
      data: { percent: 20 },
    });
    expect(reset.status()).toBe(200);
  }
});

for (const theme of THEMES) {
  for (const width of SCREEN_WIDTHS) {
    test(`earnings and revenue at ${width} px, ${theme}: screenshots, no serious or critical axe violation`, async ({
      browser,
    }, testInfo) => {
      for (const [account, path, heading, name] of [
        [DEMO_ACCOUNTS.instructor, '/dashboard/instructor/earnings', 'Earnings', 'earnings'],
        [DEMO_ACCOUNTS.admin, '/dashboard/admin/revenue', 'Revenue', 'revenue'],
      ] as const) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        try {
          await useTheme(page, theme);
          await signIn(page, account.email, DEMO_PASSWORD);
          await expect(page).toHaveURL(/\/dashboard/);
          await page.goto(path);
          await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
          await expect(page.getByRole('status').filter({ hasText: 'Up to date' })).toBeVisible();
          if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          const sizes = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect(sizes.scrollWidth, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(
            sizes.innerWidth,
          );
          await save(page, testInfo, `${name}-${width}-${theme}`);
          await expectNoBlockingViolations(page, `${path} at ${width} px (${theme})`);
        } finally {
          await context.close();
        }
      }
    });
  }
}
