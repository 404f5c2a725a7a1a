/**
 * Getting back into an account and verifying its e-mail (issue 13; docs/decisions/0035), in Chromium
 * against the production build. No SMTP server: the e2e server writes every message to its DATA_DIR/mail
 * (its worker server's mail directory, e2e/test.ts), the operator's files, which is where the links are read, as an operator would; the
 * admin's outbox shows the message with its account link hidden (decision 0047):
 *
 *   - a student signed in in one browser (session A) asks for a reset from another, the demo admin finds
 *     the message on the outbox with its link hidden, the student sets a new password from the link and
 *     signs in with it, and session A's next visit finds it signed out;
 *   - a new student sees the verification banner, opens the link, and the banner is gone;
 *   - screenshots at 375 and 1280 px in the light and dark themes of /reset-password (both forms),
 *     /verify-email and the admin's outbox, each checked with axe (no serious or critical violation).
 */
import type { Theme } from '@lectio/contracts/constants';
import { MAIL_MESSAGES } from '@lectio/contracts/messages';
import { expectNoBlockingViolations } from '../axe';
import {
  DASHBOARD_URL,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  signIn,
  signUp,
  submitSignInForm,
  toast,
  uniqueEmail,
  urlWithPath,
} from '../fixtures';
import { messageFromMailFiles } from '../mail-files';
import { SCREEN_WIDTHS, THEMES, useTheme } from '../screens';
import { type APIRequestContext, type Browser, expect, type Page, type TestInfo, test } from '../test';

const BANNER_TEXT = 'Please verify your e-mail address';
/** The worker polls its queue every 2 s; the sign-in and the page loads come on top. */
const MAIL_TIMEOUT_MS = 30_000;

test.use({ contextOptions: { reducedMotion: 'reduce' } });

async function newPage(browser: Browser, theme?: Theme): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  if (theme) await useTheme(page, theme);
  return page;
}

/**
 * An outbox message's HTML is the e-mail as sent, drawn in a frame without scripts (sandbox=""), where axe
 * can't run: the frame element is checked, its content is the e-mail's.
 */
const expectNoSeriousAxeViolations = (page: Page, where: string) =>
  expectNoBlockingViolations(page, where, { exclude: ['iframe[title="HTML version"]'] });

