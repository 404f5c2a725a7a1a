/**
 * Shared helpers for the e2e specs: the seeded demo accounts, sign-in/up/out through the real UI, and
 * locators for the texts the spec fixes (toasts, URLs).
 */
import { type Browser, expect, type Locator, type Page } from '@playwright/test';

// The seeded demo accounts (email, name, role) and their password, straight from the seed the server runs.
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@lectio/db/seed/demo';

/** A page in a new browser context: a second user with their own cookies (close its context after). */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** A fresh address per call, so sign-up tests never collide with earlier runs or each other. */
export function uniqueEmail(label = 'student'): string {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `e2e-${label}-${suffix}@example.com`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a URL whose path is exactly `path` (trailing slash allowed), with any query or hash. */
export function urlWithPath(path: string): RegExp {
  const trimmed = path === '/' ? '' : path.replace(/\/$/, '');
  return new RegExp(`^https?://[^/]+${escapeRegExp(trimmed)}/?(?:[?#].*)?$`);
}

/** Matches any URL inside the signed-in area (/dashboard and below). */
export const DASHBOARD_URL = /^https?:\/\/[^/]+\/dashboard(?:[/?#].*)?$/;

/**
 * A toast (react-hot-toast renders each message in a role=status live region) reading exactly `text`,
 * or matching `text` when it is a pattern.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  const pattern = typeof text === 'string' ? new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) : text;
  return page.getByRole('status').filter({ hasText: pattern });
}

/**
 * Records the path of every main-frame navigation, client-side (history API) ones included, so a test
 * can assert that a page was never passed through (a redirect to /signin that bounces back).
 */
export function recordVisitedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

export function signInButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Sign In', exact: true });
}

/**
 * Fills the sign-in form on the current page and submits it. It first waits for the form's own button:
 * after a client-side move to /signin (a guard, a sign-out) the page before, which may have an Email and
 * a Password field too, can still be on screen until the sign-in route has loaded.
 */
export async function submitSignInForm(
  page: Page,
  email: string,
  password: string,
  options: { keepLoggedIn?: boolean } = {},
): Promise<void> {
  await expect(signInButton(page)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.keepLoggedIn) await page.getByLabel('Keep me logged in').check();
  await signInButton(page).click();
}

/** Opens /signin and signs in; the caller asserts where the app lands. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { keepLoggedIn?: boolean } = {},
): Promise<void> {
  await page.goto('/signin');
  await submitSignInForm(page, email, password, options);
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
}

/**
 * Opens /signup and submits the form for `user`; the caller asserts the outcome. A successful sign-up
 * also signs the user in and lands on their dashboard.
 */
export async function signUp(page: Page, user: NewUser): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/** Clicks "Sign Out" in the dashboard top bar, opening the "User menu" first when it lives inside it. */
export async function signOut(page: Page): Promise<void> {
  const signOutControl = page
    .getByRole('button', { name: 'Sign Out', exact: true })
    .or(page.getByRole('menuitem', { name: 'Sign Out', exact: true }))
    .first();
  if (!(await signOutControl.isVisible())) {
    await page.getByRole('button', { name: 'User menu', exact: true }).click();
  }
  await signOutControl.click();
}
