/**
 * The admin screens against the production build and the demo seed (spec sections 2, 4 and 9): the
 * dashboard's cards, lists and charts match GET /admin/overview (read with the admin's own token) and the
 * seed's stable facts; suspending a user ends their open session at once and stops them signing in until
 * they are activated again; a role change moves a user to another section; the engagement screen draws.
 */
import { AUTH_MESSAGES, CONFIRMATIONS } from '@lectio/contracts/messages';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  freshPage,
  signIn,
  signUp,
  toast,
  uniqueEmail,
  urlWithPath,
} from '../fixtures';
import { expect, type Page, test } from '../test';

// Charts draw without animation for users who prefer reduced motion; the tests are such users.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

interface AdminOverview {
  totalCourses: number;
  totalStudents: number;
  totalInstructors: number;
  monthlyRevenue: { _id: string; revenue: number }[];
  newUsers: { _id: string; count: number }[];
  topCourses: { courseId: string; title: string; instructor: string; enrollments: number }[];
  recentTransactions: { _id: string; course: { title: string }; createdAt: string; amount: number }[];
}

// The platform currency, as the admin screens show it (docs/ARCHITECTURE.md: INR, 2 decimals, en-IN).
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const counts = new Intl.NumberFormat('en-IN');

/** Signs the admin in through the UI and returns the access token the app received. */
async function signInAsAdmin(page: Page): Promise<string> {
  const login = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/auth/login') && response.request().method() === 'POST',
  );
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  const body = (await (await login).json()) as { accessToken: string };
  await expect(page).toHaveURL(urlWithPath('/dashboard/admin'));
  return body.accessToken;
}

async function adminGet<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The value of a figure card (a <dt>/<dd> pair) by its label. */
function card(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .first();
}

/** Signs up a fresh student through the UI, which leaves them signed in; returns their name and e-mail. */
async function newStudent(page: Page, label: string) {
  const user = {
    name: `E2E ${label} ${Date.now().toString(36)}`,
    email: uniqueEmail(label),
    password: DEMO_PASSWORD,
  };
  await signUp(page, user);
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  return user;
}

function userRow(page: Page, email: string) {
  return page
    .getByRole('list', { name: 'Recently Registered Users' })
    .getByRole('listitem')
    .filter({ hasText: email });
}

/** Answers the next window.confirm, checking its text. */
function answerConfirm(page: Page, expected: string, accept: boolean) {
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe(expected);
    await (accept ? dialog.accept() : dialog.dismiss());
  });
}

