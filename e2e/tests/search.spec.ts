/**
 * Catalogue search (issue 16) through the real UI against the production build: a visitor misspells
 * "python" on /courses, follows "Did you mean", narrows by level with the facet counts, sorts by rating and
 * loads page 2; a signed-in student opens a course from the top-bar search (Ctrl+K) with the keyboard
 * alone. Screenshots of both at 375 and 1280 px, light and dark, each checked with axe.
 *
 * The demo seed has two published courses about Python (one Beginner, one Advanced and rated); the
 * first test adds twelve Advanced ones, so the Advanced Python results run to a second page. They are
 * created through the API, published, with unique titles, as the other specs do.
 */

import { expectNoBlockingViolations } from '../axe';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, urlWithPath } from '../fixtures';
import { apiGet, apiToken, SCREEN_WIDTHS, save, THEMES, useTheme } from '../screens';
import { type APIRequestContext, expect, type Locator, type Page, test } from '../test';

test.describe.configure({ mode: 'serial' });

/** Letters only: a title word no search here is a respelling of. */
const SUFFIX = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
  '',
);
const PAGE_SIZE = 12;
const ADVANCED_COURSES = Array.from({ length: PAGE_SIZE }, (_, index) => ({
  title:
    index === 0
      ? `Python Scripting for Spreadsheets ${SUFFIX}`
      : `Python Automation Workshop ${index + 1} ${SUFFIX}`,
  shortDescription: 'Automate the boring parts of the week with small Python scripts.',
  category: index % 2 === 0 ? 'Data Science' : 'DevOps',
  level: 'Advanced',
  price: index % 3 === 0 ? 0 : 300 + index * 50,
  isPublished: true,
}));
const CTRL_K_COURSE = ADVANCED_COURSES[0]?.title ?? '';

interface ListedCourse {
  _id: string;
  title: string;
}
interface CoursePage {
  data: { courses: ListedCourse[]; nextCursor: string | null };
}

let ctrlKCourseId = '';

async function createCourses(request: APIRequestContext): Promise<void> {
  const headers = {
    Authorization: `Bearer ${await apiToken(request, DEMO_ACCOUNTS.instructor.email, DEMO_PASSWORD)}`,
  };
  for (const course of ADVANCED_COURSES) {
    const created = await request.post('/api/v1/courses', { headers, data: course });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { data: { course: { _id: string } } }).data.course._id;
    if (course.title === CTRL_K_COURSE) ctrlKCourseId = id;
  }
}

function results(page: Page): Locator {
  return page.getByRole('region', { name: 'Course results' });
}

function cardTitles(page: Page): Promise<string[]> {
  return results(page)
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h2, h3')?.textContent?.trim() ?? ''));
}

/** The result count ("13 courses"), a polite status region. */
function resultCount(page: Page): Locator {
  return results(page)
    .getByRole('status')
    .filter({ hasText: /^\d+ courses?$/ });
}

/** The number in a facet option's name: "Advanced (13)" gives 13. */
async function facetCount(option: Locator): Promise<number> {
  const label = (await option.evaluate((input: HTMLInputElement) => input.labels?.[0]?.textContent)) ?? '';
  const match = /\((\d+)\)$/.exec(label);
  if (!match) throw new Error(`no count in the facet option "${label}"`);
  return Number(match[1]);
}

