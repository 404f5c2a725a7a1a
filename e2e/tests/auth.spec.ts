/**
 * Authentication and route guards through the real UI (spec sections 2, 5 and 6): sign-up, sign-in per
 * role, the return path, session persistence, sign-out, the Unauthorized page and the sign-in form's
 * validation. Runs against the production build on a fresh database seeded with the demo accounts.
 */

import {
  DASHBOARD_URL,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  recordVisitedPaths,
  signIn,
  signInButton,
  signOut,
  signUp,
  submitSignInForm,
  toast,
  uniqueEmail,
  urlWithPath,
} from '../fixtures';
import { expect, type Page, test } from '../test';

/** Signs the demo student in and waits for the student dashboard. */
async function signInAsStudent(page: Page, options: { keepLoggedIn?: boolean } = {}): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS.student.email, DEMO_PASSWORD, options);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  await expect(page.getByText(`Hi ${DEMO_ACCOUNTS.student.name}`).first()).toBeVisible();
}

async function expectUnauthorizedPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Unauthorized', exact: true })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
}

/**
 * /courses has rendered its first page and finished loading. Not `networkidle`: the page's catalogue
 * request is answered from a `<link rel=preload as=fetch>`, which Chromium 156 never reports to
 * Playwright as finished, so the network never looks idle there. The session check decides at start-up,
 * before the first screen renders, so a refresh request would already have been made by then.
 */
async function catalogueSettled(page: Page): Promise<void> {
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('load');
}

