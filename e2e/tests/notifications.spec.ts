/**
 * Notifications for real (issue 15, item 3): the bell's badge is the unread count from the database, a
 * sale to a new student reaches the instructor's open page without a reload (the summary is polled), the
 * see-all page lists it, and marking all read clears the badge. Screenshots of the bell and the page at
 * 375 and 1280 px, light and dark, with axe.
 */
import type { Course } from '@lectio/contracts/course';
import type { Notification } from '@lectio/contracts/notifications';
import { buyAsNewStudent } from '../api-setup';
import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const INSTRUCTOR = DEMO_ACCOUNTS.instructor;

async function instructorSummary(request: APIRequestContext) {
  const token = await apiToken(request, INSTRUCTOR.email, DEMO_PASSWORD);
  return apiGet<{ unreadCount: number; latest: Notification[] }>(request, token, '/notifications/summary');
}

/** A paid, published course of the demo instructor's. */
async function instructorCourse(request: APIRequestContext): Promise<Course> {
  const token = await apiToken(request, INSTRUCTOR.email, DEMO_PASSWORD);
  const { data } = await apiGet<{ data: { courses: Course[] } }>(
    request,
    token,
    '/instructor/courses?limit=50',
  );
  const course = data.courses.find((candidate) => candidate.isPublished && candidate.price > 0);
  if (!course) throw new Error('the demo instructor has no published paid course');
  return course;
}

const bell = (page: Page) => page.getByRole('button', { name: 'Notifications' });
const badge = (page: Page) => page.getByTestId('notifications-badge');

async function expectBadge(page: Page, count: number, timeout?: number) {
  if (count === 0) await expect(badge(page)).toHaveCount(0, { timeout });
  else await expect(badge(page)).toHaveAttribute('data-count', String(count), { timeout });
}

test('a sale reaches the instructor’s open page without a reload; the see-all page lists it; mark all read clears the badge', async ({
  page,
  request,
}) => {
  const before = await instructorSummary(request);
  await signIn(page, INSTRUCTOR.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
  await expectBadge(page, before.unreadCount);

  const course = await instructorCourse(request);
  const buyer = `Noor Notified ${Date.now()}`;
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await buyAsNewStudent(request, course._id, { name: buyer, label: 'notified-buyer' });

  // Polled every 15 s: it arrives with no reload and no navigation.
  await expectBadge(page, before.unreadCount + 1, 25_000);
  expect(navigations).toEqual([]);
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').first()).toContainText(`${buyer} enrolled in ${course.title}.`);
  await expect(panel.getByText(`${before.unreadCount + 1} new`)).toBeVisible();

  await panel.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor/notifications'));
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText(`${before.unreadCount + 1} unread`)).toBeVisible();
  await expect(page.getByRole('main').getByText(`${buyer} enrolled in ${course.title}.`)).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All read')).toBeVisible();
  await expectBadge(page, 0);
  expect((await instructorSummary(request)).unreadCount).toBe(0);
});

test('screenshots of the bell and the notifications page, light and dark, with axe', async ({
  page,
  request,
}, testInfo) => {
  // One unread, so the badge and the unread styles show.
  await buyAsNewStudent(request, (await instructorCourse(request))._id, {
    name: 'Sia Screenshot',
    label: 'notified-buyer',
  });
  await signIn(page, INSTRUCTOR.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard/instructor'));
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.goto('/dashboard/instructor/notifications');
      await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('main').getByText('Sia Screenshot', { exact: false }).first(),
      ).toBeVisible();
      await expectNoBlockingViolations(page, `the notifications page at ${width} px, ${theme}`);
      await save(page, testInfo, `notifications-page-${width}-${theme}`);
      await bell(page).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
      await expectNoBlockingViolations(page, `the open bell at ${width} px, ${theme}`);
      await save(page, testInfo, `notifications-bell-${width}-${theme}`);
      await page.keyboard.press('Escape');
    }
  }
});
