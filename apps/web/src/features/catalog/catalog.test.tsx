/**
 * The public catalogue through the whole app (real routes, mocked API): the home page's Trending section,
 * the /courses list with search, facet filters with counts, 'Did you mean', the orders and paging, and the
 * course detail page.
 */
import { CATEGORIES, LEVELS } from '@lectio/contracts/constants';
import {
  buildCourseFacets,
  buildCurriculum,
  buildCurriculumLesson,
  buildCurriculumSection,
  MockApiError,
} from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, pathAndQuery, sentTo } from '../../../test/api-mocks';
import { coursePage, makeCourse, makeLecture } from '../../../test/course-fixtures';
import { deferred } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { forgetSessionHint, startSignedIn } from '../../../test/signed-in';
import { CATALOG_TEXT } from './catalog-text';
import { catalogueFirstPageUrl } from './catalogue-first-page';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

/** The input of every `courses.list` call, as the server's procedure reads it. */
function listInputs() {
  return api.calls('courses.list').map((call) => call.input);
}

describe('home: Trending Courses', () => {
  it('asks for 4 published courses and shows them in a 1/2/4-column grid', async () => {
    const courses = [1, 2, 3, 4].map((n) =>
      makeCourse({ _id: `c${n}`, title: `Course ${n}`, thumbnail: null }),
    );
    api.answer('courses.list', coursePage(courses));
    startSignedIn(null);
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Trending Courses' }, FIRST_PAINT);
    const tagline = within(section).getByText(/^Check out most/);
    // The spec's 🔥 as a drawn flame named 'popular': a machine without an emoji font drew the character as
    // an empty box.
    expect(tagline.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(within(tagline).getByRole('img', { name: 'popular' })).toBeVisible();
    expect(tagline.textContent?.replace(/\s+/g, ' ')).toBe('Check out most courses in the market');
    expect(await within(section).findAllByRole('article')).toHaveLength(4);
    // Under the section's h2, the card titles are h3 (heading order).
    expect(within(section).getByRole('heading', { name: 'Course 1', level: 3 })).toBeVisible();
    expect(listInputs()).toEqual([{ limit: 4 }]);
    expect(api.calls('courses.list')[0]?.transport).toBe('trpc');
    const grid = within(section).getAllByRole('list')[0] as HTMLElement;
    expect(grid.className).toContain('grid-cols-1');
    expect(grid.className).toContain('sm:grid-cols-2');
    expect(grid.className).toContain('lg:grid-cols-4');
    expect(within(section).getByRole('link', { name: 'Discover More Courses' }).getAttribute('href')).toBe(
      '/courses',
    );
  });
});

describe('/courses', () => {
  // The counts beside the list (the mocks' default: 12 courses); a test answers otherwise where it matters.
  beforeEach(() => api.answer('courses.facets', { data: buildCourseFacets() }));

  it('searches, filters by category, level and price, and loads more with the cursor', async () => {
    api.answer('courses.list', ({ input }) => {
      if (input.cursor === 'next-1') return coursePage([makeCourse({ _id: 'c2', title: 'Second page' })]);
      if (input.search === 'nothing') return coursePage([]);
      return coursePage([makeCourse({ _id: 'c1', title: 'First page' })], 'next-1');
    });
    startSignedIn(null);
    const { user, router } = renderApp('/courses');
    expect(await screen.findByRole('heading', { name: 'Courses', level: 1 }, FIRST_PAINT)).toBeVisible();
    // Right under the page's h1, the card titles are h2 (heading order).
    expect(await screen.findByRole('heading', { name: 'First page', level: 2 }, FIRST_PAINT)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Second page' }, FIRST_PAINT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    // The mocks' default facets: Web Development 8, Mobile Development 4; Beginner 6, ...; Free 3, Paid 9.
    await user.click(await screen.findByRole('radio', { name: 'Mobile Development (4)' }));
    await user.click(screen.getByRole('radio', { name: 'Advanced (2)' }));
    await user.click(screen.getByRole('radio', { name: 'Free (3)' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No course found')).toBeVisible();
    expect(router.state.location.search).toEqual({
      search: 'nothing',
      category: 'Mobile Development',
      level: 'Advanced',
      price: 'free',
    });
    expect(listInputs().at(-1)).toEqual({
      limit: 12,
      search: 'nothing',
      category: 'Mobile Development',
      level: 'Advanced',
      price: 'free',
    });
    // The counts are asked for with the same search and filters.
    await waitFor(() =>
      expect(api.calls('courses.facets').at(-1)?.input).toEqual({
        search: 'nothing',
        category: 'Mobile Development',
        level: 'Advanced',
        price: 'free',
      }),
    );

    // "All" takes a facet's filter off again.
    await user.click(screen.getByRole('radio', { name: /^Any price/ }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('price'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('shows each facet option with its count, hides empty ones unless chosen, and counts the results', async () => {
    api.answer('courses.list', coursePage([makeCourse({ _id: 'c1', title: 'A data course' })]));
    api.answer('courses.facets', {
      data: buildCourseFacets({
        total: 1,
        categories: CATEGORIES.map((value) => ({ value, count: value === 'Machine Learning' ? 2 : 0 })),
        levels: [
          { value: 'Beginner', count: 1 },
          { value: 'Intermediate', count: 0 },
          { value: 'Advanced', count: 1 },
        ],
        prices: [
          { value: 'free', count: 0 },
          { value: 'paid', count: 1 },
        ],
      }),
    });
    startSignedIn(null);
    renderApp('/courses?category=Data%20Science&level=Beginner');
    expect(await screen.findByRole('heading', { name: 'A data course' }, FIRST_PAINT)).toBeVisible();

    const group = (name: string) =>
      within(screen.getByRole('group', { name })).getAllByRole('radio') as HTMLInputElement[];
    // The result count is a polite live region: screen readers hear it when the results change.
    expect((await screen.findByText('1 course')).getAttribute('role')).toBe('status');
    // Data Science has no course but is the chosen filter, so it stays (checked); the other empty ones go.
    expect(group('Category').map((radio) => [radio.labels?.[0]?.textContent, radio.checked])).toEqual([
      ['All categories (2)', false],
      ['Data Science (0)', true],
      ['Machine Learning (2)', false],
    ]);
    expect(group('Level').map((radio) => radio.labels?.[0]?.textContent)).toEqual([
      'All levels (2)',
      'Beginner (1)',
      'Advanced (1)',
    ]);
    expect(group('Level').find((radio) => radio.checked)?.labels?.[0]?.textContent).toBe('Beginner (1)');
    expect(group('Price').map((radio) => radio.labels?.[0]?.textContent)).toEqual([
      'Any price (1)',
      'Paid (1)',
    ]);
    expect(api.calls('courses.facets')[0]?.input).toEqual({ category: 'Data Science', level: 'Beginner' });
  });

  it('shows estimated counts as "about", to two significant figures', async () => {
    api.answer('courses.list', coursePage([makeCourse({ _id: 'c1', title: 'A python course' })]));
    api.answer('courses.facets', {
      data: buildCourseFacets({
        total: 90_800,
        approximate: true,
        categories: CATEGORIES.map((value) => ({ value, count: value === 'Data Science' ? 90_800 : 0 })),
        levels: [
          { value: 'Beginner', count: 30_200 },
          { value: 'Intermediate', count: 60_600 },
          { value: 'Advanced', count: 0 },
        ],
        prices: [
          { value: 'free', count: 13_600 },
          { value: 'paid', count: 77_200 },
        ],
      }),
    });
    startSignedIn(null);
    renderApp('/courses?search=python');
    expect(await screen.findByRole('heading', { name: 'A python course' }, FIRST_PAINT)).toBeVisible();
    expect(await screen.findByText('About 91,000 courses')).toBeVisible();
    const labels = (name: string) =>
      within(screen.getByRole('group', { name }))
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent);
    // An estimate of 0 is not a count: the option stays, without a number, so it can still be chosen.
    expect(labels('Level')).toEqual([
      'All levels (about 91,000)',
      'Beginner (about 30,000)',
      'Intermediate (about 61,000)',
      'Advanced',
    ]);
    expect(labels('Price')).toEqual([
      'Any price (about 91,000)',
      'Free (about 14,000)',
      'Paid (about 77,000)',
    ]);
  });

  it('says under the last page of a relevance list when it holds fewer courses than the search matches', async () => {
    api.answer(
      'courses.list',
      coursePage([
        makeCourse({ _id: 'c1', title: 'Best python' }),
        makeCourse({ _id: 'c2', title: 'Next python' }),
      ]),
    );
    api.answer('courses.facets', { data: buildCourseFacets({ total: 605 }) });
    startSignedIn(null);
    const { router } = renderApp('/courses?search=python');
    expect(await screen.findByRole('heading', { name: 'Next python' }, FIRST_PAINT)).toBeVisible();
    expect(await screen.findByText(CATALOG_TEXT.relevanceCapped(2))).toBeVisible();
    // Another order lists every match: no such note.
    await router.navigate({ to: '/courses', search: { search: 'python', sort: 'rating' } });
    await waitFor(() => expect(screen.queryByText(CATALOG_TEXT.relevanceCapped(2))).toBeNull());
  });

  it('shows no total for an estimate of 0, and every option without a number', async () => {
    api.answer('courses.list', coursePage([makeCourse({ _id: 'c1', title: 'A rare python course' })]));
    api.answer('courses.facets', {
      data: buildCourseFacets({
        total: 0,
        approximate: true,
        categories: CATEGORIES.map((value) => ({ value, count: value === 'Data Science' ? 400 : 0 })),
        levels: LEVELS.map((value) => ({ value, count: 0 })),
        prices: [
          { value: 'free', count: 0 },
          { value: 'paid', count: 0 },
        ],
      }),
    });
    startSignedIn(null);
    renderApp('/courses?search=python&category=Cybersecurity');
    expect(await screen.findByRole('heading', { name: 'A rare python course' }, FIRST_PAINT)).toBeVisible();
    const labels = (name: string) =>
      within(screen.getByRole('group', { name }))
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent);
    // The list may come first (the route's loader asks for it); the counts follow.
    await waitFor(() => expect(labels('Category')).toContain('Data Science (about 400)'));
    expect(labels('Level')).toEqual(['All levels', 'Beginner', 'Intermediate', 'Advanced']);
    expect(labels('Category')).toContain('Cybersecurity');
    expect(labels('Category')).toContain('Data Science (about 400)');
    expect(screen.queryByText(/About 0|^0 courses$/)).toBeNull();
  });

  it('asks for the list and its counts in one request when the filters change', async () => {
    api.answer('courses.list', coursePage([makeCourse({ _id: 'c1', title: 'Any course' })]));
    startSignedIn(null);
    const { user } = renderApp('/courses');
    expect(await screen.findByRole('heading', { name: 'Any course' }, FIRST_PAINT)).toBeVisible();
    await user.click(await screen.findByRole('radio', { name: 'Beginner (6)' }));
    await waitFor(() => expect(listInputs().at(-1)).toEqual({ limit: 12, level: 'Beginner' }));
    const batched = sentTo('courses.').filter((request) => {
      const path = new URL(request.url).pathname;
      return path.includes('courses.list') && path.includes('courses.facets');
    });
    // One request for both, each with the level.
    const withLevel = batched.filter((request) =>
      decodeURIComponent(request.url).includes('"level":"Beginner"'),
    );
    expect(withLevel).toHaveLength(1);
    expect(new URL(withLevel[0]?.url ?? '').searchParams.get('input')).toBe(
      JSON.stringify({ 0: { level: 'Beginner', limit: 12, direction: 'forward' }, 1: { level: 'Beginner' } }),
    );
  });

  it('keeps the filters usable without counts when the counts fail', async () => {
    api.answer('courses.list', coursePage([makeCourse({ _id: 'c1', title: 'Still listed' })]));
    api.fail('courses.facets', 'INTERNAL_SERVER_ERROR', 'Down');
    startSignedIn(null);
    const { user, router } = renderApp('/courses');
    expect(await screen.findByRole('heading', { name: 'Still listed' }, FIRST_PAINT)).toBeVisible();
    // Every category of the contract, without a count.
    const category = await screen.findByRole('radio', { name: 'Data Science' });
    expect(within(screen.getByRole('group', { name: 'Category' })).getAllByRole('radio')).toHaveLength(
      CATEGORIES.length + 1,
    );
    await user.click(category);
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'Data Science' }));
    await waitFor(() => expect(listInputs().at(-1)).toEqual({ limit: 12, category: 'Data Science' }));
    expect(await screen.findByRole('heading', { name: 'Still listed' })).toBeVisible();
  });

  it("offers 'Did you mean' for a misspelt search and searches the respelling", async () => {
    api.answer('courses.list', ({ input }) =>
      coursePage(
        input.search === 'python' ? [makeCourse({ _id: 'py', title: 'Python for Data Analysis' })] : [],
      ),
    );
    api.answer('courses.facets', ({ input }) => ({
      data: buildCourseFacets(
        input.search === 'pyhton'
          ? {
              total: 0,
              categories: CATEGORIES.map((value) => ({ value, count: 0 })),
              levels: LEVELS.map((value) => ({ value, count: 0 })),
              prices: [
                { value: 'free', count: 0 },
                { value: 'paid', count: 0 },
              ],
              suggestion: 'python',
            }
          : { total: 1, suggestion: null },
      ),
    }));
    startSignedIn(null);
    const { user, router } = renderApp('/courses?search=pyhton&level=Advanced');
    expect(await screen.findByText('No course found', undefined, FIRST_PAINT)).toBeVisible();
    const link = await screen.findByRole('link', { name: 'python' });
    expect(link.closest('p')?.textContent).toBe('Did you mean python?');
    expect(link.getAttribute('href')).toBe('/courses?search=python');
    expect(screen.getByText('0 courses').getAttribute('role')).toBe('status');

    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Python for Data Analysis' })).toBeVisible();
    expect(router.state.location.search).toEqual({ search: 'python' });
    expect(listInputs().at(-1)).toEqual({ limit: 12, search: 'python' });
    expect((screen.getByRole('searchbox', { name: 'Search courses' }) as HTMLInputElement).value).toBe(
      'python',
    );
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });

  it('offers every order, relevance only with a search, and keeps only a chosen order in the URL', async () => {
    api.answer('courses.list', coursePage([makeCourse({ _id: 'c1', title: 'Best rated' })]));
    startSignedIn(null);
    const { user, router } = renderApp('/courses?sort=stars');
    expect(await screen.findByRole('heading', { name: 'Best rated', level: 2 }, FIRST_PAINT)).toBeVisible();
    expect(listInputs()[0]).toEqual({ limit: 12 });
    const order = () => screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    const offered = () => Array.from(order().options).map((option) => option.text);
    expect(order().value).toBe('newest');
    expect(offered()).toEqual([
      'Newest',
      'Highest rated',
      'Price: low to high',
      'Price: high to low',
      'Most students',
    ]);

    await user.selectOptions(order(), 'Highest rated');
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'rating' }));
    await waitFor(() => expect(listInputs().at(-1)).toEqual({ limit: 12, sort: 'rating' }));
    await user.selectOptions(order(), 'Price: high to low');
    await waitFor(() => expect(listInputs().at(-1)).toEqual({ limit: 12, sort: 'price_high' }));
    await user.selectOptions(order(), 'Newest');
    await waitFor(() => expect(router.state.location.search).toEqual({}));

    // With a search, best match first is the default, and the URL leaves it out.
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'react');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'react' }));
    expect(order().value).toBe('relevance');
    expect(offered()[0]).toBe('Relevance');
    await user.selectOptions(order(), 'Most students');
    await waitFor(() =>
      expect(listInputs().at(-1)).toEqual({ limit: 12, search: 'react', sort: 'students' }),
    );
    await user.selectOptions(order(), 'Newest');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'react', sort: 'newest' }));
    await user.selectOptions(order(), 'Relevance');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'react' }));
  });

  it('loads the next page with the cursor of the chosen order', async () => {
    api.answer('courses.list', ({ input }) =>
      input.cursor === 'price-cursor'
        ? coursePage([makeCourse({ _id: 'c2', title: 'Cheaper' })])
        : coursePage([makeCourse({ _id: 'c1', title: 'Dearest' })], 'price-cursor'),
    );
    startSignedIn(null);
    const { user } = renderApp('/courses?sort=price_high&price=paid');
    expect(await screen.findByRole('heading', { name: 'Dearest' }, FIRST_PAINT)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Cheaper' })).toBeVisible();
    expect(listInputs()).toEqual([
      { limit: 12, price: 'paid', sort: 'price_high' },
      { limit: 12, price: 'paid', sort: 'price_high', cursor: 'price-cursor' },
    ]);
  });

  it('shows the filters behind a disclosure button where they do not fit beside the results', async () => {
    api.answer('courses.list', coursePage([makeCourse({ _id: 'c1', title: 'Any course' })]));
    startSignedIn(null);
    const { user } = renderApp('/courses?level=Beginner&price=free');
    expect(await screen.findByRole('heading', { name: 'Any course' }, FIRST_PAINT)).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters (2 active)' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.getAttribute('aria-label')).toBe('Filters');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.className).toMatch(/(^| )hidden( |$)/);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.className).not.toMatch(/(^| )hidden( |$)/);
  });

  it("loads only the first card's image at once and with high priority, the others lazily", async () => {
    const courses = [1, 2, 3, 4, 5].map((n) =>
      makeCourse({
        _id: `c${n}`,
        title: `Course ${n}`,
        thumbnail: { public_id: `t${n}`, secure_url: `https://cdn.example/t${n}.jpg` },
      }),
    );
    api.answer('courses.list', coursePage(courses));
    startSignedIn(null);
    renderApp('/courses');
    expect(await screen.findByRole('heading', { name: 'Course 5', level: 2 }, FIRST_PAINT)).toBeVisible();
    const images = courses.map((course) => {
      const card = screen.getByRole('article', { name: course.title });
      const image = card.querySelector('img');
      return [image?.getAttribute('loading'), image?.getAttribute('fetchpriority')];
    });
    expect(images).toEqual([['eager', 'high'], ...Array(4).fill(['lazy', 'auto'])]);
  });

  it('ignores invalid filters in the URL and shows an error state with a retry', async () => {
    let fail = true;
    api.answer('courses.list', () => {
      if (fail) throw new MockApiError('BAD_REQUEST', 'Bad');
      return coursePage([]);
    });
    startSignedIn(null);
    const { user } = renderApp('/courses?category=Cooking&level=Expert');
    expect(await screen.findByText('Something went wrong', undefined, FIRST_PAINT)).toBeVisible();
    expect(listInputs()[0]).toEqual({ limit: 12 });
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No course found')).toBeVisible();
  });

  it('asks for the anonymous list once the session check has failed, alone, at the URL index.html preloads', async () => {
    const refreshAnswered = deferred<void>();
    api.answer('courses.list', coursePage([makeCourse({ thumbnail: null })]));
    startSignedIn(null, {}, { answerRefreshAfter: refreshAnswered.promise });
    renderApp('/courses');
    expect(screen.getByText('Loading...')).toBeVisible();
    // Nothing is asked while the check is unanswered: its failure resets the cached API data.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('courses.list')).toHaveLength(0);

    refreshAnswered.resolve();
    const link = await screen.findByRole('link', { name: 'Enroll Now' }, FIRST_PAINT);
    expect(link.getAttribute('href')).toBe('/course/course-1');
    const [first] = api.calls('courses.list');
    expect(api.calls('courses.list')).toHaveLength(1);
    expect(first?.request.headers.get('Authorization')).toBeNull();
    expect(first?.request.method).toBe('GET');
    // Exactly the URL index.html preloads on /courses (vite-plugins/first-paint.ts), so the preload is used.
    expect(first ? pathAndQuery(first.request) : null).toBe(await catalogueFirstPageUrl());
  });

  it('on a first visit (no session hint) asks for the list alone, at the URL index.html preloads, and only once', async () => {
    forgetSessionHint();
    api.answer('courses.list', coursePage([makeCourse({ thumbnail: null })]));
    startSignedIn(null);
    renderApp('/courses');
    expect(await screen.findByRole('link', { name: 'Enroll Now' }, FIRST_PAINT)).toBeVisible();
    await waitFor(() => expect(api.calls('courses.facets')).toHaveLength(1));
    const calls = api.calls('courses.list');
    expect(calls).toHaveLength(1);
    // Not batched with the facets: the preloaded response is used only for exactly this URL.
    expect(calls[0] ? pathAndQuery(calls[0].request) : null).toBe(await catalogueFirstPageUrl());
  });

  it('links cards under the role base path for a signed-in user, with the list asked for with their token', async () => {
    const refreshAnswered = deferred<void>();
    api.answer('courses.list', coursePage([makeCourse({ thumbnail: null })]));
    startSignedIn('student', {}, { answerRefreshAfter: refreshAnswered.promise });
    renderApp('/courses');
    refreshAnswered.resolve();
    const link = await screen.findByRole('link', { name: 'Enroll Now' }, FIRST_PAINT);
    expect(link.getAttribute('href')).toBe('/dashboard/course/course-1');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    const listCalls = api.calls('courses.list');
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0]?.request.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('is also the dashboard courses screen', async () => {
    api.answer('courses.list', coursePage([makeCourse({ thumbnail: null })]));
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/courses');
    expect(await screen.findByRole('heading', { name: 'All Courses' }, FIRST_PAINT)).toBeVisible();
    expect((await screen.findByRole('link', { name: 'Enroll Now' })).getAttribute('href')).toBe(
      '/dashboard/instructor/course/course-1',
    );
  });
});

