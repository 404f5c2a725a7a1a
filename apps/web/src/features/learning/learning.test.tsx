/**
 * My courses and the lecture player through the whole app (real routes, mocked API): the screens' states
 * and texts, the lecture sidebar and progress bar, and progress sync against a <video> whose media
 * events the test fires (jsdom plays no media).
 */
import type { Course } from '@lectio/contracts/course';
import {
  buildCurriculum,
  buildCurriculumLesson,
  buildCurriculumSection,
  buildLessonResource,
} from '@lectio/mocks';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '~/lib/query-client';
import { api, sentTo } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { MyCoursesScreen } from './MyCoursesScreen';
import { progressStorageKey } from './progress-sync';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

const purchased = (courses: Course[]) => ({ data: { courses, nextCursor: null } });

describe('My courses', () => {
  it('shows the purchased courses as cards linking to /dashboard/course/{id}', async () => {
    api.answer(
      'courses.mine',
      purchased([
        makeCourse({ _id: 'c1', title: 'First bought', thumbnail: null, progress: 50 }),
        makeCourse({ _id: 'c2', title: 'Second bought', thumbnail: null, progress: 0 }),
      ]),
    );
    startSignedIn('student', { purchasedCourses: ['c1', 'c2'] });
    renderApp('/dashboard/mycourse');
    expect(await screen.findByRole('heading', { name: 'My Courses', level: 1 }, FIRST_PAINT)).toBeVisible();
    const card = await screen.findByRole('article', { name: 'First bought' });
    const watch = await within(card).findByRole('link', { name: 'Continue Watching' });
    expect(watch.getAttribute('href')).toBe('/dashboard/course/c1');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('links an admin’s cards inside the admin section', async () => {
    api.answer('courses.mine', purchased([makeCourse({ _id: 'c1', title: 'Bought', thumbnail: null })]));
    startSignedIn('admin');
    renderApp('/dashboard/admin/mycourse');
    const card = await screen.findByRole('article', { name: 'Bought' }, FIRST_PAINT);
    expect((await within(card).findByRole('link', { name: 'Bought' })).getAttribute('href')).toBe(
      '/dashboard/admin/course/c1',
    );
  });

  it('says when nothing was purchased yet', async () => {
    api.answer('courses.mine', purchased([]));
    startSignedIn('student');
    renderApp('/dashboard/mycourse');
    expect(
      await screen.findByText("You haven't purchased any courses yet.", undefined, FIRST_PAINT),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe(
      '/dashboard/courses',
    );
  });

  it('says when the list fails to load', async () => {
    api.fail('courses.mine', 'BAD_REQUEST', 'Bad');
    startSignedIn('student');
    renderApp('/dashboard/mycourse');
    const alert = await screen.findByText(
      'Failed to load your courses. Please try again later.',
      undefined,
      FIRST_PAINT,
    );
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('asks a signed-out visitor to log in', () => {
    render(
      <QueryClientProvider client={queryClient}>
        <MyCoursesScreen />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Please login to see your courses.')).toBeVisible();
  });
});

const lectures = [
  makeLecture({ _id: 'l2', order: 2, title: 'Second: state', videoUrl: '/media/l2.mp4', duration: 7 }),
  makeLecture({ _id: 'l1', order: 1, title: 'Intro: welcome', isPreview: true, videoUrl: '/media/l1.mp4' }),
  makeLecture({ _id: 'l3', order: 3, title: 'Third: effects', videoUrl: null, isLocked: true }),
];
const enrolled = makeCourse({ videos: lectures, canAccessAll: true, progress: 33 });

function courseProgress(
  completionPercentage: number,
  items: { lectureId: string; watchedDuration: number; completed: boolean }[] = [],
) {
  return { progress: { courseId: 'course-1', completionPercentage, lectures: items } };
}

/** The player's API for `course`: the course, its progress (33 %), and recording progress on l2. */
function answerPlayer(course: Course) {
  api.answer('courses.get', { data: course });
  api.answer('progress.course', courseProgress(33));
  // The server keeps whole seconds.
  api.answer('progress.record', ({ input: { videoId, watchedDuration, completed } }) => ({
    progress: { lectureId: videoId, watchedDuration: Math.round(watchedDuration), completed },
    certificateId: null,
  }));
}

/** What each `progress.record` call sent (the lecture and the position). */
function recorded() {
  return api.calls('progress.record').map((call) => call.input);
}

/** Gives the jsdom <video> a duration and a settable position, as a browser would after loading. */
function mediaOf(video: HTMLVideoElement, duration: number) {
  let position = 0;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => position,
    set: (value: number) => {
      position = value;
    },
  });
  return {
    loadMetadata: () => fireEvent(video, new Event('loadedmetadata')),
    playTo: (seconds: number) => {
      position = seconds;
      fireEvent(video, new Event('timeupdate'));
    },
    end: () => {
      position = duration;
      fireEvent(video, new Event('ended'));
    },
    position: () => position,
  };
}

describe('lecture player', () => {
  it('shows the video, the ordered lecture list with the locked one marked, and the course progress', async () => {
    answerPlayer(enrolled);
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l2');
    expect(
      await screen.findByRole('heading', { name: 'Second: state', level: 1 }, FIRST_PAINT),
    ).toBeVisible();
    const video = (await screen.findByLabelText('Lecture video: Second: state')) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/media/l2.mp4');
    expect(video.controls).toBe(true);

    const nav = screen.getByRole('navigation', { name: 'Lectures' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/course/course-1/lecture/l1',
      '/dashboard/course/course-1/lecture/l2',
      '/dashboard/course/course-1/lecture/l3',
    ]);
    expect(links[1]?.getAttribute('aria-current')).toBe('page');
    expect(links[0]?.getAttribute('aria-current')).toBeNull();
    expect(within(links[2] as HTMLElement).getByText('Locked')).toBeVisible();
    expect(within(links[0] as HTMLElement).queryByText('Locked')).toBeNull();

    const bar = await screen.findByRole('progressbar', { name: 'Course progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });

  it('groups the sidebar under the curriculum’s sections (each done count, each collapsible); previous and next lecture', async () => {
    answerPlayer(enrolled);
    api.answer(
      'progress.course',
      courseProgress(33, [{ lectureId: 'l1', watchedDuration: 60, completed: true }]),
    );
    api.answer('curriculum.get', {
      data: buildCurriculum({
        courseId: enrolled._id,
        sections: [
          buildCurriculumSection({ title: 'Getting started', order: 1 }, [
            buildCurriculumLesson({ _id: 'l1', order: 1 }),
            buildCurriculumLesson({ _id: 'l2', order: 2 }),
          ]),
          buildCurriculumSection({ title: 'In practice', order: 2 }, [
            buildCurriculumLesson({ _id: 'l3', order: 3 }),
          ]),
        ],
      }),
    });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/l2');
    const nav = await screen.findByRole('navigation', { name: 'Lectures' }, FIRST_PAINT);
    const first = await within(nav).findByRole('group', { name: /^Getting started/ });
    // Once the progress has loaded: l1 is completed.
    await waitFor(() =>
      expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('Getting started1 of 2 done'),
    );
    expect(
      within(first)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringMatching(/^1\.VideoIntro: welcome/),
      expect.stringMatching(/^2\.VideoSecond: state/),
    ]);
    const second = within(nav).getByRole('group', { name: /^In practice/ });
    expect(within(second).getByRole('heading', { level: 3 }).textContent).toBe('In practice0 of 1 done');
    expect(within(second).getByRole('link').getAttribute('href')).toBe(
      '/dashboard/course/course-1/lecture/l3',
    );

    // A section's heading shows or hides its lessons.
    const toggle = within(first).getByRole('button', { name: /^Getting started/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(first).queryAllByRole('link')).toHaveLength(0);
    await user.click(toggle);
    expect(within(first).getAllByRole('link')).toHaveLength(2);

    // Previous and next lecture, in curriculum order, across sections.
    const steps = screen.getByRole('navigation', { name: 'Previous and next lecture' });
    expect(
      within(steps)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['PreviousIntro: welcome', '/dashboard/course/course-1/lecture/l1'],
      ['NextThird: effects', '/dashboard/course/course-1/lecture/l3'],
    ]);
  });

  it('lists the lesson’s resources as downloads with their names and sizes; none is asked for a locked lesson', async () => {
    answerPlayer(enrolled);
    api.answer('resources.list', ({ input }) => ({
      data: {
        resources:
          input.lectureId === 'l2'
            ? [
                buildLessonResource({
                  lectureId: 'l2',
                  title: 'Slides',
                  fileName: 'slides.pdf',
                  size: 3_400_000,
                }),
                buildLessonResource({ lectureId: 'l2', title: 'Not for you', isLocked: true }),
              ]
            : [],
      },
    }));
    startSignedIn('student');
    const { unmount } = renderApp('/dashboard/course/course-1/lecture/l2');
    const section = await screen.findByRole('region', { name: 'Resources' }, FIRST_PAINT);
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Slidesslides.pdf, 3.4 MB']);
    expect(links[0]?.getAttribute('download')).toBe('slides.pdf');
    expect(links[0]?.getAttribute('href')).toMatch(/\?expires=\d+&signature=/);
    unmount();

    // The locked lecture (l3) never asks.
    const asked = api.calls('resources.list').length;
    renderApp('/dashboard/course/course-1/lecture/l3');
    expect(
      await screen.findByRole('heading', { name: 'Third: effects', level: 1 }, FIRST_PAINT),
    ).toBeVisible();
    expect(api.calls('resources.list')).toHaveLength(asked);
    expect(screen.queryByRole('region', { name: 'Resources' })).toBeNull();
  });

  it("shows 'This lecture is locked' with 'Enroll to Unlock' to checkout", async () => {
    const visitor = makeCourse({ videos: lectures, canAccessAll: false });
    answerPlayer(visitor);
    api.answer('progress.course', courseProgress(0));
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l3');
    expect(await screen.findByText('This lecture is locked', undefined, FIRST_PAINT)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Enroll to Unlock' }).getAttribute('href')).toBe(
      '/dashboard/checkout/course-1',
    );
    expect(screen.queryByLabelText(/Lecture video/)).toBeNull();
  });

  it('uses the section’s base path for an admin', async () => {
    const visitor = makeCourse({ videos: lectures, canAccessAll: false });
    answerPlayer(visitor);
    api.answer('progress.course', courseProgress(0));
    startSignedIn('admin');
    renderApp('/dashboard/admin/course/course-1/lecture/l3');
    expect(
      (await screen.findByRole('link', { name: 'Enroll to Unlock' }, FIRST_PAINT)).getAttribute('href'),
    ).toBe('/dashboard/admin/checkout/course-1');
    const nav = screen.getByRole('navigation', { name: 'Lectures' });
    expect(within(nav).getAllByRole('link')[0]?.getAttribute('href')).toBe(
      '/dashboard/admin/course/course-1/lecture/l1',
    );
  });

  it('says a lecture without a file is not published yet when the viewer has full access', async () => {
    answerPlayer(enrolled);
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l3');
    expect(
      await screen.findByText(
        'This lecture is not published yet. Please check back later',
        undefined,
        FIRST_PAINT,
      ),
    ).toBeVisible();
  });

  it("shows 'Error: ' and the message for a lecture that isn't in the course", async () => {
    answerPlayer(enrolled);
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/nope');
    expect(
      (await screen.findByText('Error: Lecture not found', undefined, FIRST_PAINT)).getAttribute('role'),
    ).toBe('alert');
  });

  it("shows 'Failed to load course' when the course can't be read", async () => {
    api.fail('courses.get', 'NOT_FOUND', 'Course not found');
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l1');
    expect(await screen.findByText('Failed to load course', undefined, FIRST_PAINT)).toBeVisible();
  });
});

describe('lecture player: progress sync', () => {
  it('resumes from the stored position, saves every update locally, sends every 5th after 2 s, then refetches', async () => {
    answerPlayer(enrolled);
    const { user } = startSignedIn('student');
    const storageKey = progressStorageKey(user?._id ?? '', 'l2');
    window.localStorage.setItem(
      storageKey,
      JSON.stringify({ watchedDuration: 3.5, completed: false, updatedAt: 1 }),
    );
    renderApp('/dashboard/course/course-1/lecture/l2');
    const video = (await screen.findByLabelText(
      'Lecture video: Second: state',
      undefined,
      FIRST_PAINT,
    )) as HTMLVideoElement;
    const media = mediaOf(video, 7);

    media.loadMetadata();
    expect(media.position()).toBe(3.5);
    await waitFor(() => expect(api.calls('progress.course')).toHaveLength(1));
    expect(api.calls('progress.course')[0]?.input).toEqual({ courseId: 'course-1' });

    for (const seconds of [3.75, 4, 4.25, 4.5]) media.playTo(seconds);
    expect(JSON.parse(window.localStorage.getItem(storageKey) ?? '{}')).toMatchObject({
      watchedDuration: 4.5,
      completed: false,
    });
    media.playTo(4.75);
    // The 5th update schedules a send; nothing goes out before the 2 s debounce.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(recorded()).toHaveLength(0);
    await waitFor(() => expect(recorded()).toHaveLength(1), { timeout: 2000 });
    expect(recorded()[0]).toEqual({ videoId: 'l2', watchedDuration: 4.75, completed: false });
    // The course progress is read again after the send.
    await waitFor(() => expect(api.calls('progress.course')).toHaveLength(2));
  });

  it('on end sends watched = duration and completed at once, and the progress bar follows', async () => {
    let completed = false;
    answerPlayer(enrolled);
    api.answer('progress.record', ({ input: { videoId, watchedDuration, completed: done } }) => {
      completed = done;
      return {
        progress: { lectureId: videoId, watchedDuration: Math.round(watchedDuration), completed: done },
        certificateId: null,
      };
    });
    api.answer('progress.course', () =>
      completed
        ? courseProgress(67, [{ lectureId: 'l2', watchedDuration: 7, completed: true }])
        : courseProgress(33),
    );
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l2');
    const video = (await screen.findByLabelText(
      'Lecture video: Second: state',
      undefined,
      FIRST_PAINT,
    )) as HTMLVideoElement;
    const media = mediaOf(video, 7);
    media.loadMetadata();
    media.playTo(6.9);
    media.end();
    await waitFor(() => expect(recorded()).toHaveLength(1), { timeout: 500 });
    expect(recorded()[0]).toEqual({ videoId: 'l2', watchedDuration: 7, completed: true });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Course progress' }).getAttribute('aria-valuenow')).toBe(
        '67',
      ),
    );
    const nav = screen.getByRole('navigation', { name: 'Lectures' });
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(within(current).getByText('Completed')).toBeVisible();
  });

  it('resumes from the server position when it is further along, and from 0 near the end', async () => {
    answerPlayer(enrolled);
    api.answer(
      'progress.course',
      courseProgress(0, [{ lectureId: 'l2', watchedDuration: 5, completed: false }]),
    );
    startSignedIn('student');
    window.localStorage.setItem(
      progressStorageKey('user-1', 'l2'),
      JSON.stringify({ watchedDuration: 2, completed: false, updatedAt: 1 }),
    );
    const { unmount } = renderApp('/dashboard/course/course-1/lecture/l2');
    let video = (await screen.findByLabelText(
      'Lecture video: Second: state',
      undefined,
      FIRST_PAINT,
    )) as HTMLVideoElement;
    let media = mediaOf(video, 7);
    media.loadMetadata();
    expect(media.position()).toBe(5);
    unmount();

    window.localStorage.setItem(
      progressStorageKey('user-1', 'l2'),
      JSON.stringify({ watchedDuration: 6.5, completed: true, updatedAt: 2 }),
    );
    renderApp('/dashboard/course/course-1/lecture/l2');
    video = (await screen.findByLabelText(
      'Lecture video: Second: state',
      undefined,
      FIRST_PAINT,
    )) as HTMLVideoElement;
    media = mediaOf(video, 7);
    media.loadMetadata();
    expect(media.position()).toBe(0);
  });

  it('flushes unsent progress when the page is hidden, with keepalive', async () => {
    answerPlayer(enrolled);
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l2');
    const video = (await screen.findByLabelText(
      'Lecture video: Second: state',
      undefined,
      FIRST_PAINT,
    )) as HTMLVideoElement;
    const media = mediaOf(video, 7);
    media.loadMetadata();
    media.playTo(1.25);
    media.playTo(1.5);
    fireEvent(window, new Event('pagehide'));
    await waitFor(() => expect(recorded()).toHaveLength(1));
    expect(recorded()[0]).toEqual({ videoId: 'l2', watchedDuration: 1.5, completed: false });
    expect(sentTo('progress.record').map((request) => request.keepalive)).toEqual([true]);
  });

  it('just plays for a user without track_progress: no progress calls, no bar', async () => {
    const owned = makeCourse({ videos: lectures, canAccessAll: true });
    api.answer('courses.get', { data: owned });
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/course/course-1/lecture/l2');
    const video = (await screen.findByLabelText(
      'Lecture video: Second: state',
      undefined,
      FIRST_PAINT,
    )) as HTMLVideoElement;
    const media = mediaOf(video, 7);
    media.loadMetadata();
    for (let i = 1; i <= 10; i++) media.playTo(i * 0.5);
    media.end();
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect([...api.calls('progress.record'), ...api.calls('progress.course')]).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('lectio:progress'))).toEqual([]);
  });
});