test.describe('admin dashboard', () => {
  test('cards and lists match the overview API and the demo seed; the charts draw', async ({ page }) => {
    const token = await signInAsAdmin(page);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
    await expect(page.getByText('Overview of platform activity & revenue')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Up to date' })).toBeVisible();

    const overview = await adminGet<AdminOverview>(page, token, '/admin/overview');

    // Stable facts of the demo seed: ten courses by two instructors, purchases over six months.
    expect(overview.totalCourses).toBeGreaterThanOrEqual(10);
    expect(overview.totalInstructors).toBeGreaterThanOrEqual(2);
    expect(overview.totalStudents).toBeGreaterThanOrEqual(9);
    expect(overview.monthlyRevenue).toHaveLength(6);
    expect(overview.newUsers).toHaveLength(7);
    expect(overview.topCourses.length).toBeGreaterThan(0);
    expect(overview.recentTransactions.length).toBeGreaterThan(0);
    // The card shows this month's revenue, the chart's last point.
    const monthlyRevenue = overview.monthlyRevenue.at(-1)?.revenue ?? Number.NaN;
    expect(monthlyRevenue).toBeGreaterThanOrEqual(0);

    await expect(card(page, 'Total Courses')).toHaveText(counts.format(overview.totalCourses));
    await expect(card(page, 'Total Students')).toHaveText(counts.format(overview.totalStudents));
    await expect(card(page, 'Total Instructors')).toHaveText(counts.format(overview.totalInstructors));
    await expect(card(page, 'Monthly Revenue')).toHaveText(rupees.format(monthlyRevenue));

    const top = page.getByRole('region', { name: 'Top Courses by Enrollments' }).getByRole('listitem');
    await expect(top).toHaveCount(overview.topCourses.length);
    for (const [index, course] of overview.topCourses.entries()) {
      await expect(top.nth(index)).toContainText(course.title);
      await expect(top.nth(index)).toContainText(course.instructor);
      await expect(top.nth(index)).toContainText(
        `${course.enrollments} ${course.enrollments === 1 ? 'student' : 'students'}`,
      );
    }
    // The seeded courses are taught by the two demo instructors.
    await expect(top.first()).toContainText(
      new RegExp(`${DEMO_ACCOUNTS.instructor.name}|${DEMO_ACCOUNTS.instructor2.name}`),
    );

    const transactions = page.getByRole('region', { name: 'Recent Transactions' }).getByRole('listitem');
    await expect(transactions).toHaveCount(overview.recentTransactions.length);
    for (const [index, transaction] of overview.recentTransactions.entries()) {
      await expect(transactions.nth(index)).toContainText(transaction.course.title);
      await expect(transactions.nth(index)).toContainText(rupees.format(transaction.amount));
      await expect(transactions.nth(index).locator('time')).toHaveAttribute(
        'datetime',
        transaction.createdAt,
      );
    }

    for (const name of ['Revenue (Last 6 months)', 'New Users (Last 7 days)']) {
      const chart = page.getByRole('img', { name });
      await expect(chart.locator('canvas').first()).toBeVisible();
      const box = await chart.boundingBox();
      expect(box?.height).toBe(240);
    }
    // The same data for assistive technology.
    const revenueTable = page.getByRole('table', { name: 'Revenue (Last 6 months)' });
    await expect(revenueTable.getByRole('row')).toHaveCount(1 + overview.monthlyRevenue.length);
  });

  test('the engagement screen shows its cards and draws its charts', async ({ page }) => {
    const token = await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Engagement analytics' })
      .click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/admin/engagement-analytics'));

    const engagement = await adminGet<{
      activeUsers: number;
      avgSessionTime: number;
      popularCategories: unknown[];
    }>(page, token, '/admin/engagement');
    await expect(card(page, 'Active Users').first()).toBeVisible();
    await expect(page.getByText('Users online right now')).toBeVisible();
    await expect(page.getByText('Average duration per user')).toBeVisible();
    await expect(card(page, 'Avg. Session Time')).toHaveText(/^\d+\.\d min$/);
    expect(engagement.popularCategories.length).toBeGreaterThan(0);
    const categories = page.getByRole('img', { name: 'Popular Categories' });
    await expect(categories.locator('canvas').first()).toBeVisible();
    expect((await categories.boundingBox())?.height).toBe(288);
  });
});

test.describe('user management', () => {
  test('a suspended user is signed out on their next request and cannot sign in until activated', async ({
    page,
    browser,
  }) => {
    // A fresh student with an open session in their own browser.
    const learnerPage = await freshPage(browser);
    const learner = await newStudent(learnerPage, 'suspend');

    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'User management' })
      .click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/admin/user-manage'));
    const row = userRow(page, learner.email);
    await expect(row).toContainText(learner.name);
    await expect(row).toContainText('student');

    await test.step('declining the confirmation changes nothing', async () => {
      answerConfirm(page, CONFIRMATIONS.suspendUser, false);
      await row.getByRole('button', { name: `Suspend ${learner.name}` }).click();
      await expect(row.getByRole('button', { name: `Suspend ${learner.name}` })).toBeVisible();
      await expect(row.getByText('Suspended', { exact: true })).toHaveCount(0);
    });

    await test.step('suspend after confirming', async () => {
      answerConfirm(page, CONFIRMATIONS.suspendUser, true);
      await row.getByRole('button', { name: `Suspend ${learner.name}` }).click();
      await expect(toast(page, 'User updated successfully')).toBeVisible();
      await expect(row.getByRole('button', { name: `Activate ${learner.name}` })).toBeVisible();
      await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
    });

    await test.step("the learner's open session is refused on its next request", async () => {
      // The top-bar search asks for the learner's purchases (tRPC `courses.mine`, an authenticated call)
      // with the old token: 401, or 207 when batched with public calls (the 401 is that call's own result;
      // the body is not read here, since the page may already be leaving for /signin).
      const refused = learnerPage.waitForResponse(
        (response) =>
          response.url().includes('/trpc/') &&
          response.url().includes('courses.mine') &&
          [401, 207].includes(response.status()),
      );
      const refreshFailed = learnerPage.waitForResponse(
        (response) => response.url().endsWith('/api/v1/auth/refresh') && response.status() === 401,
      );
      await learnerPage.getByRole('combobox', { name: 'Search courses' }).fill('react');
      await refused;
      await refreshFailed;
      await expect(learnerPage).toHaveURL(/\/signin\?from=/);
    });

    await test.step('and they cannot sign in', async () => {
      await signIn(learnerPage, learner.email, learner.password);
      await expect(learnerPage.getByText(AUTH_MESSAGES.accountSuspended).first()).toBeVisible();
      await expect(learnerPage).toHaveURL(urlWithPath('/signin'));
    });

    await test.step('activation lets them back in', async () => {
      answerConfirm(page, CONFIRMATIONS.activateUser, true);
      await row.getByRole('button', { name: `Activate ${learner.name}` }).click();
      await expect(row.getByRole('button', { name: `Suspend ${learner.name}` })).toBeVisible();
      await expect(row.getByText('Suspended', { exact: true })).toHaveCount(0);

      await signIn(learnerPage, learner.email, learner.password);
      await expect(learnerPage).toHaveURL(urlWithPath('/dashboard'));
      await expect(learnerPage.getByText(`Hi ${learner.name}`).first()).toBeVisible();
    });
    await learnerPage.context().close();
  });

  test('a role change after confirmation moves the user to that role’s section', async ({
    page,
    browser,
  }) => {
    const otherPage = await freshPage(browser);
    const member = await newStudent(otherPage, 'role');

    await signInAsAdmin(page);
    await page.goto('/dashboard/admin/user-manage');
    const row = userRow(page, member.email);
    await expect(row).toContainText('student');

    await row.getByRole('button', { name: `Edit role of ${member.name}` }).click();
    const select = row.getByRole('combobox', { name: `Role of ${member.name}` });
    await expect(select).toBeFocused();
    await expect(select.getByRole('option')).toHaveText([
      'admin',
      'instructor',
      'student',
      'moderator',
      'guest',
      'parent',
      'support_staff',
    ]);

    answerConfirm(page, CONFIRMATIONS.changeRole('moderator'), false);
    await select.selectOption('moderator');
    await expect(select).toHaveValue('student');

    answerConfirm(page, CONFIRMATIONS.changeRole('instructor'), true);
    await select.selectOption('instructor');
    await expect(row.getByRole('combobox')).toHaveCount(0);
    await expect(row.getByText('instructor', { exact: true })).toBeVisible();

    // The new role is what the server uses from now on, for the member's open session too: their next
    // page load (a refresh of that session) takes them to the instructor section.
    await otherPage.goto('/');
    await expect(otherPage).toHaveURL(urlWithPath('/dashboard/instructor'));
    await otherPage.context().close();
  });
});
