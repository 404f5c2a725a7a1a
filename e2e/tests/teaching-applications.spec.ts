/**
 * Become an instructor, through the real UI (issue 15, item 5):
 *   - a new student opens "Become an instructor" from the sidebar, is refused an empty form with each
 *     field's message, and sends an application, which then shows as waiting for a decision;
 *   - screenshots of the student's form, the student's waiting application and the admin's queue at 375
 *     and 1280 px, light and dark, each with axe (WCAG A/AA): no serious or critical violation;
 *   - the demo admin, in a browser of their own, approves it on Teaching applications (from the sidebar)
 *     after the confirm step; the student, whose page is still open, moves to "Become an instructor"
 *     again without a reload and is offered the instructor dashboard, which opens, and stays theirs
 *     after a reload.
 */

import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, toast, uniqueEmail, urlWithPath } from '../fixtures';
import { SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type Browser, expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const applicant = {
  name: `Tara Teacher ${suffix}`,
  email: uniqueEmail('applicant'),
  password: 'secret-pass-1',
};
/** A second new student who has not applied: the form, for the screenshots. */
const viewer = {
  name: `Vera Viewer ${suffix}`,
  email: uniqueEmail('teach-viewer'),
  password: 'secret-pass-1',
};
const TOPIC = `Rust for web developers ${suffix}`;
const EXPERIENCE =
  'Eight years of backend work in Rust and Go. I run the Rust study group at my company and have given talks on ownership.';
const SAMPLE = 'https://example.com/talks/rust-ownership';

function sidebarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
}

function application(page: Page) {
  return page
    .getByRole('list', { name: 'Applications to teach' })
    .getByRole('article', { name: applicant.name });
}

async function signUpByApi(request: import('@playwright/test').APIRequestContext, user: typeof applicant) {
  const signup = await request.post('/api/v1/auth/signup', {
    data: { name: user.name, email: user.email, password: user.password, confirmPassword: user.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
}

test.beforeAll(async ({ request }) => {
  await signUpByApi(request, applicant);
  await signUpByApi(request, viewer);
});

/** The applicant's page, kept open from the first test to the last (their session stays as it was). */
let studentPage: Page | null = null;

async function openStudent(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, applicant.email, applicant.password);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  return page;
}

test.afterAll(async () => {
  await studentPage?.context().close();
});

test('a student applies to teach from the sidebar; an empty form is refused field by field', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  studentPage = await openStudent(browser);
  const page = studentPage;
  await sidebarLink(page, 'Become an instructor').click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/teach'));
  await expect(page.getByRole('heading', { level: 1, name: 'Become an instructor' })).toBeVisible();

  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('The topic must be 3 to 120 characters')).toBeVisible();
  await expect(page.getByText('Describe your experience in 20 to 2,000 characters')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /What would you teach\?/ })).toBeFocused();

  await page.getByRole('textbox', { name: /What would you teach\?/ }).fill(TOPIC);
  await page.getByRole('textbox', { name: /Your experience/ }).fill(EXPERIENCE);
  await page.getByRole('textbox', { name: 'Sample link (optional)' }).fill('not a link');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(
    page.getByText('The sample link must be a web address starting with http:// or https://'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Sample link (optional)' }).fill(SAMPLE);
  await page.getByRole('button', { name: 'Send application' }).click();

  await expect(toast(page, 'Your application was sent. An admin will review it soon.')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Your application is waiting for a decision' }),
  ).toBeVisible();
  await expect(page.getByText(TOPIC)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0);

  // Sending again is not offered; a reload still shows it waiting.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Your application is waiting for a decision' }),
  ).toBeVisible();
});

test('screenshots and axe: the form, the waiting application and the admin’s queue at 375 and 1280 px, light and dark', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const screens = [
    {
      name: 'teach-form',
      email: viewer.email,
      password: viewer.password,
      path: '/dashboard/teach',
      ready: (page: Page) => page.getByRole('button', { name: 'Send application' }),
    },
    {
      name: 'teach-pending',
      email: applicant.email,
      password: applicant.password,
      path: '/dashboard/teach',
      ready: (page: Page) =>
        page.getByRole('heading', { name: 'Your application is waiting for a decision' }),
    },
    {
      name: 'admin-teaching-applications',
      email: DEMO_ACCOUNTS.admin.email,
      password: DEMO_PASSWORD,
      path: '/dashboard/admin/teaching-applications',
      ready: (page: Page) => application(page),
    },
  ];
  for (const theme of THEMES) {
    for (const screen of screens) {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const page = await context.newPage();
      await useTheme(page, theme);
      await signIn(page, screen.email, screen.password);
      await expect(page).toHaveURL(/\/dashboard/);
      for (const width of SCREEN_WIDTHS) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(screen.path);
        await expect(screen.ready(page)).toBeVisible();
        await save(page, testInfo, `${screen.name}-${width}-${theme}`);
        await expectNoBlockingViolations(page, `${screen.name} at ${width} px (${theme})`);
      }
      await context.close();
    }
  }
});

test('an admin approves; the student then opens the instructor dashboard', async ({ browser }) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({ reducedMotion: 'reduce' });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(admin).toHaveURL(urlWithPath('/dashboard/admin'));
  await sidebarLink(admin, 'Teaching applications').click();
  await expect(admin).toHaveURL(urlWithPath('/dashboard/admin/teaching-applications'));
  const card = application(admin);
  await expect(card.getByText(applicant.email)).toBeVisible();
  await expect(card.getByText(TOPIC)).toBeVisible();
  const sample = card.getByRole('link', { name: new RegExp(SAMPLE.replaceAll('.', '\\.')) });
  await expect(sample).toHaveAttribute('href', SAMPLE);
  await expect(sample).toHaveAttribute('target', '_blank');
  await expect(sample).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  await card.getByRole('button', { name: `Approve ${applicant.name}` }).click();
  await expect(card.getByText(`Approve ${applicant.name} as an instructor?`)).toBeVisible();
  await card.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(toast(admin, `${applicant.name} is now an instructor.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('Approved');
  await expect(application(admin).getByText('Approved', { exact: true })).toBeVisible();
  await adminContext.close();

  // The student's page is still open with the session it had: move away and back, no reload.
  const page = studentPage ?? (await openStudent(browser));
  await sidebarLink(page, 'My Courses').click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/mycourse'));
  await sidebarLink(page, 'Become an instructor').click();
  await expect(page.getByRole('heading', { name: 'You are an instructor now' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your instructor dashboard' }).click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
  await expect(page.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
  await expect(sidebarLink(page, 'Earnings')).toBeVisible();
  await expect(sidebarLink(page, 'Become an instructor')).toHaveCount(0);

  // A reload (a fresh session refresh) lands on the same dashboard.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
});