describe('course detail', () => {
  const lectures = [
    makeLecture({
      _id: 'l1',
      order: 1,
      title: 'Intro: welcome',
      isPreview: true,
      videoUrl: '/media/intro.mp4',
    }),
    makeLecture({ _id: 'l2', order: 2, title: 'Components', isLocked: true, formattedDuration: '4:05' }),
    makeLecture({ _id: 'l3', order: 3, title: 'State', isLocked: true, duration: 610 }),
  ];
  const course = makeCourse({
    videos: lectures,
    tags: 'react, hooks',
    requirements: ['Basic HTML', 'Some JavaScript'],
    whatYouWillLearn: ['Think in components'],
    description: 'Start from an empty folder.',
  });

  it('shows a visitor the content, the free intro preview and Login to Enroll', async () => {
    api.answer('courses.get', { data: course });
    startSignedIn(null);
    const { user } = renderApp('/course/course-1');
    expect(await screen.findByRole('heading', { name: course.title, level: 1 }, FIRST_PAINT)).toBeVisible();
    expect(screen.getByText('react')).toBeVisible();
    expect(screen.getByText('hooks')).toBeVisible();
    expect(screen.getByText('Some JavaScript')).toBeVisible();
    expect(screen.getByText('Think in components')).toBeVisible();
    expect(screen.getByText('Start from an empty folder.')).toBeVisible();
    expect(screen.getByText('₹1,299.00')).toBeVisible();

    const video = screen.getByLabelText('Preview: Intro: welcome') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/media/intro.mp4');
    expect(video.hasAttribute('controls')).toBe(true);

    const login = screen.getByRole('link', { name: 'Login to Enroll' });
    expect(login.getAttribute('href')).toBe('/signin?from=%2Fcourse%2Fcourse-1');

    const toggle = screen.getByRole('button', { name: /Course content/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const rows = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(rows.map((row) => row.textContent)).toEqual([
      '1.VideoIntro: welcomePreview2 min',
      '2.VideoComponentsLocked4:05',
      '3.VideoStateLocked10 min',
    ]);
  });

  it('groups the content under the curriculum’s sections, each with its count and length', async () => {
    api.answer('courses.get', { data: course });
    api.answer('curriculum.get', {
      data: buildCurriculum({
        courseId: course._id,
        sections: [
          buildCurriculumSection({ title: 'Getting started', order: 1, duration: 125 }, [
            buildCurriculumLesson({ _id: 'l1', order: 1 }),
          ]),
          buildCurriculumSection({ title: 'Core ideas', order: 2, duration: 3600 + 610 + 245 }, [
            buildCurriculumLesson({ _id: 'l2', order: 2 }),
            buildCurriculumLesson({ _id: 'l3', order: 3 }),
          ]),
        ],
      }),
    });
    startSignedIn(null);
    const { user } = renderApp('/course/course-1');
    const toggle = await screen.findByRole('button', { name: /Course content/ }, FIRST_PAINT);
    await waitFor(() => expect(toggle.textContent).toContain('2 sections'));
    expect(toggle.textContent).toContain('2 sections • 3 lectures');
    await user.click(toggle);
    const first = screen.getByRole('group', { name: /^Getting started/ });
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe(
      'Getting started1 lecture • 2m 05s',
    );
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['1.VideoIntro: welcomePreview2 min']);
    const second = screen.getByRole('group', { name: /^Core ideas/ });
    expect(
      within(second)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['2.VideoComponentsLocked4:05', '3.VideoStateLocked10 min']);
    expect(api.calls('curriculum.get')[0]?.input).toEqual({ courseId: course._id });
  });

  it('says when a section opens: its rule to a visitor, the learner’s own day to a learner; an empty section has no list', async () => {
    const outline = (opensOn: string | null) =>
      buildCurriculum({
        courseId: course._id,
        sections: [
          buildCurriculumSection({ title: 'Week 1', order: 1 }, [
            buildCurriculumLesson({ _id: 'l1', order: 1 }),
          ]),
          buildCurriculumSection({ title: 'Week 2', order: 2, opensAfterDays: 7, opensOn }, [
            buildCurriculumLesson({ _id: 'l2', order: 2 }),
            buildCurriculumLesson({ _id: 'l3', order: 3 }),
          ]),
          buildCurriculumSection({ title: 'Week 3', order: 3 }, []),
        ],
      });
    api.answer('courses.get', { data: course });
    api.answer('curriculum.get', { data: outline(null) });
    startSignedIn(null);
    const { user, unmount } = renderApp('/course/course-1');
    const toggle = await screen.findByRole('button', { name: /Course content/ }, FIRST_PAINT);
    await waitFor(() => expect(toggle.textContent).toContain('3 sections'));
    await user.click(toggle);
    const week2 = screen.getByRole('group', { name: /^Week 2/ });
    expect(within(week2).getByText('Opens 7 days after you enroll')).toBeVisible();
    expect(within(screen.getByRole('group', { name: /^Week 1/ })).queryByText(/^Opens/)).toBeNull();
    // A section with no lessons yet is its heading alone: no empty list.
    const week3 = screen.getByRole('group', { name: /^Week 3/ });
    expect(within(week3).getByRole('heading', { level: 3 }).textContent).toContain('0 lectures');
    expect(within(week3).queryByRole('list')).toBeNull();
    unmount();

    api.answer('courses.get', { data: { ...course, canAccessAll: true } });
    api.answer('curriculum.get', { data: outline('2026-12-05T10:00:00.000Z') });
    const learner = renderApp('/course/course-1');
    const again = await screen.findByRole('button', { name: /Course content/ }, FIRST_PAINT);
    await waitFor(() => expect(again.textContent).toContain('3 sections'));
    await learner.user.click(again);
    expect(
      within(screen.getByRole('group', { name: /^Week 2/ })).getByText('Opens on 5 Dec 2026'),
    ).toBeVisible();
  });

  it('lets a visitor play any free lecture from its row; the first free one is featured when none says intro', async () => {
    const free = makeCourse({
      videos: [
        makeLecture({ _id: 'a', order: 1, title: 'Setting up', isLocked: true }),
        makeLecture({
          _id: 'b',
          order: 2,
          title: 'Your first component',
          isPreview: true,
          videoUrl: '/media/b.mp4',
        }),
        makeLecture({
          _id: 'c',
          order: 3,
          title: 'Props in depth',
          isPreview: true,
          videoUrl: '/media/c.mp4',
        }),
      ],
    });
    api.answer('courses.get', { data: free });
    startSignedIn(null);
    const { user } = renderApp('/course/course-1');
    const featured = (await screen.findByLabelText(
      'Preview: Your first component',
      undefined,
      FIRST_PAINT,
    )) as HTMLVideoElement;
    expect(featured.getAttribute('src')).toBe('/media/b.mp4');

    await user.click(screen.getByRole('button', { name: /Course content/ }));
    // A locked lecture has no play button; each free one has.
    expect(screen.queryByRole('button', { name: 'Preview the free lecture Setting up' })).toBeNull();
    const play = screen.getByRole('button', { name: 'Preview the free lecture Props in depth' });
    expect(play.getAttribute('aria-expanded')).toBe('false');
    await user.click(play);
    expect(play.getAttribute('aria-expanded')).toBe('true');
    const inRow = screen.getByLabelText('Free preview: Props in depth') as HTMLVideoElement;
    expect(inRow.tagName).toBe('VIDEO');
    expect(inRow.getAttribute('src')).toBe('/media/c.mp4');
    await user.click(play);
    expect(screen.queryByLabelText('Free preview: Props in depth')).toBeNull();
  });

  it('sends a learner back to the first lecture they have not completed', async () => {
    api.answer('courses.get', { data: { ...course, canAccessAll: true, progress: 33 } });
    api.answer('progress.course', {
      progress: {
        courseId: course._id,
        completionPercentage: 33,
        lectures: [{ lectureId: 'l1', watchedDuration: 120, completed: true }],
      },
    });
    startSignedIn('student');
    renderApp('/dashboard/course/course-1');
    const resume = await screen.findByRole('link', { name: 'Continue Watching' }, FIRST_PAINT);
    await waitFor(() => expect(resume.getAttribute('href')).toBe('/dashboard/course/course-1/lecture/l2'));
  });

  it("sends a signed-in user without access to checkout with 'Enroll Now'", async () => {
    api.answer('courses.get', { data: course });
    startSignedIn('student');
    renderApp('/dashboard/course/course-1');
    const enroll = await screen.findByRole('link', { name: 'Enroll Now' }, FIRST_PAINT);
    expect(enroll.getAttribute('href')).toBe('/dashboard/checkout/course-1');
  });

  it('carries a shared link’s coupon code to checkout and says it will be applied', async () => {
    api.answer('courses.get', { data: course });
    startSignedIn('student');
    renderApp('/course/course-1?coupon=HALF50');
    const enroll = await screen.findByRole('link', { name: 'Enroll Now' }, FIRST_PAINT);
    expect(enroll.getAttribute('href')).toBe('/dashboard/checkout/course-1?coupon=HALF50');
    expect(screen.getByText('Coupon HALF50 will be applied at checkout.')).toBeVisible();
  });

  it('sends a visitor with a shared coupon link to sign in and back to the same link', async () => {
    api.answer('courses.get', { data: course });
    startSignedIn(null);
    renderApp('/course/course-1?coupon=HALF50');
    const login = await screen.findByRole('link', { name: 'Login to Enroll' }, FIRST_PAINT);
    expect(new URL(login.getAttribute('href') ?? '', 'http://x').searchParams.get('from')).toBe(
      '/course/course-1?coupon=HALF50',
    );
  });

  it("sends full access to the first lecture with 'Continue Watching' once begun", async () => {
    api.answer('courses.get', { data: { ...course, canAccessAll: true, progress: 30 } });
    startSignedIn('admin');
    renderApp('/dashboard/admin/course/course-1');
    const watch = await screen.findByRole('link', { name: 'Continue Watching' }, FIRST_PAINT);
    expect(watch.getAttribute('href')).toBe('/dashboard/admin/course/course-1/lecture/l1');
  });

  it('shows an owned course its labelled progress, not its price', async () => {
    api.answer('courses.get', { data: { ...course, canAccessAll: true, progress: 30, price: 1299 } });
    startSignedIn('student', { purchasedCourses: ['course-1'] });
    renderApp('/dashboard/course/course-1');
    await screen.findByRole('link', { name: 'Continue Watching' }, FIRST_PAINT);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByText('30% complete').textContent).toBe('30% complete');
    expect(screen.queryByText('₹1,299.00')).toBeNull();
  });

  it('says lectures are coming soon when there are none to enroll in', async () => {
    api.answer('courses.get', { data: { ...course, videos: [] } });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1');
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }, FIRST_PAINT));
    expect(await screen.findByText('Lectures are coming soon. Please check back later.')).toBeInTheDocument();
  });

  it("shows 'Failed to load course' and a Go Back button on error", async () => {
    api.fail('courses.get', 'NOT_FOUND', 'Course not found');
    startSignedIn(null);
    renderApp('/course/missing');
    expect(await screen.findByText('Failed to load course', undefined, FIRST_PAINT)).toBeVisible();
    expect(screen.getByText('Course not found')).toBeVisible();
    expect(api.calls('courses.get')[0]?.input).toEqual({ id: 'missing' });
    expect(screen.getByRole('button', { name: /Go Back/ })).toBeVisible();
  });
});

