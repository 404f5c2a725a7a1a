/**
 * The admin's reported reviews (decision 0036): the list with report counts, reasons and hidden state,
 * Hide and Unhide, the empty and error states, and the sidebar entry that leads there.
 */
import type { ReportedReview } from '@lectio/contracts/reviews';
import { buildReportedReview } from '@lectio/mocks';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 5000 });

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));

function reported(overrides: Parameters<typeof buildReportedReview>[0] = {}): ReportedReview {
  return buildReportedReview({
    courseId: 'course-1',
    course: { _id: 'course-1', title: 'Modern React from Scratch' },
    createdAt: '2026-03-10T10:00:00.000Z',
    updatedAt: '2026-03-10T10:00:00.000Z',
    lastReportedAt: '2026-03-12T09:00:00.000Z',
    ...overrides,
  });
}

/** A small fake of the moderation API: the list, and setHidden flipping a review's state. */
function answerReported(reviews: ReportedReview[]) {
  const byId = new Map(reviews.map((review) => [review._id, { ...review }]));
  api.answer('reviews.reported', () => ({ reviews: [...byId.values()], nextCursor: null }));
  api.answer('reviews.setHidden', ({ input }) => {
    const review = byId.get(input.id);
    if (!review) throw new Error('unknown review');
    review.hidden = input.hidden;
    review.hiddenAt = input.hidden ? '2026-03-13T09:00:00.000Z' : null;
    return {
      message: input.hidden
        ? 'The review is hidden and no longer counts towards the rating'
        : 'The review is visible again',
      review: { _id: input.id, hidden: input.hidden },
      course: { _id: review.courseId, rating: 4.5, ratingCount: 10 },
    };
  });
}

function item(text: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Reported reviews' });
  const found = within(list)
    .getAllByRole('listitem')
    .find((entry) => entry.textContent?.includes(text));
  if (!found) throw new Error(`No reported review with ${text}`);
  return found;
}

describe('reported reviews (admin)', () => {
  it('lists reported reviews with their counts, reasons and state, and hides one', async () => {
    answerReported([
      reported({
        _id: 'r-spam',
        author: { name: 'Troll Account', avatar: null },
        rating: 1,
        body: 'Buy followers at example.net',
        reportCount: 3,
        reasons: ['Advertising', 'Spam'],
      }),
      reported({
        _id: 'r-hidden',
        author: { name: 'Angry Person', avatar: null },
        body: null,
        hidden: true,
        reportCount: 1,
        reasons: [],
      }),
    ]);
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported reviews' })).toBeVisible();
    await screen.findByRole('list', { name: 'Reported reviews' });

    const spam = item('Troll Account');
    expect(within(spam).getByRole('link', { name: 'Modern React from Scratch' }).getAttribute('href')).toBe(
      '/dashboard/admin/course/course-1',
    );
    expect(within(spam).getByText('Buy followers at example.net')).toBeVisible();
    expect(within(spam).getByText(/3 reports/).textContent).toBe('3 reports, last 12 Mar 2026');
    expect(within(spam).getByText('Advertising')).toBeVisible();
    expect(within(spam).getByText('Visible')).toBeVisible();
    const hidden = item('Angry Person');
    expect(within(hidden).getByText('Hidden')).toBeVisible();
    expect(within(hidden).getByText('No text, stars only.')).toBeVisible();

    await user.click(
      within(spam).getByRole('button', {
        name: 'Hide the review by Troll Account of Modern React from Scratch',
      }),
    );
    await waitFor(() =>
      expect(api.calls('reviews.setHidden')[0]?.input).toEqual({ id: 'r-spam', hidden: true }),
    );
    expect(
      await screen.findByText('The review is hidden and no longer counts towards the rating'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(item('Troll Account')).getByText('Hidden')).toBeVisible());

    await user.click(within(item('Angry Person')).getByRole('button', { name: /^Unhide/ }));
    await waitFor(() =>
      expect(api.calls('reviews.setHidden')[1]?.input).toEqual({ id: 'r-hidden', hidden: false }),
    );
    await waitFor(() => expect(within(item('Angry Person')).getByText('Visible')).toBeVisible());
  });

  it('says when nothing is reported', async () => {
    answerReported([]);
    startSignedIn('admin');
    renderApp('/dashboard/admin/reviews');
    expect(await screen.findByText('No reported reviews.')).toBeVisible();
  });

  it('shows the load failure with a retry', async () => {
    api.fail('reviews.reported', 'INTERNAL_SERVER_ERROR', 'Boom');
    startSignedIn('admin');
    renderApp('/dashboard/admin/reviews');
    expect(await screen.findByText('Failed to load reported reviews')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('is in the admin sidebar', async () => {
    answerReported([]);
    startSignedIn('admin');
    renderApp('/dashboard/admin/reviews');
    const link = await screen.findByRole('link', { name: 'Reported reviews' });
    expect(link.getAttribute('href')).toBe('/dashboard/admin/reviews');
  });
});
