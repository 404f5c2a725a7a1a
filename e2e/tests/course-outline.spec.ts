/**
 * The public course page's outline (issue 26, item 8; decision 0075): a visitor opens a demo course and its
 * "Course content" shows the curriculum's sections in order, each with its lecture count and length and
 * its lectures in order, the free intro marked Preview and the rest Locked; the player's lecture list is
 * grouped the same way. Screenshots of the opened outline and of the player at 375 and 1280 px, light and
 * dark, with axe on each.
 */
import type { CurriculumResponse } from '@lectio/contracts/curriculum';
import { DEMO_COURSES, demoLecturesOf, demoLessonsOf } from '@lectio/db/seed/demo';
import { expectNoBlockingViolations } from '../axe';
import { DASHBOARD_URL, DEMO_ACCOUNTS, DEMO_PASSWORD, signIn } from '../fixtures';
import { apiGet, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { expect, type Page, test } from '../test';

const course = DEMO_COURSES.find((spec) => spec.published && demoLecturesOf(spec).length >= 4);
if (!course) throw new Error('The demo has no published course of four lectures or more');
const lectures = demoLessonsOf(course);
/** The word beside each lesson's kind icon. */
const KIND_WORD = { video: 'Video', article: 'Article', quiz: 'Quiz' } as const;
const sectionTitles = [...new Set(lectures.map((lecture) => lecture.section))];

let courseId = '';

test.beforeAll(async ({ request }) => {
  const found = await apiGet<{ data: { courses: { _id: string; title: string }[] } }>(
    request,
    null,
    `/courses?search=${encodeURIComponent(course.title)}&limit=5`,
  );
  courseId = found.data.courses.find((candidate) => candidate.title === course.title)?._id ?? '';
  expect(courseId, `${course.title} is in the catalogue`).not.toBe('');
});

async function openOutline(page: Page): Promise<void> {
  await page.goto(`/course/${courseId}`);
  await expect(page.getByRole('heading', { name: course?.title, level: 1 })).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Course content/ });
  await expect(toggle).toContainText(`${sectionTitles.length} sections • ${lectures.length} lectures`);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

test('a visitor sees the course content by section, each with its count and length, in curriculum order', async ({
  page,
  request,
}) => {
  await openOutline(page);
  const outline = await apiGet<CurriculumResponse>(request, null, `/courses/${courseId}/curriculum`);
  expect(outline.data.sections.map((section) => section.title)).toEqual(sectionTitles);
  for (const section of outline.data.sections) {
    const region = page.getByRole('group', { name: section.title, exact: false });
    await expect(region.getByRole('heading', { level: 3 })).toContainText(
      `${section.lessonCount} lecture${section.lessonCount === 1 ? '' : 's'}`,
    );
    const rows = region.getByRole('listitem');
    await expect(rows).toHaveCount(section.lessons.length);
    const expected = lectures.filter((lecture) => lecture.section === section.title);
    for (const [index, lecture] of expected.entries()) {
      // Each row: its place, its kind's icon word, its title.
      await expect(rows.nth(index)).toContainText(
        `${lecture.position}.${KIND_WORD[lecture.kind]}${lecture.title}`,
      );
      await expect(rows.nth(index)).toContainText(lecture.position === 1 ? 'Preview' : 'Locked');
    }
  }
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshot and axe at ${width} px, ${theme}: the course outline`, async ({ page }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openOutline(page);
      await expect(page.getByRole('group', { name: sectionTitles[0], exact: false })).toBeVisible();
      await expectNoBlockingViolations(page, `the course outline at ${width} px, ${theme}`);
      await save(page, testInfo, `course-outline-${width}-${theme}`);
    });
  }
}

async function openPlayer(page: Page): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(DASHBOARD_URL);
  const outline = await page.request.get(`/api/v1/courses/${courseId}/curriculum`);
  const body = (await outline.json()) as CurriculumResponse;
  const second = body.data.sections[0]?.lessons[1];
  if (!second) throw new Error('the first section has two lessons');
  await page.goto(`/dashboard/admin/course/${courseId}/lecture/${second._id}`);
  await expect(page.getByRole('heading', { name: second.title, level: 1 })).toBeVisible();
}

test('the player lists the lectures under their sections, the current one marked', async ({ page }) => {
  await openPlayer(page);
  const nav = page.getByRole('navigation', { name: 'Lectures' });
  for (const title of sectionTitles) {
    const group = nav.getByRole('group', { name: title, exact: false });
    await expect(group.getByRole('link')).toHaveCount(
      lectures.filter((lecture) => lecture.section === title).length,
    );
  }
  const current = nav.getByRole('group', { name: sectionTitles[0], exact: false }).getByRole('link').nth(1);
  await expect(current).toHaveAttribute('aria-current', 'page');
});

for (const width of SCREEN_WIDTHS) {
  for (const theme of THEMES) {
    test(`screenshot and axe at ${width} px, ${theme}: the player by section`, async ({ page }, testInfo) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openPlayer(page);
      await expect(page.getByRole('navigation', { name: 'Lectures' }).getByRole('group')).toHaveCount(
        sectionTitles.length,
      );
      await expectNoBlockingViolations(page, `the player at ${width} px, ${theme}`);
      await save(page, testInfo, `player-sections-${width}-${theme}`);
    });
  }
}
