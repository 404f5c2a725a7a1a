/**
 * The landing page and the public site pages in real Chromium (spec section 1, issues 6 and 15):
 *   - the header: on wide screens the 'Product' dropdown behaves as a WAI-ARIA disclosure (keyboard,
 *     Escape, press outside, Tab out); below 768 px the 'Open main menu' side dialog behaves as a modal
 *     dialog (focus moves in and is trapped, Escape and 'Close menu' return focus, no scrolling behind);
 *   - every link of the landing page (hero, categories, header, dropdown, side dialog, footer, course
 *     cards) opens a real page: never '#', never "Page not found", a #section that exists;
 *   - the live figures are the database's: published courses, instructors and hours of video as the
 *     public catalogue lists them, and a new enrollment adds a learner at once;
 *   - a site page edited in the admin's editor shows the new text to visitors, without its raw HTML
 *     and script links, and goes back to its default text;
 *   - screenshots of the landing page, the Features page, a site page and the editor at 375 and 1280 px
 *     in both themes, with axe finding nothing serious; axe finds nothing at all with the dropdown or the
 *     dialog open.
 */
import AxeBuilder from '@axe-core/playwright';
import { DATE_LOCALE, THEME_STORAGE_KEY, THEMES } from '@lectio/contracts/constants';
import { expectNoBlockingViolations, WCAG_TAGS } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, freshPage, toast, uniqueEmail, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, useTheme } from '../screens';
import { type APIRequestContext, type Browser, expect, type Page, test } from '../test';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };

test.use({ contextOptions: { reducedMotion: 'reduce' } });

async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Start learning from best institutions' }),
  ).toBeVisible();
}

/** Scrolls to the end of the landing page: its footer is loaded when it nears the viewport. */
async function revealFooter(page: Page): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(footer).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
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

const PRODUCT_LINKS = [
  'Analytics',
  'Engagement',
  'Security',
  'Integrations',
  'Automations',
  'How it works',
  'Contact us',
];