async function save(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function expectNoOverflow(page: Page, width: number) {
  if (width !== 375) return;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
}

/** The account link of the newest message to `to` with `subject`, from the operator's mail files. */
function linkFromMailFiles(to: string, subject: string): string {
  const link = messageFromMailFiles(to, subject)?.text.match(/https?:\/\/\S+\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no link in "${subject}" to ${to}`);
  return link;
}

/**
 * On the admin's E-mail screen (the page is signed in as the admin): waits until the newest message to
 * `to` with `subject` has been sent (the list refetches on each visit) and opens it: its account link is
 * hidden from the admin, who is not its addressee. Returns the link from the operator's mail files.
 */
async function linkFromOutbox(admin: Page, to: string, subject: string): Promise<string> {
  const row = admin.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first();
  await expect(async () => {
    await admin.goto('/dashboard/admin/mail');
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: MAIL_TIMEOUT_MS, intervals: [500, 1000, 2000] });
  await row.getByRole('button', { name: `Open "${subject}" to ${to}` }).click();
  const message = admin.getByRole('region', { name: subject });
  await expect(message.getByText(MAIL_MESSAGES.tokenLinkHidden).first()).toBeVisible();
  await expect(message.getByRole('link', { name: /token=/ })).toHaveCount(0);
  return linkFromMailFiles(to, subject);
}

/** A new student signed up through the sign-up page, which signs them in to their dashboard. */
async function signUpStudent(page: Page, label: string) {
  const student = { name: `Recovery ${label}`, email: uniqueEmail(label), password: 'first passphrase' };
  await signUp(page, student);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  return student;
}

async function adminPage(browser: Browser): Promise<Page> {
  const admin = await newPage(browser);
  await signIn(admin, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(admin).toHaveURL(urlWithPath('/dashboard/admin'));
  return admin;
}

test('a reset from the mail link ends the old session, and the new password signs in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sessionA = await newPage(browser);
  const student = await signUpStudent(sessionA, 'reset');
  await expect(sessionA.getByRole('heading', { name: `Hi ${student.name}` })).toBeVisible();

  const other = await newPage(browser);
  await test.step('ask for a reset from the sign-in page of another browser', async () => {
    await other.goto('/signin');
    await other.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(other).toHaveURL(urlWithPath('/reset-password'));
    // The address changes before the page does: the sign-in form (with its own Email field) may still
    // be showing, so wait for the reset form's heading before typing.
    await expect(other.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await other.getByLabel('Email', { exact: true }).fill(student.email);
    await other.getByRole('button', { name: 'Send reset link' }).click();
    await expect(other.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(other.getByRole('status')).toHaveText(
      'If an account exists for that e-mail, we have sent a link to reset your password. It is valid for 30 minutes.',
    );
  });

  const admin = await adminPage(browser);
  let link = '';
  await test.step('the admin reads the link on the outbox, reached from the sidebar', async () => {
    await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'E-mail' }).click();
    await expect(admin).toHaveURL(urlWithPath('/dashboard/admin/mail'));
    await expect(admin.getByRole('heading', { level: 1, name: 'E-mail' })).toBeVisible();
    link = await linkFromOutbox(admin, student.email, 'Reset your Lectio password');
    expect(link).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  });

  const newPassword = 'a brand new passphrase';
  await test.step('set a new password from the link, then sign in with it', async () => {
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await other.getByLabel('New Password', { exact: true }).fill('short');
    await other.getByLabel('Confirm Password', { exact: true }).fill('short');
    await other.getByLabel('Confirm Password', { exact: true }).blur();
    await expect(other.getByText('Password must be at least 6 characters')).toBeVisible();
    await other.getByLabel('New Password', { exact: true }).fill(newPassword);
    await other.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await other.getByRole('button', { name: 'Set new password' }).click();
    await expect(toast(other, 'Your password has been reset. Sign in with your new password.')).toBeVisible();
    await expect(other).toHaveURL(urlWithPath('/signin'));
    await submitSignInForm(other, student.email, newPassword);
    await expect(other).toHaveURL(DASHBOARD_URL);
    await expect(other.getByRole('heading', { name: `Hi ${student.name}` })).toBeVisible();
  });

  await test.step('the link works once', async () => {
    const third = await newPage(browser);
    await third.goto(link);
    await third.getByLabel('New Password', { exact: true }).fill('yet another passphrase');
    await third.getByLabel('Confirm Password', { exact: true }).fill('yet another passphrase');
    await third.getByRole('button', { name: 'Set new password' }).click();
    await expect(third.getByRole('alert')).toHaveText(
      'This password reset link is invalid, has expired or was already used. Ask for a new one.',
    );
    await expect(third.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await third.context().close();
  });

  await test.step("session A's next visit finds it signed out", async () => {
    // A visit, not a click on the sidebar: the bell's poll may already have found the session ended and
    // sent session A to the sign-in page (that is the poll working), which would leave no sidebar to click.
    await sessionA.goto('/dashboard/mycourse');
    await expect(sessionA).toHaveURL(urlWithPath('/signin'));
    await expect(sessionA.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    // And the old password no longer works.
    await submitSignInForm(sessionA, student.email, student.password);
    await expect(sessionA.getByRole('alert')).toHaveText('Invalid email or password');
  });

  for (const page of [sessionA, other, admin]) await page.context().close();
});

test('a new student verifies their e-mail from the outbox link and the banner goes', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  const student = await signUpStudent(page, 'verify');
  const banner = page.getByRole('region', { name: 'E-mail verification' });
  await expect(banner).toContainText(BANNER_TEXT);

  const admin = await adminPage(browser);
  const link = await linkFromOutbox(admin, student.email, 'Verify your e-mail address for Lectio');
  expect(link).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your e-mail address is verified. Thank you!');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  await expect(page.getByRole('heading', { name: `Hi ${student.name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);

  // The same link a second time says it did not work.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  await expect(page.getByText('Your e-mail address is already verified.')).toBeVisible();
  for (const open of [page, admin]) await open.context().close();
});

/** The admin's bearer token, for reading the outbox through the API while the pages take screenshots. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Signs a new student up through the API and returns their verification link, once it was sent. */
async function verificationLinkForNewStudent(request: APIRequestContext, token: string): Promise<string> {
  const email = uniqueEmail('shot');
  const signup = await request.post('/api/v1/auth/signup', {
    data: { name: 'Screenshot Student', email, password: 'secret12', confirmPassword: 'secret12' },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${token}` };
  await expect(async () => {
    const list = await request.get('/api/v1/mail?status=sent&limit=50', { headers });
    const page = (await list.json()) as { messages: { _id: string; to: string }[] };
    expect(page.messages.some((message) => message.to === email)).toBe(true);
  }).toPass({ timeout: MAIL_TIMEOUT_MS });
  return linkFromMailFiles(email, 'Verify your e-mail address for Lectio');
}

for (const theme of THEMES) {
  for (const width of SCREEN_WIDTHS) {
    test(`screenshots and axe at ${width} px (${theme}): /reset-password, /verify-email and the outbox`, async ({
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(150_000);
      const token = await adminToken(request);
      const page = await newPage(browser, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const where = `${width} px (${theme})`;

      await page.goto('/reset-password');
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await expectNoOverflow(page, width);
      await save(page, testInfo, `reset-request-${width}-${theme}`);
      await expectNoSeriousAxeViolations(page, `/reset-password at ${where}`);

      await page.goto('/reset-password?token=screenshot-token');
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await page.getByLabel('New Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm Password', { exact: true }).fill('abd');
      await page.getByLabel('Confirm Password', { exact: true }).blur();
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expectNoOverflow(page, width);
      await save(page, testInfo, `reset-new-password-${width}-${theme}`);
      await expectNoSeriousAxeViolations(page, `/reset-password?token at ${where}`);

      await page.goto(await verificationLinkForNewStudent(request, token));
      await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
      await expectNoOverflow(page, width);
      await save(page, testInfo, `verify-email-${width}-${theme}`);
      await expectNoSeriousAxeViolations(page, `/verify-email at ${where}`);

      const login = await page.request.post('/api/v1/auth/login', {
        data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(200);
      await page.goto('/dashboard/admin/mail');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoOverflow(page, width);
      await save(page, testInfo, `outbox-list-${width}-${theme}`);
      await expectNoSeriousAxeViolations(page, `the outbox at ${where}`);
      await page
        .getByRole('button', { name: /^Open "Verify your e-mail address for Lectio"/ })
        .first()
        .click();
      await expect(page.getByRole('region', { name: 'Verify your e-mail address for Lectio' })).toBeVisible();
      // The e-mail's HTML, drawn in its sandboxed frame.
      await expect(
        page
          .frameLocator('iframe[title="HTML version"]')
          .getByRole('link', { name: 'Verify my e-mail address' }),
      ).toBeVisible();
      await expectNoOverflow(page, width);
      await save(page, testInfo, `outbox-message-${width}-${theme}`);
      // A full-page capture leaves a frame below the first screen blank: the HTML version in view, too,
      // once the frame has painted again after the capture's resize.
      const htmlFrame = page.frameLocator('iframe[title="HTML version"]');
      await page.getByTitle('HTML version').scrollIntoViewIfNeeded();
      await expect(htmlFrame.getByRole('link', { name: 'Verify my e-mail address' })).toBeInViewport();
      await page.waitForTimeout(500);
      await save(page, testInfo, `outbox-message-html-${width}-${theme}`, false);
      await expectNoSeriousAxeViolations(page, `an outbox message at ${where}`);
      await page.context().close();
    });
  }
}
