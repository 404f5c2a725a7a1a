/**
 * The dashboard shell against the production build (spec sections 2, 4 and 6): the sidebar per demo
 * account, Ctrl+K course search, the theme surviving a reload, notifications, the user menu, and the
 * sidebar's desktop, tablet and mobile states.
 */

import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, signOut, urlWithPath } from '../fixtures';
import { expect, type Page, test } from '../test';

type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

const HOME: Record<DemoAccountKey, string> = {
  admin: '/dashboard/admin',
  instructor: '/dashboard/instructor',
  instructor2: '/dashboard/instructor',
  student: '/dashboard',
};

async function signInAs(page: Page, account: DemoAccountKey): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS[account].email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath(HOME[account]));
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** The names of the sidebar's top-level entries, in order. */
async function topLevelEntries(page: Page): Promise<string[]> {
  const entries = sidebar(page).locator(':scope > ul > li').locator(':scope > a, :scope > button');
  await expect(entries.first()).toBeVisible();
  return (await entries.allTextContents()).map((text) => text.trim());
}

test.describe('sidebar per role', () => {
  test('the admin sees the admin screens', async ({ page }) => {
    await signInAs(page, 'admin');
    expect(await topLevelEntries(page)).toEqual([
      'Dashboard',
      'Courses',
      'All Courses',
      'My Courses',
      'User management',
      'Engagement analytics',
      'Reported reviews',
      'Reported questions',
      'Revenue',
      'Refunds',
      'Teaching applications',
      'Coupons',
      'E-mail',
      'Site pages',
    ]);
    await expect(sidebar(page).getByRole('link', { name: 'User management' })).toHaveAttribute(
      'href',
      '/dashboard/admin/user-manage',
    );
  });

  test('an instructor sees the course group, their courses, earnings and coupons', async ({ page }) => {
    await signInAs(page, 'instructor');
    expect(await topLevelEntries(page)).toEqual([
      'Courses',
      'My Courses',
      'Earnings',
      'Coupons',
      'Reported questions',
    ]);
    await sidebar(page).getByRole('button', { name: 'Courses' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Manage courses', exact: true })).toHaveAttribute(
      'href',
      '/dashboard/instructor/course-list',
    );
    await expect(sidebar(page).getByRole('link', { name: 'Create course' })).toHaveAttribute(
      'href',
      '/dashboard/instructor/create',
    );
  });

  test('a student sees the catalogue and their courses', async ({ page }) => {
    await signInAs(page, 'student');
    expect(await topLevelEntries(page)).toEqual([
      'All Courses',
      'My Courses',
      'My Certificates',
      'Purchases',
      'Become an instructor',
    ]);
    await expect(sidebar(page).getByRole('link', { name: 'My Courses' })).toHaveAttribute(
      'href',
      '/dashboard/mycourse',
    );
  });

  test("the submenu of the current page's group is the one open", async ({ page }) => {
    await signInAs(page, 'admin');
    const group = sidebar(page).getByRole('button', { name: 'Courses' });
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await page.goto('/dashboard/admin/course-list');
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page).getByRole('link', { name: 'Manage courses', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test('Ctrl+K finds a course and opens it', async ({ page }) => {
  await signInAs(page, 'student');
  const search = await page.request.get('/api/v1/courses?search=React&limit=8');
  const { data } = (await search.json()) as { data: { courses: { _id: string; title: string }[] } };
  const course = data.courses.find((entry) => entry.title === 'Modern React from Scratch');
  expect(course, 'the demo seed publishes Modern React from Scratch').toBeDefined();

  await page.getByRole('heading', { name: `Hi ${DEMO_ACCOUNTS.student.name}` }).click();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Search courses' });
  await expect(box).toBeFocused();
  await page.keyboard.type('react');
  const option = page
    .getByRole('listbox', { name: 'Courses' })
    .getByRole('option', { name: /Modern React from Scratch/ });
  await expect(option).toBeVisible();

  // Arrow down to the course, then Enter.
  const options = page.getByRole('listbox', { name: 'Courses' }).getByRole('option');
  const index = (await options.allTextContents()).findIndex((text) =>
    text.includes('Modern React from Scratch'),
  );
  for (let step = 0; step <= index; step++) await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(urlWithPath(`/dashboard/course/${course?._id}`));
  await expect(page.getByRole('heading', { name: 'Modern React from Scratch', level: 1 })).toBeVisible();
});

test('the top-bar search keeps room for its shortcut hint only where the hint shows', async ({ page }) => {
  const padding = () =>
    page.getByRole('combobox', { name: 'Search courses' }).evaluate((input) => {
      const style = getComputedStyle(input);
      const hint = input.parentElement?.querySelector('kbd')?.closest('span');
      return {
        left: Number.parseFloat(style.paddingLeft),
        right: Number.parseFloat(style.paddingRight),
        hint: hint && getComputedStyle(hint).display !== 'none' ? hint.getBoundingClientRect().width : 0,
      };
    });
  await page.setViewportSize({ width: 375, height: 700 });
  await signInAs(page, 'student');
  // At 375 px the hint is hidden: a right padding kept for it cut the placeholder to "Search c".
  const narrow = await padding();
  expect(narrow.hint).toBe(0);
  expect(narrow.right).toBe(narrow.left);
  await page.setViewportSize({ width: 1280, height: 800 });
  const wide = await padding();
  expect(wide.hint).toBeGreaterThan(0);
  expect(wide.right).toBeGreaterThanOrEqual(wide.hint);
});

test('the chosen theme survives a reload, applied before the app starts', async ({ page }) => {
  await signInAs(page, 'student');
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

  // The boot script in <head> sets the class before any module runs (no light flash).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { darkAtDomReady: boolean }).darkAtDomReady =
        document.documentElement.classList.contains('dark');
    });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: `Hi ${DEMO_ACCOUNTS.student.name}` })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => (window as unknown as { darkAtDomReady: boolean }).darkAtDomReady)).toBe(
    true,
  );
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Hi ${DEMO_ACCOUNTS.student.name}` })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('the welcome toast shows top-right below the top bar, clear of the bell and the user menu', async ({
  page,
}) => {
  await signIn(page, DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
  const welcome = page
    .getByRole('status')
    .filter({ hasText: `Welcome back, ${DEMO_ACCOUNTS.student.name}!` });
  // A hovered toast waits (react-hot-toast pauses its timer), so it stays while it is measured.
  await welcome.hover();
  // Measure where the toast settles: during its enter animation it slides down from above the
  // viewport, scaled down, so its box is higher and narrower than where it comes to rest. On a busy
  // machine the animation may not have started when the toast is first found, so no running
  // animation is not enough: the box must also hold still between two looks.
  let previous = '';
  await expect
    .poll(
      async () => {
        const animating = await page.evaluate(() =>
          document
            .getAnimations()
            .some(
              (a) =>
                a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            ),
        );
        const box = JSON.stringify(await welcome.boundingBox());
        const still = !animating && box === previous;
        previous = box;
        return still;
      },
      { intervals: [250], message: 'the welcome toast comes to rest' },
    )
    .toBe(true);
  // The pointer may have landed before the toast came to rest: rest it on the toast again.
  await welcome.hover();
  const toastBox = await welcome.boundingBox();
  const viewport = page.viewportSize();
  const topBar = await page.getByRole('banner').boundingBox();
  expect(toastBox && viewport && topBar).toBeTruthy();
  if (!toastBox || !viewport || !topBar) return;
  expect(toastBox.y).toBeGreaterThanOrEqual(topBar.y + topBar.height);
  expect(viewport.width - (toastBox.x + toastBox.width)).toBeLessThan(40);
  for (const name of ['Notifications', 'User menu']) {
    const control = await page.getByRole('button', { name }).boundingBox();
    expect(control, name).toBeTruthy();
    if (control) expect(control.y + control.height, name).toBeLessThanOrEqual(toastBox.y);
  }
});

test('the bell opens the newest notifications and the user menu shows the user and signs out', async ({
  page,
}) => {
  await signInAs(page, 'instructor');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByRole('link', { name: 'See all notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notifications).toBeHidden();

  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expect(page.getByText(DEMO_ACCOUNTS.instructor.email)).toBeVisible();
  await expect(page.getByText(DEMO_ACCOUNTS.instructor.name, { exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Profile Settings',
    'Account Settings',
    'Help & Support',
    'Sign Out',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await signOut(page);
  await expect(page).toHaveURL(urlWithPath('/signin'));
});

test.describe('sidebar states', () => {
  test('desktop: the toggle collapses it to icons and hovering expands it for a moment', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, 'admin');
    const nav = sidebar(page);
    await expect(nav).toHaveAttribute('data-state', 'expanded');
    const wide = (await nav.boundingBox())?.width ?? 0;

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(nav).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => (await nav.boundingBox())?.width).toBeLessThan(wide / 2);

    await nav.hover();
    await expect(nav).toHaveAttribute('data-state', 'peek');
    await expect(nav.getByText('User management')).toBeVisible();
    // Away from the sidebar (which now overlays the left of the page).
    await page.mouse.move(1200, 500);
    await expect(nav).toHaveAttribute('data-state', 'collapsed');
  });

  test('desktop: on a page longer than the window the sidebar’s background runs its whole height', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await signInAs(page, 'instructor');
    await expect(sidebar(page)).toBeVisible();
    // Once the home's figures have loaded, the page is longer than the window.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(800);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const column = page.getByTestId('sidebar-column');
    const box = await column.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(pageHeight - 1);
    const background = await column.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('tablet: collapsed by default, the toggle expands it', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await signInAs(page, 'student');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  });

  test('mobile: an overlay drawer opened from the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, 'student');
    const nav = sidebar(page);
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'My Courses' }).click();
    await expect(page).toHaveURL(urlWithPath('/dashboard/mycourse'));
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });
});