test.describe('wide screens: the header and the Product dropdown', () => {
  test.use({ viewport: DESKTOP });

  test('shows the header entries; the menu button is hidden', async ({ page }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Product' })).toBeVisible();
    for (const [name, href] of [
      ['Features', '/features'],
      ['Courses', '/courses'],
      ['About', '/pages/about'],
      ['Log in', '/signin'],
      ['Sign up', '/signup'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href as string);
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
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
    await expect(panel.getByRole('link')).toHaveText(PRODUCT_LINKS);
    await expect(
      panel.getByText('Enrollments, revenue, completion and where students drop off'),
    ).toBeVisible();

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
    // The panel's links come with its code, loaded when the button is first focused.
    await expect(panel.getByRole('link')).toHaveCount(7);
    for (let step = 0; step < 7; step += 1) await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Contact us');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Features');
    await expect(panel).toBeHidden();

    await button.click();
    await expect(panel).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(panel).toBeHidden();
  });

  test('a product opens its section of the Features page, scrolled into view', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: 'Product' }).click();
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(urlWithPath('/features'));
    expect(new URL(page.url()).hash).toBe('#security');
    await expect(page.getByRole('heading', { level: 2, name: 'Security and privacy' })).toBeInViewport();
    // The dropdown is in the Features page's header too: another product scrolls within the page.
    const button = page.getByRole('button', { name: 'Product' });
    await button.click();
    await page
      .locator(`#${await button.getAttribute('aria-controls')}`)
      .getByRole('link', { name: 'Integrations' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Integrations' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Product' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('narrow screens: the side dialog', () => {
  test.use({ viewport: MOBILE });

  test('the menu button replaces the header links', async ({ page }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Open main menu' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Product' })).toBeHidden();
    for (const name of ['Features', 'Courses', 'Log in', 'Sign up']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();
    }
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
    // Modal: the page behind is hidden from assistive technology while the dialog is open.
    // (React Aria marks the rest of the page `inert`, or `aria-hidden` where inert is missing.)
    await expect
      .poll(() => page.locator('h1').evaluate((h1) => h1.closest('[inert], [aria-hidden="true"]') !== null))
      .toBe(true);
    const box = await dialog.boundingBox();
    expect(box?.height).toBe(MOBILE.height);
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();
    expect(await focusIsVisible(page)).toBe(true);

    // Closed section: Close menu, Product, Features, Courses, About, Log in, Sign up. Twice round, never out.
    const seen: string[] = [];
    for (let step = 0; step < 14; step += 1) {
      await page.keyboard.press('Tab');
      seen.push(await focusedName(page));
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    expect(seen.slice(0, 7)).toEqual([
      'Product',
      'Features',
      'Courses',
      'About',
      'Log in',
      'Sign up',
      'Close menu',
    ]);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Sign up');

    // The collapsible Product section.
    const product = dialog.getByRole('button', { name: 'Product' });
    await product.focus();
    await page.keyboard.press('Enter');
    await expect(product).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: 'Analytics' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Contact us' })).toBeVisible();
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
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.move(MOBILE.width / 2, MOBILE.height / 2);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test("'Sign up' in the dialog leads to /signup", async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: 'Open main menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(urlWithPath('/signup'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
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

/** Every href in the page (the Product panel and the side dialog must be open to be counted). */
function hrefsOn(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('a'), (link) => link.getAttribute('href') ?? ''),
  );
}

test('every link of the landing page leads to a real page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await openLanding(page);
  await expect(
    page.getByRole('region', { name: 'Trending Courses' }).getByRole('article').first(),
  ).toBeVisible();
  await revealFooter(page);
  await page.getByRole('button', { name: 'Product' }).click();
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  const hrefs = await hrefsOn(page);
  await page.setViewportSize(MOBILE);
  await page.getByRole('button', { name: 'Open main menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Product' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Contact us' })).toBeVisible();
  hrefs.push(...(await hrefsOn(page)));

  for (const href of hrefs) {
    expect(href, 'a link without an address').not.toBe('');
    expect(href, 'a placeholder link').not.toMatch(/^#/);
  }
  const internal = [...new Set(hrefs.filter((href) => href.startsWith('/')))];
  expect(internal.length).toBeGreaterThan(20);
  for (const needed of [
    '/courses',
    '/features#instructors',
    '/features#how-it-works',
    '/pages/privacy',
    '/signup',
  ]) {
    expect(internal).toContain(needed);
  }

  await page.setViewportSize(DESKTOP);
  for (const href of internal) {
    // From another document, so that a #section of the page already open is a real load too.
    await page.goto('about:blank');
    const response = await page.goto(href);
    expect(response?.status(), href).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' }), href).toHaveCount(0);
    await expect(page.getByText('Loading the page…'), href).toHaveCount(0);
    const hash = new URL(href, 'http://x').hash.slice(1);
    if (hash) await expect(page.locator(`[id="${hash}"]`), href).toHaveCount(1);
  }
});

interface CatalogueCourse {
  _id: string;
  price: number;
  instructor: { _id: string };
  videos: { duration: number }[];
}

/** Every published course, through the public catalogue's pages. */
async function publishedCourses(request: APIRequestContext): Promise<CatalogueCourse[]> {
  const courses: CatalogueCourse[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await apiGet<{ data: { courses: CatalogueCourse[]; nextCursor: string | null } }>(
      request,
      null,
      `/courses?limit=100${query}`,
    );
    courses.push(...page.data.courses);
    cursor = page.data.nextCursor;
  } while (cursor);
  return courses;
}

interface Stats {
  courses: number;
  instructors: number;
  learners: number;
  videoSeconds: number;
}

const counts = new Intl.NumberFormat(DATE_LOCALE);

/** The hero's hours: whole from 10 up, tenths (rounded down) below, '<0.1' for a few minutes. */
function hoursText(seconds: number): string {
  const hours = seconds / 3600;
  if (seconds <= 0) return '0';
  if (hours >= 10) return counts.format(Math.floor(hours));
  const tenths = Math.floor(hours * 10) / 10;
  return tenths === 0 ? '<0.1' : counts.format(tenths);
}

async function landingFigures(page: Page): Promise<Record<string, string>> {
  await openLanding(page);
  const figures = page.getByRole('definition');
  await expect(figures).toHaveCount(4);
  const terms = await page.getByRole('term').allTextContents();
  const values = await figures.allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, values[index] ?? '']));
}

test('the landing figures are the database’s, and a new enrollment adds a learner at once', async ({
  page,
  request,
}) => {
  const catalogue = await publishedCourses(request);
  const expected = {
    courses: catalogue.length,
    instructors: new Set(catalogue.map((course) => course.instructor._id)).size,
    // Lectures without a video have no duration: every lecture's duration is the video's.
    videoSeconds: catalogue
      .flatMap((course) => course.videos)
      .reduce((sum, lecture) => sum + lecture.duration, 0),
  };
  expect(expected.courses).toBeGreaterThan(0);
  const stats = await apiGet<Stats>(request, null, '/stats');
  expect(stats).toMatchObject(expected);
  expect(stats.learners).toBeGreaterThan(0);

  const before = await landingFigures(page);
  expect(before).toEqual({
    'Published courses': counts.format(expected.courses),
    Instructors: counts.format(expected.instructors),
    Learners: counts.format(stats.learners),
    'Hours of video': hoursText(expected.videoSeconds),
  });

  // A new student joins a free course (set-up through the API; the step under test is the figure).
  const free = catalogue.find((course) => course.price === 0);
  if (!free) throw new Error('The demo seed no longer has a free published course');
  const student = { name: 'Lena Learner', email: uniqueEmail('landing-learner'), password: 'secret-pass-1' };
  const signup = await request.post('/api/v1/auth/signup', {
    data: { ...student, confirmPassword: student.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = await apiToken(request, student.email, student.password);
  const enroll = await request.post('/api/v1/payment/create-payment-intent', {
    data: { courseId: free._id },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(enroll.status(), await enroll.text()).toBe(200);
  expect(((await enroll.json()) as { enrolled: boolean }).enrolled).toBe(true);

  expect((await apiGet<Stats>(request, null, '/stats')).learners).toBe(stats.learners + 1);
  expect((await landingFigures(page)).Learners).toBe(counts.format(stats.learners + 1));
});

test.describe('site pages edited by the admin', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: DESKTOP });

  const suffix = Date.now().toString(36);
  const title = `Questions ${suffix}`;
  const sentence = `Refunds are decided within two days (${suffix}).`;
  const markdown = [
    '## Payments',
    '',
    sentence,
    '',
    '<script>window.__pwned = true</script>',
    '',
    'A [script link](javascript:window.__pwned=true) and <a href="javascript:window.__pwned=true">raw anchor</a>.',
    '',
    '<img src="x" onerror="window.__pwned=true">',
    '',
    'Browse [the catalogue](/courses).',
  ].join('\n');

  async function openEditorAsAdmin(page: Page): Promise<void> {
    await apiToken(page.request, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await page.goto('/dashboard/admin');
    await page.getByRole('link', { name: 'Site pages' }).first().click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/admin/site-pages'));
    await expect(page.getByRole('heading', { level: 1, name: 'Site pages' })).toBeVisible();
  }

  async function visitorPage(browser: Browser, path: string): Promise<Page> {
    const visitor = await freshPage(browser);
    await visitor.goto(path);
    return visitor;
  }

  test('the admin saves the FAQ; visitors read the new text without its HTML or script links', async ({
    page,
    browser,
  }) => {
    await openEditorAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^Frequently asked questions/ })
      .click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Text (Markdown)').fill(markdown);
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText(sentence)).toBeVisible();
    await expect(preview.locator('script, img, [onerror]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(toast(page, `${title} saved`)).toBeVisible();
    await expect(page.getByText(/^Saved by Admin User/)).toBeVisible();

    // A visitor follows the footer's FAQs link from the landing page.
    const visitor = await visitorPage(browser, '/');
    await revealFooter(visitor);
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
    await expect(visitor).toHaveURL(urlWithPath('/pages/faq'));
    const article = visitor.locator('article');
    await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(article.getByText(sentence)).toBeVisible();
    await expect(article.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
    await expect(article.locator('script, img, iframe, [onerror]')).toHaveCount(0);
    await expect(article.getByRole('link', { name: 'script link' })).toHaveCount(0);
    await expect(article.getByText('script link')).toBeVisible();
    await expect(article.getByRole('link', { name: 'raw anchor' })).toHaveCount(0);
    expect(await article.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await visitor.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await article.getByRole('link', { name: 'the catalogue' }).click();
    await expect(visitor).toHaveURL(urlWithPath('/courses'));
    await visitor.context().close();
  });

  test('the admin puts it back to its default text', async ({ page, browser }) => {
    await openEditorAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: new RegExp(`^${title}`) })
      .click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Back to default text' }).click();
    await expect(toast(page, 'Frequently asked questions is back to the default text')).toBeVisible();

    const visitor = await visitorPage(browser, '/pages/faq');
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeVisible();
    await expect(visitor.getByText(sentence)).toHaveCount(0);
    await visitor.context().close();
  });
});

test.describe('screenshots and axe', () => {
  test.setTimeout(120_000);
  for (const theme of THEMES) {
    test(`landing, Features, a site page and the editor at 375 and 1280 px, ${theme} theme`, async ({
      page,
    }, testInfo) => {
      await useTheme(page, theme);
      const screens: { name: string; path: string; ready: (page: Page) => Promise<void>; admin?: boolean }[] =
        [
          {
            name: 'landing',
            path: '/',
            ready: async (current) => {
              await expect(current.getByRole('term').first()).toBeVisible();
              await expect(
                current.getByRole('region', { name: 'Trending Courses' }).getByRole('article').first(),
              ).toBeVisible();
              await revealFooter(current);
              await current.evaluate(() => window.scrollTo(0, 0));
            },
          },
          {
            name: 'features',
            path: '/features',
            ready: (current) =>
              expect(current.getByRole('heading', { level: 2, name: 'Self-hosting' })).toBeVisible(),
          },
          {
            name: 'site-page-privacy',
            path: '/pages/privacy',
            ready: (current) =>
              expect(
                current.getByRole('heading', { level: 2, name: 'Cookies and local storage' }),
              ).toBeVisible(),
          },
          {
            name: 'admin-site-pages',
            path: '/dashboard/admin/site-pages',
            admin: true,
            ready: (current) =>
              expect(
                current
                  .getByRole('region', { name: 'Preview' })
                  .getByRole('heading', { level: 2, name: 'What you can do here' }),
              ).toBeVisible(),
          },
        ];
      for (const screen of screens) {
        if (screen.admin) await apiToken(page.request, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
        for (const width of SCREEN_WIDTHS) {
          await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
          await page.goto(screen.path);
          await screen.ready(page);
          if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
          const sizes = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect(
            sizes.scrollWidth,
            `horizontal overflow of ${screen.name} at ${width} px`,
          ).toBeLessThanOrEqual(sizes.innerWidth);
          await save(page, testInfo, `${screen.name}-${width}-${theme}`);
          await expectNoBlockingViolations(page, `${screen.name} at ${width} px (${theme})`);
        }
      }
    });
  }
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
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
      await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Trending Courses' }).getByRole('article').first(),
      ).toBeVisible();
      await expect(page.getByRole('term').first()).toBeVisible();
      await expectNoViolations(page);
    });

    test('the side dialog with its Product section open', async ({ page }) => {
      await page.setViewportSize(MOBILE);
      await openLanding(page);
      await page.getByRole('button', { name: 'Open main menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Product' }).click();
      await expect(page.getByRole('dialog').getByRole('link', { name: 'Contact us' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
