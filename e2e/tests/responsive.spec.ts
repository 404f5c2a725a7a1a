/**
 * The layout at phone, tablet and desktop widths (issue 6; spec section 9's breakpoints): full-page
 * screenshots of the landing page, the student dashboard and the admin dashboard at 375, 768 and 1280 px,
 * saved as test artifacts (e2e/test-results/artifacts/<test>/<page>-<width>.png, also attached to the
 * report), and at 375 px nothing on those pages, /courses or a course's detail page is wider than the
 * viewport. A failure names the elements that stick out.
 */

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../fixtures';
import { type APIRequestContext, expect, type Page, test } from '../test';

const WIDTHS = [375, 768, 1280] as const;
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 375: 812, 768: 1024, 1280: 800 };

test.use({ contextOptions: { reducedMotion: 'reduce' } });

type Account = 'student' | 'admin';

interface Screen {
  name: string;
  path: () => string;
  account?: Account;
  /** Saved as a screenshot at each width. */
  screenshot: boolean;
  /** Visible once the page's real content is there. */
  ready: (page: Page) => Promise<void>;
}

let publishedCourseId = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  try {
    const list = await request.get('/api/v1/courses?limit=1');
    expect(list.status()).toBe(200);
    const [course] = ((await list.json()) as { data: { courses: { _id: string }[] } }).data.courses;
    if (!course) throw new Error('The demo seed has no published course');
    publishedCourseId = course._id;
  } finally {
    await request.dispose();
  }
});

/**
 * Scrolls through the page (lazily loaded course images load only near the viewport), then waits until
 * nothing says it is still loading: start-up text, busy regions, skeletons, shimmers, spinners.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((wake) => setTimeout(wake, 50));
    }
  });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.animate-pulse:visible, .animate-spin:visible')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

const SCREENS: Screen[] = [
  {
    name: 'landing',
    path: () => '/',
    screenshot: true,
    ready: async (page) => {
      await expect(
        page.getByRole('heading', { level: 1, name: 'Start learning from best institutions' }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Trending Courses' }).getByRole('article')).toHaveCount(
        4,
      );
    },
  },
  {
    name: 'student-dashboard',
    path: () => '/dashboard',
    account: 'student',
    screenshot: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: `Hi ${DEMO_ACCOUNTS.student.name}` })).toBeVisible();
    },
  },
  {
    name: 'admin-dashboard',
    path: () => '/dashboard/admin',
    account: 'admin',
    screenshot: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      await expect(page.getByText('Up to date')).toBeVisible();
      await expect(page.locator('[role="img"] canvas')).toHaveCount(2);
    },
  },
  {
    name: 'courses',
    path: () => '/courses',
    screenshot: false,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'course-detail',
    path: () => `/course/${publishedCourseId}`,
    screenshot: false,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
];

async function signInThroughApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/v1/auth/login', {
    data: { email: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD },
  });
  expect(response.status(), `sign in as ${account}`).toBe(200);
}

/** The elements whose right edge passes the viewport's, outermost first (for the failure message). */
function elementsStickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes =
        typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 4) : [];
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
      return `${element.tagName.toLowerCase()}${id}${classes.length ? `.${classes.join('.')}` : ''} "${label}" right=${Math.round(element.getBoundingClientRect().right)}`;
    };
    return Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter(
        (element) =>
          !element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 0.5,
      )
      .slice(0, 10)
      .map(describe);
  });
}

for (const screen of SCREENS) {
  for (const width of WIDTHS) {
    if (!screen.screenshot && width !== 375) continue;
    test(`${screen.name} at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: HEIGHT[width] });
      if (screen.account) await signInThroughApi(page.request, screen.account);
      await page.goto(screen.path());
      await screen.ready(page);
      await settled(page);

      if (width === 375) {
        const sizes = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(
          sizes.scrollWidth,
          `horizontal overflow on ${screen.path()}: ${(await elementsStickingOut(page)).join('; ')}`,
        ).toBeLessThanOrEqual(sizes.innerWidth);
      }

      if (screen.screenshot) {
        const file = testInfo.outputPath(`${screen.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${screen.name}-${width}`, { path: file, contentType: 'image/png' });
      }
    });
  }
}
