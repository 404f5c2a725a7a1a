/**
 * The profile page and the student dashboard through the real UI (issue 13 items 3 and 4; decision 0038):
 *   - a student changes their name (the top bar's user menu shows it at once) and uploads a photo (a PNG
 *     made here), which shows on the page and in the top bar, also after a reload;
 *   - changing the password ends the session of another browser, and this one stays;
 *   - a new student's dashboard shows zeros and the way to the catalogue; after buying a course with the
 *     test card it shows the course, its progress, and "Continue learning" opens the player at the
 *     position recorded for the lecture;
 *   - screenshots of the profile page and the dashboard (populated and empty) at 375 and 1280 px, light
 *     and dark (test artifacts: e2e/test-results/artifacts/<test>/<screen>-<width>-<theme>.png), each with
 *     axe giving no serious or critical violation.
 */
import { crc32, deflateSync } from 'node:zlib';
import { THEME_STORAGE_KEY, THEMES, type Theme } from '@lectio/contracts/constants';
import { expectNoBlockingViolations } from '../axe';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  signIn,
  submitSignInForm,
  toast,
  uniqueEmail,
  urlWithPath,
} from '../fixtures';
import { apiToken, SCREEN_WIDTHS } from '../screens';
import { type APIRequestContext, type Browser, expect, type Page, test } from '../test';

test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** A `size` x `size` PNG, one colour (RGB), built here: signature, IHDR, IDAT, IEND. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Student {
  name: string;
  email: string;
  password: string;
}