test('a visitor gets the Python courses through "Did you mean", narrows by level, sorts by rating and loads page 2', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createCourses(request);

  await test.step('a misspelt search offers the respelling', async () => {
    await page.goto('/courses');
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('pyhton');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]search=pyhton/);
    await expect(page.getByText('Did you mean python?')).toBeVisible();
  });

  await test.step('"Did you mean" searches for python', async () => {
    await page.getByRole('link', { name: 'python', exact: true }).click();
    await expect(page).toHaveURL(/\/courses\?search=python$/);
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('python');
    // The Python courses, best match first: the API's first page (which of the equally ranked courses
    // make the first 12 depends on their ids, so no particular one is named here).
    const firstPage = await apiGet<CoursePage>(request, null, `/courses?search=python&limit=${PAGE_SIZE}`);
    const firstTitles = firstPage.data.courses.map((course) => course.title);
    expect(firstTitles).toHaveLength(PAGE_SIZE);
    expect(firstTitles.every((title) => /python/i.test(title))).toBe(true);
    await expect.poll(() => cardTitles(page)).toEqual(firstTitles);
    await expect(page.getByText(/Did you mean/)).toHaveCount(0);
    // The count is the API's: every published course the search finds.
    const total = (await apiGet<{ data: { total: number } }>(request, null, '/courses/facets?search=python'))
      .data.total;
    expect(total).toBeGreaterThan(PAGE_SIZE);
    await expect(resultCount(page)).toHaveText(`${total} courses`);
  });

  let advanced = 0;
  await test.step('the level facet narrows to as many courses as its count says', async () => {
    const option = page.getByRole('radio', { name: /^Advanced \(\d+\)$/ });
    advanced = await facetCount(option);
    expect(advanced).toBeGreaterThanOrEqual(PAGE_SIZE + 1);
    await option.check();
    await expect(page).toHaveURL(/level=Advanced/);
    await expect(option).toBeChecked();
    await expect(resultCount(page)).toHaveText(`${advanced} courses`);
    await expect(results(page).getByRole('article')).toHaveCount(PAGE_SIZE);
    await expect(results(page).getByRole('article', { name: 'Python for Data Analysis' })).toHaveCount(0);
  });

  await test.step('sorting by rating puts the rated course first, as the API orders them', async () => {
    const relevanceFirst = (await cardTitles(page))[0];
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Highest rated' });
    await expect(page).toHaveURL(/sort=rating/);
    const expected = await apiGet<CoursePage>(
      request,
      null,
      `/courses?search=python&level=Advanced&sort=rating&limit=${PAGE_SIZE}`,
    );
    const titles = expected.data.courses.map((course) => course.title);
    await expect.poll(() => cardTitles(page)).toEqual(titles);
    // Machine Learning Foundations is the demo's rated Advanced course that mentions Python.
    expect(titles[0]).toBe('Machine Learning Foundations');
    expect(relevanceFirst).not.toBe('Machine Learning Foundations');
  });

  await test.step('Load more brings page 2 in the same order, until every counted course shows', async () => {
    const loadMore = results(page).getByRole('button', { name: 'Load more' });
    await loadMore.click();
    await expect(results(page).getByRole('article')).toHaveCount(Math.min(advanced, 2 * PAGE_SIZE));
    const first = await apiGet<CoursePage>(
      request,
      null,
      `/courses?search=python&level=Advanced&sort=rating&limit=${PAGE_SIZE}`,
    );
    const second = await apiGet<CoursePage>(
      request,
      null,
      `/courses?search=python&level=Advanced&sort=rating&limit=${PAGE_SIZE}&cursor=${encodeURIComponent(first.data.nextCursor ?? '')}`,
    );
    expect((await cardTitles(page)).slice(PAGE_SIZE, 2 * PAGE_SIZE)).toEqual(
      second.data.courses.map((course) => course.title),
    );
    // The facet's count is the number of courses the list holds, once every page is in.
    while ((await results(page).getByRole('article').count()) < advanced) {
      const shown = await results(page).getByRole('article').count();
      await loadMore.click();
      await expect(results(page).getByRole('article')).not.toHaveCount(shown);
    }
    await expect(loadMore).toHaveCount(0);
    const titles = await cardTitles(page);
    expect(titles).toHaveLength(advanced);
    expect(new Set(titles).size).toBe(advanced);
  });
});

