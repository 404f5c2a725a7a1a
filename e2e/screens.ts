/**
 * What the screenshot and API-check parts of the specs share: the widths and themes every new screen is
 * looked at in, the theme set before the page loads, full-page screenshots attached to the report, and a
 * bearer token and GET for checking the UI's figures against the API (never for the steps under test).
 */
import { THEME_STORAGE_KEY, type Theme } from '@lectio/contracts/constants';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

export const SCREEN_WIDTHS = [375, 1280] as const;
export const THEMES: readonly Theme[] = ['light', 'dark'];

/** Stores the theme before any page script runs, as a returning visitor's choice. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
}

/** A full-page screenshot, attached to the test's report under `name`. */
export async function save(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** An access token for `email` (REST sign-in), for reading figures through the API. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status(), `sign in as ${email}`).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** GET /api/v1{path} as the token's user (anonymous with null); expects 200. */
export async function apiGet<T>(request: APIRequestContext, token: string | null, path: string): Promise<T> {
  const response = await request.get(`/api/v1${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}