/** A new student account, made through the API. */
async function newStudent(request: APIRequestContext, label: string): Promise<Student> {
  const student = { name: `Profile ${label}`, email: uniqueEmail(label), password: 'first-pass-1' };
  const response = await request.post('/api/v1/auth/signup', {
    data: { ...student, confirmPassword: student.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return student;
}

async function signInAs(page: Page, student: Pick<Student, 'email' | 'password'>): Promise<void> {
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
}

async function openProfileFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/profile'));
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
}

/** A figure tile of the dashboard: its label followed by its value. */
function tile(page: Page, label: string) {
  return page.getByRole('list', { name: 'Your learning in figures' }).getByRole('listitem').filter({
    hasText: label,
  });
}

test('a student changes their name and photo; the top bar shows both at once', async ({ page }) => {
  const student = await newStudent(page.request, 'name');
  await signInAs(page, student);
  await openProfileFromMenu(page);

  await test.step('the new name, in the user menu at once', async () => {
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(student.name);
    await name.fill('Renamed Learner');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(
      page.getByRole('menu', { name: 'User menu' }).locator('..').getByText('Renamed Learner'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('a photo, uploaded and shown on the page and in the top bar', async () => {
    await page.getByLabel('Profile photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(64, [13, 148, 136]),
    });
    await expect(toast(page, 'Profile photo updated')).toBeVisible();
    const photo = page.getByRole('img', { name: 'Avatar of Renamed Learner' });
    await expect(photo).toHaveAttribute('src', /\/api\/v1\/media\/users%2F/);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
    const topBar = page.getByTestId('user-menu-avatar');
    await expect(topBar).toBeVisible();
    await expect.poll(() => topBar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
  });

  await test.step('after a reload the session brings name and photo back', async () => {
    await page.reload();
    await expect(page.getByTestId('user-menu-avatar')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Renamed Learner');
    await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  });
});

async function secondBrowser(browser: Browser, student: Student): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, student);
  return page;
}

test('changing the password ends the session in another browser; this one stays', async ({
  page,
  browser,
}) => {
  const student = await newStudent(page.request, 'password');
  await signInAs(page, student);
  const elsewhere = await secondBrowser(browser, student);
  try {
    await openProfileFromMenu(page);
    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('second-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The password is incorrect')).toBeVisible();

    await page.getByLabel('Current password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Password changed. Your other sessions have been signed out.')).toBeVisible();

    // The other browser's session is over: its next load finds no session.
    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/signin/);
    // This one goes on.
    await page.reload();
    await expect(page).toHaveURL(urlWithPath('/dashboard/profile'));
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();

    // The new password signs in; the old one doesn't.
    await submitSignInForm(elsewhere, student.email, student.password);
    await expect(elsewhere.getByText('Invalid email or password')).toBeVisible();
    await submitSignInForm(elsewhere, student.email, 'second-pass-2');
    await expect(elsewhere).toHaveURL(urlWithPath('/dashboard'));
  } finally {
    await elsewhere.context().close();
  }
});

interface CourseSummary {
  _id: string;
  title: string;
  price: number;
  videos: { _id: string; order: number; title: string; duration: number }[];
}

/** A course's first lecture in curriculum order. */
function firstLecture(course: CourseSummary): CourseSummary['videos'][number] | undefined {
  return course.videos.toSorted((a, b) => a.order - b.order)[0];
}

/**
 * A paid published course whose first lecture has a video (a new student owns none). Other specs on the
 * same server publish courses whose first lesson is a handout or an article: those don't play.
 */
async function paidCourse(request: APIRequestContext): Promise<CourseSummary> {
  const list = await request.get('/api/v1/courses?limit=50');
  expect(list.status()).toBe(200);
  const courses = ((await list.json()) as { data: { courses: CourseSummary[] } }).data.courses;
  const course = courses.find(
    (candidate) => candidate.price > 0 && (firstLecture(candidate)?.duration ?? 0) > 0,
  );
  if (!course) throw new Error('The demo seed has no paid course whose first lecture has a video');
  return course;
}

test('the dashboard of a new student, then after buying a course with the test card', async ({ page }) => {
  test.setTimeout(90_000);
  const student = await newStudent(page.request, 'dashboard');
  await signInAs(page, student);

  await test.step('zeros and the way to the catalogue', async () => {
    await expect(page.getByRole('heading', { level: 1, name: `Hi ${student.name}` })).toBeVisible();
    const empty = page.getByRole('region', { name: 'No courses yet' });
    await expect(empty).toBeVisible();
    await expect(tile(page, 'Courses Enrolled')).toHaveText('Courses Enrolled0');
    await expect(tile(page, 'Courses Completed')).toHaveText('Courses Completed0');
    await expect(tile(page, 'Certificates Earned')).toHaveText('Certificates Earned0');
    await expect(tile(page, 'Avg Progress')).toHaveText('Avg Progress0%');
    await expect(page.getByRole('region', { name: 'Continue learning' })).toHaveCount(0);
    await expect(empty.getByRole('link', { name: 'Browse courses' })).toHaveAttribute(
      'href',
      '/dashboard/courses',
    );
  });

  const course = await paidCourse(page.request);
  const first = firstLecture(course) as CourseSummary['videos'][number];

  await test.step('buy a course with 4242 4242 4242 4242', async () => {
    await page.goto(`/dashboard/checkout/${encodeURIComponent(course._id)}`);
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
    await page.getByRole('textbox', { name: 'Expiry date (MM / YY)' }).fill('12 / 34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/mycourse'));
  });

  await test.step('the dashboard shows it, to start from its first lecture', async () => {
    await page.goto('/dashboard');
    await expect(tile(page, 'Courses Enrolled')).toHaveText('Courses Enrolled1');
    await expect(tile(page, 'Avg Progress')).toHaveText('Avg Progress0%');
    const active = page.getByRole('region', { name: 'My Active Courses' });
    await expect(active.getByRole('progressbar', { name: `${course.title} progress` })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    const next = page.getByRole('region', { name: 'Continue learning' });
    await expect(next.getByText('Start the first lecture')).toBeVisible();
    await expect(next.getByRole('link', { name: `Start learning: ${first.title}` })).toHaveAttribute(
      'href',
      `/dashboard/course/${course._id}/lecture/${first._id}`,
    );
  });

  await test.step('after watching part of it, Continue opens the player at that position', async () => {
    const token = await apiToken(page.request, student.email, student.password);
    const position = 2;
    const recorded = await page.request.post(`/api/v1/progress/${first._id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { watchedDuration: position, completed: false },
    });
    expect(recorded.status(), await recorded.text()).toBe(200);
    await page.reload();
    const next = page.getByRole('region', { name: 'Continue learning' });
    await expect(next.getByText(/^Resume at 0:02/)).toBeVisible();
    await next.getByRole('link', { name: `Continue: ${first.title}` }).click();
    await expect(page).toHaveURL(urlWithPath(`/dashboard/course/${course._id}/lecture/${first._id}`));
    const video = page.getByLabel(`Lecture video: ${first.title}`);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(position - 0.5);
  });
});

// ---------------------------------------------------------------------------------------------------
// Screenshots and axe

const HEIGHT: Record<(typeof SCREEN_WIDTHS)[number], number> = { 375: 812, 1280: 800 };

interface Screen {
  name: string;
  path: string;
  /** Signs the page's context in (through the API, which sets the refresh cookie). */
  account: (request: APIRequestContext) => Promise<void>;
  ready: (page: Page) => Promise<void>;
}

const signInWith = (email: string, password: string) => async (request: APIRequestContext) => {
  await apiToken(request, email, password);
};

const freshStudent = (label: string) => async (request: APIRequestContext) => {
  const student = await newStudent(request, label);
  await apiToken(request, student.email, student.password);
};

const SCREENS: Screen[] = [
  {
    name: 'profile',
    path: '/dashboard/profile',
    account: freshStudent('shot-profile'),
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Delete account' })).toBeVisible();
    },
  },
  {
    name: 'dashboard-populated',
    path: '/dashboard',
    account: signInWith(DEMO_ACCOUNTS.student.email, DEMO_PASSWORD),
    ready: async (page) => {
      await expect(
        page.getByRole('heading', { level: 1, name: `Hi ${DEMO_ACCOUNTS.student.name}` }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'My Active Courses' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Recommended for you' })).toBeVisible();
    },
  },
  {
    name: 'dashboard-empty',
    path: '/dashboard',
    account: freshStudent('shot-empty'),
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'No courses yet' })).toBeVisible();
    },
  },
];

/** Nothing still loading: busy regions, skeletons; lazy images loaded. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of Array.from(document.querySelectorAll('img[loading="lazy"]'))) {
      (image as HTMLImageElement).loading = 'eager';
    }
  });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.animate-pulse:visible, .animate-spin:visible')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.complete)))
    .toBe(true);
}

async function useSavedTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [THEME_STORAGE_KEY, theme] as const,
  );
}

for (const screen of SCREENS) {
  for (const theme of THEMES) {
    test(`${screen.name}, ${theme}: screenshots at 375 and 1280 px, no serious or critical axe violation`, async ({
      page,
    }, testInfo) => {
      await useSavedTheme(page, theme);
      await screen.account(page.request);
      for (const width of SCREEN_WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT[width] });
        await page.goto(screen.path);
        await screen.ready(page);
        await settled(page);
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

        const sizes = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(sizes.scrollWidth, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(sizes.innerWidth);

        const file = testInfo.outputPath(`${screen.name}-${width}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${screen.name}-${width}-${theme}`, { path: file, contentType: 'image/png' });

        await expectNoBlockingViolations(page, `${screen.path} at ${width} px (${theme})`);
      }
    });
  }
}