test('Ctrl+K finds a course as you type and opens it from the keyboard alone', async ({ page }) => {
  expect(ctrlKCourseId, 'the first test created the courses').not.toBe('');
  await signIn(page, DEMO_ACCOUNTS.student.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlWithPath('/dashboard'));
  await expect(page.getByText(`Hi ${DEMO_ACCOUNTS.student.name}`).first()).toBeVisible();

  await page.keyboard.press('Control+K');
  const box = page.getByRole('combobox', { name: 'Search courses' });
  await expect(box).toBeFocused();
  await page.keyboard.type(`spreadsheets ${SUFFIX}`);
  const listbox = page.getByRole('listbox', { name: 'Courses' });
  const course = listbox.getByRole('option', { name: CTRL_K_COURSE });
  await expect(course).toBeVisible();
  // The results of the whole text are in (announced to screen readers), not those of a part typed.
  await expect(page.getByRole('status').filter({ hasText: '1 course found' })).toBeAttached();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // The matched part of the title is marked (the search as typed, in the title's own case).
  await expect(course.locator('mark')).toHaveText([`Spreadsheets ${SUFFIX}`]);
  await expect(listbox.getByRole('option').last()).toHaveText(`See all results for “spreadsheets ${SUFFIX}”`);

  // The active option: the box's active descendant (focus stays in the box), drawn as active.
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await course.getAttribute('id')) ?? '');
  await expect(course).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(urlWithPath(`/dashboard/course/${ctrlKCourseId}`));
  await expect(page.getByRole('heading', { name: CTRL_K_COURSE, level: 1 })).toBeVisible();

  // Escape closes the list; 'See all results' (Enter with no option chosen) opens the catalogue search.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('python');
  // New results reset the active option: wait for them before moving.
  await expect(listbox.getByRole('option', { name: 'Python for Data Analysis' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowUp');
  const seeAll = listbox.getByRole('option').last();
  await expect(box).toHaveAttribute('aria-activedescendant', (await seeAll.getAttribute('id')) ?? '');
  await expect(seeAll).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/courses\?search=python$/);
  await expect(
    page.getByRole('main').getByRole('article', { name: 'Python for Data Analysis' }),
  ).toBeVisible();
});

test('screenshots: /courses with facets and the Ctrl+K list, 375 and 1280 px, light and dark, no axe violation', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  for (const width of SCREEN_WIDTHS) {
    for (const theme of THEMES) {
      const shot = `${width}-${theme}`;
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await useTheme(page, theme);

      await test.step(`/courses, ${shot}`, async () => {
        await page.goto('/courses?search=python&level=Advanced');
        await expect(resultCount(page)).toBeVisible();
        const filters = page.getByRole('button', { name: /^Filters/ });
        if (await filters.isVisible()) {
          await filters.click();
          await expect(filters).toHaveAttribute('aria-expanded', 'true');
        }
        await expect(page.getByRole('radio', { name: /^Advanced \(\d+\)$/ })).toBeVisible();
        await expect(results(page).getByRole('article').first()).toHaveAttribute('aria-busy', 'false');
        await save(page, testInfo, `search-courses-${shot}`);
        await expectNoBlockingViolations(page, `/courses with facets (${shot})`);
      });

      await test.step(`/courses "Did you mean", ${shot}`, async () => {
        await page.goto('/courses?search=pyhton');
        await expect(page.getByText('Did you mean python?')).toBeVisible();
        await save(page, testInfo, `search-did-you-mean-${shot}`);
        await expectNoBlockingViolations(page, `/courses with "Did you mean" (${shot})`);
      });

      await test.step(`Ctrl+K, ${shot}`, async () => {
        const login = await page.request.post('/api/v1/auth/login', {
          data: { email: DEMO_ACCOUNTS.student.email, password: DEMO_PASSWORD, remember: true },
        });
        expect(login.status()).toBe(200);
        await page.goto('/dashboard');
        await expect(page.getByText(`Hi ${DEMO_ACCOUNTS.student.name}`).first()).toBeVisible();
        await page.keyboard.press('Control+K');
        await page.keyboard.type('python');
        const listbox = page.getByRole('listbox', { name: 'Courses' });
        await expect(listbox.getByRole('option', { name: 'Python for Data Analysis' })).toBeVisible();
        await page.keyboard.press('ArrowDown');
        await expect(listbox.getByRole('option').first()).toHaveAttribute('data-focused', 'true');
        // Six courses and 'See all results', none cut off by the list's scroll box or the screen.
        await expect(listbox.getByRole('option')).toHaveCount(7);
        await expect(listbox.getByRole('option').last()).toBeInViewport({ ratio: 1 });
        await save(page, testInfo, `search-ctrl-k-${shot}`);
        await expectNoBlockingViolations(page, `the Ctrl+K list (${shot})`);
      });
      await context.close();
    }
  }
});
