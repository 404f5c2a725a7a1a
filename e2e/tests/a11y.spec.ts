/**
 * Accessibility of every screen a user reaches (issue 6; spec sections 2 and 4), in the light and the dark
 * theme:
 *   - axe-core runs the WCAG 2.0/2.1 A and AA rules on each screen's real content (never a loading state),
 *     and on the states that only exist after an interaction (open menus, search results, form errors, a
 *     toast, the mobile drawer); any serious or critical violation fails the test, which lists rule,
 *     impact, help and the failing selectors. The same test checks what axe leaves out of colour
 *     contrast: form fields' boundaries need 3:1 against their surroundings (WCAG 1.4.11);
 *   - keyboard focus: Tab (and a menu's arrow keys) walk through a few screens, and every stop must show
 *     a focus outline with at least 3:1 contrast against what surrounds it.
 *
 * The theme is set the way a user's saved choice is, in localStorage before the page loads, so the boot
 * script applies it before first paint. Signed-in screens sign in through the API, which sets the refresh
 * cookie; the app picks the session up from it like after a reload (the auth specs cover the form).
 */
import { THEME_STORAGE_KEY, THEMES, type Theme } from '@lectio/contracts/constants';
import { blockingViolations, describeViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, submitSignInForm, uniqueEmail, urlWithPath } from '../fixtures';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../test';

// Charts draw without animation and nothing is caught mid-transition.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const MOBILE_VIEWPORT = { width: 390, height: 844 };

type Account = keyof typeof DEMO_ACCOUNTS;

interface CourseSummary {
  _id: string;
  price: number;
  videos: { _id: string; order: number }[];
}

/** Seeded ids the routes need, read from the running server (the demo seed's ids are random). */
interface SeededIds {
  /** A published course with lectures (public detail, admin edit screens) and its first lecture. */
  courseId: string;
  lectureId: string;
  /** A paid published course the demo student does not own: their checkout. */
  checkoutCourseId: string;
  /** A course the demo student owns and its first lecture: their player. */
  ownedCourseId: string;
  ownedLectureId: string;
}

async function apiSignIn(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/v1/auth/login', {
    data: { email: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD },
  });
  expect(response.status(), `sign in as ${account}`).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

function firstLecture(course: CourseSummary | undefined) {
  return course?.videos.toSorted((a, b) => a.order - b.order)[0];
}

async function readSeededIds(request: APIRequestContext): Promise<SeededIds> {
  const list = await request.get('/api/v1/courses?limit=50');
  expect(list.status()).toBe(200);
  const published = ((await list.json()) as { data: { courses: CourseSummary[] } }).data.courses;

  const token = await apiSignIn(request, 'student');
  const mine = await request.get('/api/v1/courses/my-courses', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(mine.status()).toBe(200);
  const owned = ((await mine.json()) as { data: { courses: CourseSummary[] } }).data.courses;
  const ownedIds = new Set(owned.map((course) => course._id));

  const withLectures = published.filter((course) => course.videos.length > 0);
  const course = withLectures[0];
  const lecture = firstLecture(course);
  const checkoutCourse = withLectures.find((item) => item.price > 0 && !ownedIds.has(item._id));
  const ownedCourse = owned.find((item) => item.videos.length > 0);
  const ownedLecture = firstLecture(ownedCourse);
  if (!course || !lecture || !checkoutCourse || !ownedCourse || !ownedLecture) {
    throw new Error('The demo seed no longer has the courses this spec needs (packages/db/src/seed)');
  }
  return {
    courseId: course._id,
    lectureId: lecture._id,
    checkoutCourseId: checkoutCourse._id,
    ownedCourseId: ownedCourse._id,
    ownedLectureId: ownedLecture._id,
  };
}

let ids: SeededIds;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  try {
    ids = await readSeededIds(request);
  } finally {
    await request.dispose();
  }
});

/** Colour helpers the in-page checks share, installed before the page's own scripts. */
interface PageTools {
  /** Any CSS colour (Tailwind 4 uses oklch) as sRGB bytes and alpha, read back through a canvas. */
  rgba(color: string): [number, number, number, number];
  /** WCAG contrast ratio of two opaque colours. */
  contrast(a: readonly number[], b: readonly number[]): number;
  /** The first opaque background from `start` up (the page's when none). */
  backgroundBehind(start: Element | null): [number, number, number, number];
  /** Tag, id, role and name: enough to find an element in a failure message. */
  describe(element: Element): string;
}

declare global {
  interface Window {
    lectioA11y: PageTools;
  }
}