test.describe('sign-up and sign-in', () => {
  test('a new visitor signs up and lands signed in on the student dashboard', async ({ page }) => {
    const user = { name: 'Ada Lovelace', email: uniqueEmail(), password: 'analytical-engine-1' };
    const visited = recordVisitedPaths(page);

    await signUp(page, user);
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard'));
    await expect(page.getByText(`Hi ${user.name}`).first()).toBeVisible();
    expect(visited).not.toContain('/signin');
    await expect(toast(page, /Welcome back/)).toHaveCount(0);

    // A real session (refresh cookie), not only in-memory state: it survives a reload.
    await page.reload();
    await expect(page).toHaveURL(urlWithPath('/dashboard'));
    await expect(page.getByText(`Hi ${user.name}`).first()).toBeVisible();
  });

  test('when the sign-in after sign-up fails, the account exists and the sign-in form says why', async ({
    page,
  }) => {
    const user = { name: 'Grace Hopper', email: uniqueEmail(), password: 'compiler-a0-1952' };
    const throttled = 'Too many login attempts. Please try again later.';
    // The server's own throttle would need failed attempts from this address, which would slow every
    // other sign-in of the run: the one login call after sign-up is answered with its 429 instead.
    await page.route(
      '**/api/v1/auth/login',
      (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ message: throttled, code: 'TOO_MANY_REQUESTS' }),
        }),
      { times: 1 },
    );

    await signUp(page, user);
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/signin'));
    await expect(signInButton(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      `Your account was created, but we could not sign you in: ${throttled}`,
    );
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await signInButton(page).click();
    await expect(toast(page, `Welcome back, ${user.name}!`)).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard'));
  });

  test('the admin demo account lands on the admin dashboard', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await expect(toast(page, `Welcome back, ${DEMO_ACCOUNTS.admin.name}!`)).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/admin'));
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();
  });

  test('the instructor demo account lands on the instructor home', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD);
    await expect(toast(page, `Welcome back, ${DEMO_ACCOUNTS.instructor.name}!`)).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
    await expect(page.getByRole('heading', { name: 'Instructor Dashboard', level: 1 })).toBeVisible();
  });

  test('a wrong password shows "Invalid email or password" and stays on /signin', async ({ page }) => {
    // instructor2 signs in nowhere else: repeated runs against one server can't throttle the others.
    await signIn(page, DEMO_ACCOUNTS.instructor2.email, 'not-the-password');
    await expect(page.getByText('Invalid email or password', { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/signin'));
    await expect(toast(page, /Welcome back/)).toHaveCount(0);
  });
});

test.describe('sign-in validation', () => {
  /**
   * Leaves each field (for forms that validate on blur) and then submits if the button allows it (for
   * forms that validate on submit); either way the messages must appear and nobody gets signed in.
   */
  async function attemptSubmit(page: Page): Promise<void> {
    await page.getByLabel('Email', { exact: true }).focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByLabel('Email', { exact: true }).focus();
    if (await signInButton(page).isEnabled()) await signInButton(page).click();
  }

  test.beforeEach(async ({ page }) => {
    await page.goto('/signin');
    await expect(signInButton(page)).toBeVisible();
  });

  test('an empty form shows the required messages', async ({ page }) => {
    await attemptSubmit(page);
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/signin'));
  });

  test('a malformed email and a short password are rejected', async ({ page }) => {
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await attemptSubmit(page);
    await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(urlWithPath('/signin'));
  });
});

test.describe('session and route guards', () => {
  test('a signed-in student is kept out of /signin and the admin section', async ({ page }) => {
    await signInAsStudent(page);

    await test.step('the entry pages send a signed-in student to /dashboard', async () => {
      await page.goto('/signin');
      await expect(page).toHaveURL(urlWithPath('/dashboard'));
    });

    await test.step('/dashboard/admin sends a student to /unauthorized', async () => {
      await page.goto('/dashboard/admin');
      await expect(page).toHaveURL(urlWithPath('/unauthorized'));
      await expectUnauthorizedPage(page);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    });
  });

  test('a reload keeps the session', async ({ page }) => {
    await signInAsStudent(page, { keepLoggedIn: true });

    const visited = recordVisitedPaths(page);
    await page.reload();
    await expect(page.getByText(`Hi ${DEMO_ACCOUNTS.student.name}`).first()).toBeVisible();
    // Let the session check finish so a late redirect would still be caught.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(urlWithPath('/dashboard'));
    expect(visited, 'the reload must not pass through /signin').not.toContain('/signin');
  });

  test('only a browser that signed in asks for a session at start-up', async ({ page, context }) => {
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh')) refreshes.push(request.url());
    });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const hint = async () => (await context.cookies()).find((cookie) => cookie.name === 'lectio_session');

    await test.step('a first visit: no hint, no refresh request, no console error', async () => {
      await page.goto('/courses');
      await catalogueSettled(page);
      expect(await hint()).toBeUndefined();
      expect(refreshes).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });

    await test.step('signing in sets the readable hint; a reload then refreshes the session', async () => {
      await signInAsStudent(page);
      expect(await hint()).toMatchObject({ value: '1', httpOnly: false, path: '/', expires: -1 });
      await page.reload();
      await expect(page.getByText(`Hi ${DEMO_ACCOUNTS.student.name}`).first()).toBeVisible();
      expect(refreshes).toHaveLength(1);
    });

    await test.step('signing out clears it, and the next load asks nothing again', async () => {
      await signOut(page);
      await expect(page).not.toHaveURL(DASHBOARD_URL);
      expect(await hint()).toBeUndefined();
      await page.goto('/courses');
      await catalogueSettled(page);
      expect(refreshes).toHaveLength(1);
    });
  });

  test('signing out ends the session', async ({ page }) => {
    await signInAsStudent(page);

    await signOut(page);
    await expect(page).not.toHaveURL(DASHBOARD_URL);
    await expect(page).not.toHaveURL(urlWithPath('/unauthorized'));

    // A full load asks the server again: the session must be gone there too, not just in memory.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(urlWithPath('/signin'));
    await expect(signInButton(page)).toBeVisible();
  });

  test('a visitor is sent to /signin and returns to the requested page after signing in', async ({
    page,
  }) => {
    await page.goto('/dashboard/mycourse');
    await expect(page).toHaveURL(urlWithPath('/signin'));
    await expect(signInButton(page)).toBeVisible();

    await submitSignInForm(page, DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(urlWithPath('/dashboard/mycourse'));
  });

  test('an unmatched path shows Page not found, whose links go home and to the catalogue', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
    await expect(page.getByText(/^Error 404: there is no page at this address/)).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Lectio');
    await expect(page.getByRole('heading', { name: 'Unauthorized', exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: 'Browse courses', exact: true }).click();
    await expect(page).toHaveURL(urlWithPath('/courses'));
    await page.goBack();
    await page.getByRole('link', { name: 'Go to the home page', exact: true }).click();
    await expect(page).toHaveURL(urlWithPath('/'));
  });

  test('the Unauthorized page’s button goes back', async ({ page }) => {
    await page.goto('/signin');
    await expect(signInButton(page)).toBeVisible();
    await page.goto('/unauthorized');
    await expectUnauthorizedPage(page);
    await page.getByRole('button', { name: 'Go to Back', exact: true }).click();
    await expect(page).toHaveURL(urlWithPath('/signin'));
  });
});
