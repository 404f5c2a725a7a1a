/**
 * The public catalogue through the whole app (real routes, mocked API): the home page's Trending section,
 * the /courses list with search, filters and paging, and the course detail page.
 */
import { MockApiError } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, pathAndQuery, sentTo, server } from '../../../test/api-mocks';
import { coursePage, makeCourse, makeLecture } from '../../../test/course-fixtures';
import { deferred } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { ANONYMOUS_CATALOGUE_FIRST_PAGE_URL } from './catalogue-first-page';

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
    expect(within(section).getByText('Check out most 🔥 courses in the market')).toBeTruthy();
    expect(await within(section).findAllByRole('article')).toHaveLength(4);
    // Under the section's h2, the card titles are h3 (heading order).
    expect(within(section).getByRole('heading', { name: 'Course 1', level: 3 })).toBeTruthy();
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
  it('searches, filters by category and level, and loads more with the cursor', async () => {
    api.answer('courses.list', ({ input }) => {
      if (input.cursor === 'next-1') return coursePage([makeCourse({ _id: 'c2', title: 'Second page' })]);
      if (input.search === 'nothing') return coursePage([]);
      return coursePage([makeCourse({ _id: 'c1', title: 'First page' })], 'next-1');
    });
    startSignedIn(null);
    const { user, router } = renderApp('/courses');
    expect(await screen.findByRole('heading', { name: 'Courses', level: 1 }, FIRST_PAINT)).toBeTruthy();
    // Right under the page's h1, the card titles are h2 (heading order).
    expect(await screen.findByRole('heading', { name: 'First page', level: 2 }, FIRST_PAINT)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Second page' }, FIRST_PAINT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Data Science');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Advanced');
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No course found')).toBeTruthy();
    expect(router.state.location.search).toEqual({
      search: 'nothing',
      category: 'Data Science',
      level: 'Advanced',
    });
    expect(listInputs().at(-1)).toEqual({
      limit: 12,
      search: 'nothing',
      category: 'Data Science',
      level: 'Advanced',
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('sorts by rating through the URL, and drops an unknown order', async () => {
    api.answer('courses.list', coursePage([makeCourse({ _id: 'c1', title: 'Best rated' })]));
    startSignedIn(null);
    const { user, router } = renderApp('/courses?sort=stars');
    expect(await screen.findByRole('heading', { name: 'Best rated', level: 2 }, FIRST_PAINT)).toBeTruthy();
    expect(listInputs()[0]).toEqual({ limit: 12 });
    const order = screen.getByRole('combobox', { name: 'Sort by' });
    expect((order as HTMLSelectElement).value).toBe('');

    await user.selectOptions(order, 'Highest rated');
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'rating' }));
    await waitFor(() => expect(listInputs().at(-1)).toEqual({ limit: 12, sort: 'rating' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
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
    expect(await screen.findByRole('heading', { name: 'Course 5', level: 2 }, FIRST_PAINT)).toBeTruthy();
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
    expect(await screen.findByText('Something went wrong', undefined, FIRST_PAINT)).toBeTruthy();
    expect(listInputs()[0]).toEqual({ limit: 12 });
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No course found')).toBeTruthy();
  });

  it('asks for the anonymous list during the session check and shows it once the check has failed', async () => {
    const refreshAnswered = deferred<void>();
    api.answer('courses.list', coursePage([makeCourse({ thumbnail: null })]));
    startSignedIn(null, {}, { answerRefreshAfter: refreshAnswered.promise });
    renderApp('/courses');
    // The list is requested while the check is still unanswered, without a token.
    await waitFor(() => expect(api.calls('courses.list')).toHaveLength(1));
    const [early] = api.calls('courses.list');
    expect(early?.request.headers.get('Authorization')).toBeNull();
    // Exactly the URL index.html preloads on /courses (vite-plugins/first-paint.ts), so the preload is used.
    expect(early ? pathAndQuery(early.request) : null).toBe(ANONYMOUS_CATALOGUE_FIRST_PAGE_URL);
    expect(early?.request.method).toBe('GET');
    expect(screen.getByText('Loading...')).toBeTruthy();

    refreshAnswered.resolve();
    const link = await screen.findByRole('link', { name: 'Enroll Now' }, FIRST_PAINT);
    expect(link.getAttribute('href')).toBe('/course/course-1');
    // The early request was the list's only request: the failed check's cache reset did not drop it.
    expect(api.calls('courses.list')).toHaveLength(1);
  });

  it('links cards under the role base path for a signed-in user', async () => {
    const refreshAnswered = deferred<void>();
    api.answer('courses.list', coursePage([makeCourse({ thumbnail: null })]));
    startSignedIn('student', {}, { answerRefreshAfter: refreshAnswered.promise });
    renderApp('/courses');
    // The anonymous first page is asked for while the check runs...
    await waitFor(() => expect(api.calls('courses.list')).toHaveLength(1));
    refreshAnswered.resolve();
    const link = await screen.findByRole('link', { name: 'Enroll Now' }, FIRST_PAINT);
    expect(link.getAttribute('href')).toBe('/dashboard/course/course-1');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    // ...and cancelled once the check signed the viewer in; the list shown is the viewer's.
    const listCalls = api.calls('courses.list');
    expect(listCalls).toHaveLength(2);
    const [early, own] = listCalls;
    expect(sentTo('courses.list').map((request) => request.signal.aborted)).toEqual([true, false]);
    expect(early?.request.headers.get('Authorization')).toBeNull();
    expect(own?.request.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it("shows 'Something went wrong' when the list's shape is not a course page", async () => {
    // Not an answer the API (or its mock) could give: a raw handler.
    server.use(
      http.get('*/trpc/courses.list', () =>
        HttpResponse.json([
          { result: { data: { data: { courses: [{ title: 'No id' }], nextCursor: null } } } },
        ]),
      ),
    );
    startSignedIn(null);
    renderApp('/courses');
    expect(await screen.findByText('Something went wrong', undefined, FIRST_PAINT)).toBeTruthy();
  });

  it('is also the dashboard courses screen', async () => {
    api.answer('courses.list', coursePage([makeCourse({ thumbnail: null })]));
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/courses');
    expect(await screen.findByRole('heading', { name: 'All Courses' }, FIRST_PAINT)).toBeTruthy();
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
    expect(await screen.findByRole('heading', { name: course.title, level: 1 }, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByText('react')).toBeTruthy();
    expect(screen.getByText('hooks')).toBeTruthy();
    expect(screen.getByText('Some JavaScript')).toBeTruthy();
    expect(screen.getByText('Think in components')).toBeTruthy();
    expect(screen.getByText('Start from an empty folder.')).toBeTruthy();
    expect(screen.getByText('₹1,299.00')).toBeTruthy();

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
      '1.Intro: welcomePreview2 min',
      '2.ComponentsLocked4:05',
      '3.StateLocked10 min',
    ]);
  });

  it("sends a signed-in user without access to checkout with 'Enroll Now'", async () => {
    api.answer('courses.get', { data: course });
    startSignedIn('student');
    renderApp('/dashboard/course/course-1');
    const enroll = await screen.findByRole('link', { name: 'Enroll Now' }, FIRST_PAINT);
    expect(enroll.getAttribute('href')).toBe('/dashboard/checkout/course-1');
  });

  it("sends full access to the first lecture with 'Continue Watching'", async () => {
    api.answer('courses.get', { data: { ...course, canAccessAll: true } });
    startSignedIn('admin');
    renderApp('/dashboard/admin/course/course-1');
    const watch = await screen.findByRole('link', { name: 'Continue Watching' }, FIRST_PAINT);
    expect(watch.getAttribute('href')).toBe('/dashboard/admin/course/course-1/lecture/l1');
  });

  it('says lectures are coming soon when there are none to enroll in', async () => {
    api.answer('courses.get', { data: { ...course, videos: [] } });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1');
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }, FIRST_PAINT));
    expect(await screen.findByText('Lectures are coming soon. Please check back later.')).toBeTruthy();
  });

  it("shows 'Failed to load course' and a Go Back button on error", async () => {
    api.fail('courses.get', 'NOT_FOUND', 'Course not found');
    startSignedIn(null);
    renderApp('/course/missing');
    expect(await screen.findByText('Failed to load course', undefined, FIRST_PAINT)).toBeTruthy();
    expect(screen.getByText('Course not found')).toBeTruthy();
    expect(api.calls('courses.get')[0]?.input).toEqual({ id: 'missing' });
    expect(screen.getByRole('button', { name: /Go Back/ })).toBeTruthy();
  });
});