function installPageTools(): void {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const rgba = (color: string): [number, number, number, number] => {
    if (!context) return [0, 0, 0, 0];
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = '#000';
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const luminance = ([r = 0, g = 0, b = 0]: readonly number[]) => {
    const linear = (channel: number) => {
      const value = channel / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  window.lectioA11y = {
    rgba,
    contrast: (a, b) => {
      const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (lighter + 0.05) / (darker + 0.05);
    },
    backgroundBehind: (start) => {
      for (let node = start; node; node = node.parentElement) {
        const color = rgba(getComputedStyle(node).backgroundColor);
        if (color[3] > 0.5) return color;
      }
      return rgba(getComputedStyle(document.documentElement).backgroundColor);
    },
    describe: (element) => {
      const labelled = 'labels' in element ? (element as HTMLInputElement).labels?.[0]?.textContent : null;
      const name = (
        element.getAttribute('aria-label') ||
        labelled ||
        element.textContent ||
        element.getAttribute('placeholder') ||
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 60);
      const role = element.getAttribute('role');
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        role ? ` role=${role}` : ''
      }> "${name}"`;
    },
  };
}

/** Saves the theme as the app does, before any of the page's scripts run (also on later navigations). */
async function useSavedTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [THEME_STORAGE_KEY, theme] as const,
  );
}

/**
 * Waits until nothing on the page says it is still loading: no start-up or per-screen loading text, no
 * busy region (the catalogue, a course card before its details show), no skeleton, shimmer or spinner.
 */
async function waitUntilSettled(page: Page): Promise<void> {
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^\s*(Loading|Refreshing)\b/ })).toHaveCount(0);
  // A card stays busy until its thumbnail loads, and lazy images far below the fold never do: load them.
  await page.evaluate(() => {
    for (const image of Array.from(document.querySelectorAll('img[loading="lazy"]'))) {
      (image as HTMLImageElement).loading = 'eager';
    }
  });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.animate-pulse:visible, .animate-spin:visible')).toHaveCount(0);
}

interface Screen {
  name: string;
  path: (seeded: SeededIds) => string;
  /** Signed out when absent. */
  account?: Account;
  viewport?: { width: number; height: number };
  /** The page's real content, visible once it has loaded. */
  content: (page: Page) => Locator;
  /** More that must be there before the check (charts drawn). */
  alsoWait?: (page: Page) => Promise<void>;
  /** Brings the page into the state to check (opens a menu, submits a form) and waits for it. */
  prepare?: (page: Page) => Promise<void>;
}

const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).first();
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function chartsDrawn(page: Page, count: number): Promise<void> {
  await expect(page.locator('[role="img"] canvas')).toHaveCount(count);
}

/** Every chart card settled: drawn, or showing its empty state (a series of zeros has nothing to draw). */
async function chartsSettled(page: Page, count: number): Promise<void> {
  await expect(
    page.locator('[role="img"] canvas').or(page.getByText('No data for this period yet', { exact: true })),
  ).toHaveCount(count);
}

/** Focuses each field in turn and leaves it, as a user tabbing through does (the forms validate on blur). */
async function leaveEachField(page: Page, labels: string[]): Promise<void> {
  for (const label of labels) await page.getByLabel(label, { exact: true }).focus();
  await page.getByLabel(labels[0] ?? '', { exact: true }).focus();
}

const studentDashboard: Omit<Screen, 'name'> = {
  path: () => '/dashboard',
  account: 'student',
  content: (page) => page.getByRole('heading', { name: `Hi ${DEMO_ACCOUNTS.student.name}` }),
};

const userManagement: Omit<Screen, 'name'> = {
  path: () => '/dashboard/admin/user-manage',
  account: 'admin',
  content: (page) => page.getByRole('heading', { name: 'Recently Registered Users' }),
  alsoWait: (page) => chartsDrawn(page, 1),
};

const SCREENS: Screen[] = [
  // Public screens. A state reached by an interaction is checked instead of the bare page: axe checks the
  // whole page either way, so the bare page adds nothing.
  { name: 'home', path: () => '/', content: mainHeading },
  { name: 'course list', path: () => '/courses', content: (page) => page.getByRole('article').first() },
  {
    name: 'course detail (course content expanded)',
    path: (seeded) => `/course/${seeded.courseId}`,
    content: (page) => page.getByRole('link', { name: 'Login to Enroll' }),
    prepare: async (page) => {
      await page.getByRole('button', { name: /^Course content/, expanded: false }).click();
      await expect(page.getByRole('button', { name: /^Course content/, expanded: true })).toBeVisible();
    },
  },
  {
    name: 'sign in (field errors)',
    path: () => '/signin',
    content: (page) => button(page, 'Sign In'),
    prepare: async (page) => {
      await leaveEachField(page, ['Email', 'Password']);
      await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'sign in (server message)',
    path: () => '/signin',
    content: (page) => button(page, 'Sign In'),
    prepare: async (page) => {
      // An unknown address: failed sign-ins are throttled per account, and the demo ones are used below.
      await submitSignInForm(page, uniqueEmail('a11y'), DEMO_PASSWORD);
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    },
  },
  {
    name: 'sign up (field errors)',
    path: () => '/signup',
    content: (page) => button(page, 'Sign Up'),
    prepare: async (page) => {
      await leaveEachField(page, ['Name', 'Email', 'Password', 'Confirm Password']);
      await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'unauthorized',
    path: () => '/unauthorized',
    content: (page) => page.getByRole('heading', { name: 'Unauthorized', exact: true }),
  },
  {
    name: 'page not found',
    path: () => '/no/such/page',
    content: (page) => page.getByRole('heading', { name: 'Page not found', exact: true }),
  },

  // Student.
  {
    name: 'student dashboard (notifications open)',
    ...studentDashboard,
    prepare: async (page) => {
      await button(page, 'Notifications').click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    },
  },
  {
    name: 'student dashboard (user menu open)',
    ...studentDashboard,
    prepare: async (page) => {
      await button(page, 'User menu').focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menu', { name: 'User menu' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Help & Support' })).toHaveAttribute(
        'href',
        '/pages/support',
      );
    },
  },
  {
    name: 'student dashboard (search results)',
    ...studentDashboard,
    prepare: async (page) => {
      await page.getByRole('combobox', { name: 'Search courses' }).fill('React');
      await expect(page.getByRole('option').first()).toBeVisible();
    },
  },
  {
    name: 'student dashboard (mobile, drawer open)',
    ...studentDashboard,
    viewport: MOBILE_VIEWPORT,
    prepare: async (page) => {
      await button(page, 'Toggle sidebar').click();
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    },
  },
  {
    name: 'student: course catalogue',
    path: () => '/dashboard/courses',
    account: 'student',
    content: (page) => page.getByRole('main').getByRole('article').first(),
  },
  {
    name: 'student: owned course detail',
    path: (seeded) => `/dashboard/course/${seeded.ownedCourseId}`,
    account: 'student',
    // 'Start' or 'Continue Watching', as the seeded student's progress has it.
    content: (page) => page.getByRole('link', { name: /^(Start|Continue Watching)$/ }),
  },
  {
    name: 'student: my courses',
    path: () => '/dashboard/mycourse',
    account: 'student',
    content: (page) => page.getByRole('main').getByRole('article').first(),
  },
  {
    name: 'student: checkout',
    path: (seeded) => `/dashboard/checkout/${seeded.checkoutCourseId}`,
    account: 'student',
    content: (page) => page.getByRole('button', { name: /^Pay\b/ }),
  },
  {
    name: 'student: lecture player',
    path: (seeded) => `/dashboard/course/${seeded.ownedCourseId}/lecture/${seeded.ownedLectureId}`,
    account: 'student',
    content: (page) => page.getByRole('main').locator('video'),
    alsoWait: (page) => expect(mainHeading(page)).toBeVisible(),
  },

  // Admin.
  {
    name: 'admin dashboard',
    path: () => '/dashboard/admin',
    account: 'admin',
    content: (page) => page.getByRole('status').filter({ hasText: 'Up to date' }),
    alsoWait: (page) => chartsDrawn(page, 2),
  },
  {
    name: 'admin: course list',
    path: () => '/dashboard/admin/course-list',
    account: 'admin',
    content: (page) => page.getByRole('rowheader').first(),
  },
  {
    name: 'admin: create course',
    path: () => '/dashboard/admin/create',
    account: 'admin',
    content: (page) => page.getByRole('textbox', { name: 'Title', exact: true }),
  },
  {
    name: 'admin: edit course',
    path: (seeded) => `/dashboard/admin/update/${seeded.courseId}`,
    account: 'admin',
    content: (page) => button(page, 'Update Course'),
  },
  {
    name: 'admin: lectures of a course',
    path: (seeded) => `/dashboard/admin/create-lecture/${seeded.courseId}`,
    account: 'admin',
    content: (page) =>
      page.getByRole('region', { name: 'Curriculum' }).locator('li[data-lecture-id]').first(),
  },
  {
    name: 'admin: edit lecture',
    path: (seeded) => `/dashboard/admin/updatelecture/${seeded.lectureId}`,
    account: 'admin',
    content: (page) => button(page, 'Update Lecture'),
  },
  {
    name: 'admin: user management (role editor open)',
    ...userManagement,
    prepare: async (page) => {
      await page
        .getByRole('button', { name: /^Edit role of / })
        .and(page.locator(':enabled'))
        .first()
        .click();
      await expect(page.getByRole('combobox', { name: /^Role of / })).toBeVisible();
    },
  },
  {
    name: 'admin: engagement analytics',
    path: () => '/dashboard/admin/engagement-analytics',
    account: 'admin',
    content: (page) => page.getByText('Users online right now'),
    alsoWait: (page) => chartsSettled(page, 2),
  },

  // Instructor.
  {
    name: 'instructor home',
    path: () => '/dashboard/instructor',
    account: 'instructor',
    content: (page) => page.getByRole('heading', { name: 'Recent enrollments' }),
    alsoWait: (page) => chartsSettled(page, 1),
  },
  {
    name: 'instructor: course list',
    path: () => '/dashboard/instructor/course-list',
    account: 'instructor',
    content: (page) => page.getByRole('rowheader').first(),
  },
];

async function openScreen(page: Page, screen: Omit<Screen, 'name'>, theme: Theme): Promise<void> {
  await useSavedTheme(page, theme);
  await page.addInitScript(installPageTools);
  if (screen.viewport) await page.setViewportSize(screen.viewport);
  if (screen.account) await apiSignIn(page.request, screen.account);
  const path = screen.path(ids);
  await page.goto(path);
  await expect(page).toHaveURL(urlWithPath(path));
  await expect(screen.content(page)).toBeVisible();
  await screen.alsoWait?.(page);
  await waitUntilSettled(page);
  // The theme under test is the one applied.
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

/**
 * Text fields, selects and text areas whose boundary (border, or a fill that differs from the surroundings)
 * has less than 3:1 contrast against what surrounds them (WCAG 1.4.11, which axe doesn't check). Disabled
 * fields are exempt, as WCAG exempts inactive components; checkboxes and file inputs are drawn by the
 * browser or identified by their button.
 */
async function faintFieldBoundaries(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tools = window.lectioA11y;
    const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([type="checkbox"], [type="radio"], [type="file"], [type="hidden"]), select, textarea',
    );
    const problems: string[] = [];
    for (const field of Array.from(fields)) {
      const box = field.getBoundingClientRect();
      if (field.disabled || box.width < 4 || box.height < 4 || !field.checkVisibility()) continue;
      const style = getComputedStyle(field);
      const outside = tools.backgroundBehind(field.parentElement);
      const width = Number.parseFloat(style.borderTopWidth) || 0;
      const border = tools.rgba(style.borderTopColor);
      const borderRatio =
        width >= 1 && style.borderTopStyle !== 'none' && border[3] > 0.5
          ? tools.contrast(border, outside)
          : 0;
      const fillRatio = tools.contrast(tools.backgroundBehind(field), outside);
      if (Math.max(borderRatio, fillRatio) < 3) {
        problems.push(
          `${tools.describe(field)}: border ${borderRatio.toFixed(2)}:1, fill ${fillRatio.toFixed(2)}:1 (< 3:1)`,
        );
      }
    }
    return problems;
  });
}

for (const theme of THEMES) {
  test.describe(`WCAG A/AA, ${theme} theme`, () => {
    for (const screen of SCREENS) {
      test(`${screen.name}: no serious or critical axe violation; fields stand out`, async ({ page }) => {
        await openScreen(page, screen, theme);
        if (screen.prepare) {
          await screen.prepare(page);
          await waitUntilSettled(page);
        }
        const blocking = await blockingViolations(page);
        expect
          .soft(
            describeViolations(blocking),
            `serious or critical violations on ${screen.path(ids)} (${theme})`,
          )
          .toBe('');
        expect(
          (await faintFieldBoundaries(page)).join('\n'),
          `form fields with faint boundaries on ${screen.path(ids)} (${theme})`,
        ).toBe('');
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Keyboard focus

interface FocusStop {
  /** Tag, id, role, name: enough to find the element. */
  element: string;
  /** Why the indicator is missing or too faint; null when it is fine. */
  problem: string | null;
}

/**
 * Describes the focused element's indicator. The app draws focus as an outline (styles.css), never as a
 * box-shadow ring alone: forced-colours (high contrast) modes drop shadows but keep outlines. The outline
 * must be at least 2 px and have 3:1 contrast against the background around it (the first opaque
 * ancestor's: the outline sits outside the element, or inside it with a negative offset).
 */
async function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const tools = window.lectioA11y;
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const label = tools.describe(element);
    const style = getComputedStyle(element);
    const outlineWidth = Number.parseFloat(style.outlineWidth) || 0;
    if (style.outlineStyle === 'none' || outlineWidth === 0) {
      const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
      return { element: label, problem: ring ? 'a box-shadow but no outline' : 'no focus outline' };
    }
    if (outlineWidth < 2) return { element: label, problem: `outline only ${outlineWidth}px wide` };
    const outline = tools.rgba(style.outlineColor);
    if (outline[3] < 0.5) {
      return { element: label, problem: `outline colour ${style.outlineColor} is see-through` };
    }
    const offset = Number.parseFloat(style.outlineOffset) || 0;
    const ratio = tools.contrast(
      outline,
      tools.backgroundBehind(offset < 0 ? element : element.parentElement),
    );
    return {
      element: label,
      problem: ratio >= 3 ? null : `outline contrast ${ratio.toFixed(2)}:1 against its background (< 3:1)`,
    };
  });
}

/** Presses Tab up to `limit` times (stopping when focus leaves the page or comes back round). */
async function tabThrough(page: Page, limit: number): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  const seen = new Set<string>();
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (!stop) break;
    const key = await page.evaluate(() => {
      const element = document.activeElement;
      const path: number[] = [];
      for (let node = element; node?.parentElement; node = node.parentElement) {
        path.push(Array.prototype.indexOf.call(node.parentElement.children, node));
      }
      return path.join('.');
    });
    if (seen.has(key)) break;
    seen.add(key);
    stops.push(stop);
  }
  return stops;
}

interface FocusScreen {
  name: string;
  screen: Omit<Screen, 'name'>;
  /** Controls that must be among the stops (so the walk really reached the page's main controls). */
  mustReach: string[];
  /** More keyboard work after the walk from the top (a form filled in, a menu's arrow keys): its stops. */
  more?: (page: Page) => Promise<FocusStop[]>;
}

const FOCUS_SCREENS: FocusScreen[] = [
  {
    name: 'sign in',
    screen: { path: () => '/signin', content: (page) => button(page, 'Sign In') },
    mustReach: ['"Email"', 'Show password', 'Keep me logged in', 'Forgot password?', '"Sign In"'],
    // The submit button is disabled (skipped by Tab) until the form is valid: fill it, then Tab on to it.
    more: async (page) => {
      await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.student.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await expect(button(page, 'Sign In')).toBeEnabled();
      return tabThrough(page, 6);
    },
  },
  {
    name: 'course list',
    screen: { path: () => '/courses', content: (page) => page.getByRole('article').first() },
    mustReach: ['catalogue-search', 'catalogue-category', '"Search"', '"Enroll Now"'],
  },
  {
    name: 'student dashboard',
    screen: studentDashboard,
    mustReach: ['Toggle sidebar', 'Search courses', 'Notifications', 'Dark mode', 'User menu', 'Sign Out'],
    // The user menu's items are reached with the arrow keys, not Tab.
    more: async (page) => {
      await button(page, 'User menu').focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menu', { name: 'User menu' })).toBeVisible();
      const stops: FocusStop[] = [];
      for (let item = 0; item < 4; item++) {
        if (item > 0) await page.keyboard.press('ArrowDown');
        const stop = await focusStop(page);
        if (stop) stops.push(stop);
      }
      return stops;
    },
  },
  {
    name: 'admin user management',
    screen: userManagement,
    mustReach: ['Edit role of', 'Suspend'],
  },
];

for (const theme of THEMES) {
  test.describe(`keyboard focus is visible, ${theme} theme`, () => {
    for (const { name, screen, mustReach, more } of FOCUS_SCREENS) {
      test(`${name}: every keyboard stop shows a focus indicator`, async ({ page }) => {
        await openScreen(page, screen, theme);
        const stops = await tabThrough(page, 80);
        if (more) stops.push(...(await more(page)));

        const reached = stops.map((stop) => stop.element).join('\n');
        for (const control of mustReach) expect(reached, `keyboard reaches ${control}`).toContain(control);
        const faint = stops
          .filter((stop) => stop.problem !== null)
          .map((stop) => `${stop.element}: ${stop.problem}`);
        expect(faint.join('\n'), `focus indicators on ${screen.path(ids)} (${theme})`).toBe('');
      });
    }
  });
}