describe('the public header on /courses and the course page (issue 24)', () => {
  beforeEach(() => api.answer('courses.facets', { data: buildCourseFacets() }));

  it.each([
    ['/courses', CATALOG_TEXT.coursesTitle],
    ['/course/course-1', makeCourse({}).title],
  ])('%s has the landing header: its links, Log in and Sign up', async (path, heading) => {
    api.answer('courses.list', coursePage([makeCourse({ thumbnail: null })]));
    api.answer('courses.get', { data: makeCourse({}) });
    startSignedIn(null);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, FIRST_PAINT)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Product' })).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Open main menu' })).toBeVisible();
    for (const [name, href] of [
      ['Features', '/features'],
      ['Courses', '/courses'],
      ['About', '/pages/about'],
      ['Log in', '/signin'],
      ['Sign up', '/signup'],
    ]) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('gives a signed-in visitor the way to their dashboard instead of Log in and Sign up', async () => {
    api.answer('courses.get', { data: makeCourse({}) });
    startSignedIn('instructor');
    renderApp('/course/course-1');
    expect(await screen.findByRole('heading', { level: 1 }, FIRST_PAINT)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getByRole('link', { name: /Dashboard/ })
        .getAttribute('href'),
    ).toBe('/dashboard/instructor');
    expect(within(nav).queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
