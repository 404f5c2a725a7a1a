/**
 * The landing page's header in real Chromium (spec section 1, issue 6): on wide screens the 'Product'
 * dropdown behaves as a WAI-ARIA disclosure (keyboard, Escape, press outside, Tab out); below 768 px the
 * 'Open main menu' side dialog behaves as a modal dialog (focus moves in and is trapped, Escape and
 * 'Close menu' return focus, the page behind does not scroll). Placeholder links go nowhere. axe finds
 * nothing (WCAG 2.1 A/AA, contrast included) with the dropdown or the dialog open, in either theme.
 */
import AxeBuilder from '@axe-core/playwright';
import { THEME_STORAGE_KEY, THEMES } from '@lectio/contracts/constants';
import { expect, type Page, test } from '@playwright/test';
import { urlWithPath } from '../fixtures';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };

test.use({ contextOptions: { reducedMotion: 'reduce' } });

async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Start learning from best institutions' }),
  ).toBeVisible();
}

/** The accessible name (or text) of the focused element. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
  });
}

/** Whether the focused element draws a focus indicator (an outline or a box shadow). */
function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
}

test.describe('wide screens: the Product dropdown', () => {
  test.use({ viewport: DESKTOP });

  test('shows the header entries; the menu button is hidden', async ({ page }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Product' })).toBeVisible();
    for (const name of ['Features', 'Marketplace', 'Company']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
    await expect(nav.getByRole('button', { name: 'Open main menu' })).toBeHidden();
  });

  test('opens from the keyboard, Escape closes it and focus returns to the button', async ({ page }) => {
    await openLanding(page);
    const button = page.getByRole('button', { name: 'Product' });
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);

    await button.focus();
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText([
      'Analytics',
      'Engagement',
      'Security',
      'Integrations',
      'Automations',
      'Watch demo',
      'Contact sales',
    ]);
    await expect(panel.getByText('Get a better understanding of your learning progress')).toBeVisible();

    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Analytics');
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('Tab out of the panel closes it; so does a click outside', async ({ page }) => {
    await openLanding(page);
    const button = page.getByRole('button', { name: 'Product' });
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);

    await button.focus();
    await page.keyboard.press('Enter');
    for (let step = 0; step < 7; step += 1) await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Contact sales');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Features');
    await expect(panel).toBeHidden();

    await button.click();
    await expect(panel).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(panel).toBeHidden();
  });

  test('placeholder links are focusable and go nowhere', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('link', { name: 'Marketplace', exact: true }).click();
    await page.getByRole('link', { name: 'Open roles' }).click();
    await expect(page).toHaveURL(urlWithPath('/'));
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('button', { name: 'Product' }).click();
    await page.getByRole('link', { name: 'Watch demo' }).click();
    await expect(page.getByRole('button', { name: 'Product' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(urlWithPath('/'));
  });
});

test.describe('narrow screens: the side dialog', () => {
  test.use({ viewport: MOBILE });

  test('the menu button replaces the header links', async ({ page }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Open main menu' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Product' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Features', exact: true })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeHidden();
  });

  test('opens a full-height dialog that traps focus; Escape closes it and returns focus', async ({
    page,
  }) => {
    await openLanding(page);
    const opener = page.getByRole('button', { name: 'Open main menu' });
    await opener.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Main menu' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const box = await dialog.boundingBox();
    expect(box?.height).toBe(MOBILE.height);
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    expect(await focusIsVisible(page)).toBe(true);

    // Closed section: Close menu, Product, Features, Marketplace, Company, Log in. Twice round, never out.
    const seen: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      seen.push(await focusedName(page));
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    expect(seen.slice(0, 6)).toEqual([
      'Product',
      'Features',
      'Marketplace',
      'Company',
      'Log in',
      'Close menu',
    ]);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Log in');

    // The collapsible Product section.
    const product = dialog.getByRole('button', { name: 'Product' });
    await product.focus();
    await page.keyboard.press('Enter');
    await expect(product).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: 'Analytics' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Contact sales' })).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Analytics');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("'Close menu' closes it; the page behind does not scroll while it is open", async ({ page }) => {
    await openLanding(page);
    const opener = page.getByRole('button', { name: 'Open main menu' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Main menu' });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.mouse.move(MOBILE.width / 2, MOBILE.height / 2);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test("'Log in' in the dialog leads to /signin", async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: 'Open main menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(urlWithPath('/signin'));
  });

  test('widening the window to the desktop layout closes the dialog', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: 'Open main menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Product' })).toBeVisible();
  });
});

for (const theme of THEMES) {
  test.describe(`axe with the menus open, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
    });

    async function expectNoViolations(page: Page): Promise<void> {
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const violations = results.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
      expect(violations).toEqual([]);
    }

    test('the Product dropdown', async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await openLanding(page);
      await page.getByRole('button', { name: 'Product' }).click();
      await expect(page.getByRole('link', { name: 'Contact sales' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Trending Courses' }).getByRole('article').first(),
      ).toBeVisible();
      await expectNoViolations(page);
    });

    test('the side dialog with its Product section open', async ({ page }) => {
      await page.setViewportSize(MOBILE);
      await openLanding(page);
      await page.getByRole('button', { name: 'Open main menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Product' }).click();
      await expect(page.getByRole('dialog').getByRole('link', { name: 'Contact sales' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
