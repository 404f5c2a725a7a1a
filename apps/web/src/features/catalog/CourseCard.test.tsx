/**
 * The course card (spec section 1): image shimmer, then a 300 ms skeleton, then the details; the text
 * fallbacks; the button text by purchase; the link by sign-in state and role.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '~/lib/session';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { makeUser } from '../../../test/fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { CourseCard } from './CourseCard';

afterEach(() => {
  vi.useRealTimers();
});

function signInAs(role: 'admin' | 'instructor' | 'student' | 'guest', purchasedCourses: string[] = []) {
  const user = makeUser({ role, purchasedCourses });
  setSession({ role: user.role, accessToken: 'token', userData: user });
}

/** Renders the card and lets its details show (no thumbnail: no image to wait for). */
async function renderRevealed(course = makeCourse({ thumbnail: null })) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = await renderWithRouter(<CourseCard course={course} />);
  act(() => {
    vi.advanceTimersByTime(300);
  });
  await screen.findByRole('heading', { name: course.title });
  return view;
}

describe('CourseCard', () => {
  it('shows a shimmer until the image loads, then a skeleton for 300 ms, then the details', async () => {
    await renderWithRouter(<CourseCard course={makeCourse()} />);
    const image = document.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/thumb.jpg');
    expect(screen.getByTestId('course-card-shimmer')).toBeVisible();
    expect(screen.getByTestId('course-card-skeleton')).toBeVisible();
    expect(screen.queryByText('Enroll Now')).toBeNull();

    vi.useFakeTimers();
    fireEvent.load(image);
    expect(screen.queryByTestId('course-card-shimmer')).toBeNull();
    expect(screen.getByTestId('course-card-skeleton')).toBeVisible();

    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(screen.getByTestId('course-card-skeleton')).toBeVisible();
    expect(screen.queryByText('Enroll Now')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('course-card-skeleton')).toBeNull();
    expect(screen.getByText('Enroll Now')).toBeVisible();
    expect(screen.getByText('Build fast, accessible interfaces.')).toBeVisible();
  });

  it("shows 'No Image Available' without a thumbnail or when the image fails", async () => {
    await renderWithRouter(<CourseCard course={makeCourse({ thumbnail: null })} />);
    expect(screen.getByText('No Image Available')).toBeVisible();
    expect(screen.queryByTestId('course-card-shimmer')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it("falls back to 'No Image Available' when the image fails to load", async () => {
    await renderWithRouter(<CourseCard course={makeCourse()} />);
    fireEvent.error(document.querySelector('img') as HTMLImageElement);
    expect(screen.getByText('No Image Available')).toBeVisible();
  });

  it('uses the text fallbacks and counts lectures from the videos list', async () => {
    const course = makeCourse({
      thumbnail: null,
      shortDescription: '',
      duration: null,
      videos: [makeLecture({ _id: 'a' }), makeLecture({ _id: 'b' }), makeLecture({ _id: 'c' })],
      // An older payload without the counters: both default to 0.
      publicLectures: undefined as unknown as number,
      privateLectures: undefined as unknown as number,
    });
    await renderRevealed(course);
    expect(screen.getByText('No description available.')).toBeVisible();
    expect(screen.getByText('3 lectures')).toBeVisible();
    expect(screen.getByText('0 free')).toBeVisible();
    expect(screen.getByText('0 locked')).toBeVisible();
    expect(screen.getByText(/Duration:\s*N\/A/)).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows counts, duration, price in rupees and a progress bar when progress exists', async () => {
    await renderRevealed(makeCourse({ thumbnail: null, progress: 42.4, price: 1299 }));
    expect(screen.getByText('1 free')).toBeVisible();
    expect(screen.getByText('2 locked')).toBeVisible();
    expect(screen.getByText(/Duration:\s*1h 05m/)).toBeVisible();
    expect(screen.getByText('₹1,299.00')).toBeVisible();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
  });

  it('shows the rating and its count from the course, or that there are none yet', async () => {
    const rated = await renderRevealed(makeCourse({ thumbnail: null, rating: 4.25, ratingCount: 12 }));
    const rating = screen.getByTestId('course-card-rating');
    expect(rating.textContent).toContain('★ 4.3 (12)');
    expect(screen.getByText('Rated 4.3 out of 5 from 12 reviews')).toBeVisible();
    rated.unmount();

    await renderRevealed(makeCourse({ thumbnail: null, rating: 0, ratingCount: 0 }));
    expect(screen.getByTestId('course-card-rating').textContent).toBe('No ratings yet');
  });

  it('titles the card with an h2 by default and an h3 when it sits under a section heading', async () => {
    const course = makeCourse({ thumbnail: null });
    const first = await renderRevealed(course);
    expect(screen.getByRole('heading', { name: course.title }).tagName).toBe('H2');
    first.unmount();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderWithRouter(<CourseCard course={course} headingLevel={3} />);
    // Already while the skeleton shows: the title is the card's accessible name from the start.
    expect(screen.getByRole('heading', { name: course.title, level: 3 })).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.getByRole('link', { name: 'Enroll Now' })).toBeVisible();
    expect(screen.getByRole('heading', { name: course.title, level: 3 })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('is 400 px high, growing with its grid row rather than squeezing its text (layout: e2e catalogue spec)', async () => {
    await renderWithRouter(<CourseCard course={makeCourse()} />);
    const card = screen.getByRole('article') as HTMLElement;
    expect(card.style.minHeight).toBe('400px');
    expect(card.style.height).toBe('');
    expect(card.classList.contains('h-full')).toBe(true);
  });

  it('links a signed-out visitor to /course/{id} with Enroll Now', async () => {
    await renderRevealed();
    const button = screen.getByRole('link', { name: 'Enroll Now' });
    expect(button.getAttribute('href')).toBe('/course/course-1');
    expect(screen.getByRole('link', { name: 'Modern React from Scratch' }).getAttribute('href')).toBe(
      '/course/course-1',
    );
  });

  it.each([
    ['admin', '/dashboard/admin/course/course-1'],
    ['instructor', '/dashboard/instructor/course/course-1'],
    ['student', '/dashboard/course/course-1'],
    ['guest', '/dashboard/course/course-1'],
  ] as const)('links a signed-in %s to %s', async (role, href) => {
    signInAs(role);
    await renderRevealed();
    expect(screen.getByRole('link', { name: 'Enroll Now' }).getAttribute('href')).toBe(href);
  });

  it("reads 'Start' for an owned course not begun, 'Continue Watching' once begun", async () => {
    signInAs('student', ['other', 'course-1']);
    const { unmount } = await renderRevealed(makeCourse({ thumbnail: null, progress: 0 }));
    expect(screen.getByRole('link', { name: 'Start' }).getAttribute('href')).toBe(
      '/dashboard/course/course-1',
    );
    expect(screen.queryByText('Continue Watching')).toBeNull();
    expect(screen.queryByText('Enroll Now')).toBeNull();
    unmount();
    await renderRevealed(makeCourse({ thumbnail: null, progress: 40 }));
    expect(screen.getByRole('link', { name: 'Continue Watching' }).getAttribute('href')).toBe(
      '/dashboard/course/course-1',
    );
  });

  it("shows a free course's price as 'Free', not ₹0.00", async () => {
    await renderRevealed(makeCourse({ thumbnail: null, price: 0 }));
    expect(screen.getByText('Free')).toBeVisible();
    expect(screen.queryByText('₹0.00')).toBeNull();
  });

  it('shows an owned course its progress instead of the price and the locked-lecture count', async () => {
    signInAs('student', ['course-1']);
    await renderRevealed(makeCourse({ thumbnail: null, price: 1299 }));
    expect(screen.queryByText('₹1,299.00')).toBeNull();
    expect(screen.queryByText(/locked$/)).toBeNull();
    expect(screen.queryByText(/free$/)).toBeNull();
    // No progress recorded yet reads 0%, not nothing.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('0% complete')).toBeVisible();
  });
});
