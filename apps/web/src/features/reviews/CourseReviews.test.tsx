/**
 * The reviews section of the course page (decision 0036): the summary and the latest reviews for
 * everyone, 'Show more', the student's own review (write, edit, delete; why not yet), the keyboard star
 * picker, Report for signed-in users and Reply for the course's instructor.
 */
import type { MyReview, OwnReview, Review, ReviewPage } from '@lectio/contracts/reviews';
import { buildMyReview, buildReview, buildReviewSummary, MockApiError } from '@lectio/mocks';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 5000 });

const COURSE_ID = 'course-1';
const course = makeCourse({ videos: [makeLecture({ _id: 'l1', isPreview: true })] });

function review(n: number, overrides: Partial<Review> = {}): Review {
  return buildReview({
    _id: `review-${n}`,
    courseId: COURSE_ID,
    rating: 5 - (n % 3),
    body: `Review number ${n}`,
    author: { name: `Learner ${n}`, avatar: null },
    createdAt: `2026-03-${String(20 - n).padStart(2, '0')}T10:00:00.000Z`,
    updatedAt: `2026-03-${String(20 - n).padStart(2, '0')}T10:00:00.000Z`,
    ...overrides,
  });
}

/** Answers the course and its reviews: two pages (5 + 1) unless `pages` is given. */
function answerCourse(
  options: { pages?: ReviewPage[]; mine?: MyReview; summary?: Parameters<typeof buildReviewSummary>[0] } = {},
) {
  api.answer('courses.get', { data: course });
  api.answer('reviews.summary', buildReviewSummary({ courseId: COURSE_ID, ...(options.summary ?? {}) }));
  const pages = options.pages ?? [
    { reviews: [1, 2, 3, 4, 5].map((n) => review(n)), nextCursor: 'cursor-2' },
    { reviews: [review(6)], nextCursor: null },
  ];
  api.answer('reviews.list', ({ input }) => (input.cursor === 'cursor-2' ? pages[1]! : pages[0]!));
  if (options.mine) api.answer('reviews.mine', options.mine);
}

async function openCourse(path = `/course/${COURSE_ID}`) {
  const view = renderApp(path);
  const section = await screen.findByRole('region', { name: 'Reviews' });
  await within(section).findByRole('img', { name: /^Rated/ });
  // The list pages on its own (PagedList): wait until its loading line is gone too.
  await waitFor(() => expect(within(section).queryByRole('status')).toBeNull());
  return { ...view, section };
}

function ownReview(overrides: Partial<OwnReview> = {}): OwnReview {
  return { ...review(9, { body: 'My honest opinion', rating: 3 }), hidden: false, ...overrides };
}

describe('the reviews section', () => {
  it('shows a visitor the average, the distribution and the latest reviews, more on Show more', async () => {
    answerCourse({ summary: { distribution: { 5: 9, 4: 5, 3: 1, 2: 0, 1: 1 } } });
    startSignedIn(null);
    const { user, section } = await openCourse();

    expect(within(section).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeVisible();
    expect(within(section).getByText('16 reviews')).toBeVisible();
    const bars = within(section).getByRole('list', { name: 'Star distribution' });
    expect(within(bars).getByText('5 stars: 9 reviews (56%)')).toBeVisible();
    expect(within(bars).getByText('2 stars: 0 reviews (0%)')).toBeVisible();

    const latest = within(section).getByRole('list', { name: 'Latest reviews' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(5);
    expect(within(latest).getByText('Review number 1')).toBeVisible();
    const first = within(latest).getByText('Review number 1').closest('li') as HTMLElement;
    expect(within(first).getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    expect(within(first).getByText('Learner 1')).toBeVisible();
    expect(within(first).getByText('19 Mar 2026')).toBeVisible();
    // Nothing to do for a visitor: no form, no Report.
    expect(within(section).queryByRole('button', { name: /Report/ })).toBeNull();
    expect(within(section).queryByRole('radio')).toBeNull();
    expect(api.calls('reviews.mine')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Show more' }));
    expect(await within(latest).findByText('Review number 6')).toBeVisible();
    expect(api.calls('reviews.list').map((call) => call.input.cursor)).toEqual([undefined, 'cursor-2']);
    expect(within(section).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says there are no reviews yet', async () => {
    answerCourse({
      pages: [{ reviews: [], nextCursor: null }],
      summary: { distribution: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } },
    });
    startSignedIn(null);
    const { section } = await openCourse();
    expect(within(section).getByText('No reviews yet.')).toBeVisible();
    expect(within(section).queryByRole('list', { name: 'Latest reviews' })).toBeNull();
  });

  it('lets a student who may review pick stars with the keyboard and post a review', async () => {
    answerCourse({ mine: buildMyReview({ canReview: true }) });
    api.answer('reviews.create', ({ input }) => ({
      message: 'Thanks for your review!',
      review: ownReview({ rating: input.rating, body: input.body ?? null }),
    }));
    startSignedIn('student');
    const { user, section } = await openCourse(`/dashboard/course/${COURSE_ID}`);
    const form = await within(section).findByRole('form', { name: 'Write a review' });

    // Posting without stars says so and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    const group = within(form).getByRole('group', { name: 'Your rating' });
    // Said beside the stars, as an alert.
    await waitFor(() => expect(group).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars'));
    expect(within(form).getByText('Choose a rating from 1 to 5 stars').getAttribute('role')).toBe('alert');
    expect(api.calls('reviews.create')).toHaveLength(0);

    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    await user.click(within(group).getByRole('radio', { name: '3 stars' }));
    await user.keyboard('{ArrowRight}');
    expect((within(group).getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: '4 stars' }));

    await user.type(within(form).getByLabelText('Your review (optional)'), '  Clear and practical.  ');
    const before = api.calls('reviews.summary').length;
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    await waitFor(() => expect(api.calls('reviews.create')).toHaveLength(1));
    expect(api.calls('reviews.create')[0]?.input).toEqual({
      courseId: COURSE_ID,
      rating: 4,
      body: 'Clear and practical.',
    });
    expect(await screen.findByText('Thanks for your review!')).toBeInTheDocument();
    // The summary and the course (its rating) are fetched again.
    await waitFor(() => expect(api.calls('reviews.summary').length).toBeGreaterThan(before));
    await waitFor(() => expect(api.calls('courses.get').length).toBeGreaterThan(1));
  });

  it('shows why a student can’t review yet', async () => {
    answerCourse({
      mine: buildMyReview({
        canReview: false,
        notice: 'Watch at least one lecture of this course before reviewing it.',
      }),
    });
    startSignedIn('student');
    const { section } = await openCourse(`/dashboard/course/${COURSE_ID}`);
    expect(
      await within(section).findByText('Watch at least one lecture of this course before reviewing it.'),
    ).toBeVisible();
    expect(within(section).queryByRole('form')).toBeNull();
  });

  it('shows the student’s own review above the others, to edit or delete', async () => {
    const mine = ownReview({ hidden: true });
    answerCourse({
      mine: buildMyReview({ review: mine, canReview: false }),
      pages: [{ reviews: [review(1), mine], nextCursor: null }],
    });
    api.answer('reviews.update', ({ input }) => ({
      message: 'Your review was updated',
      review: { ...mine, rating: input.rating ?? mine.rating },
    }));
    api.answer('reviews.delete', { message: 'Your review was deleted' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    startSignedIn('student');
    const { user, section } = await openCourse(`/dashboard/course/${COURSE_ID}`);

    const own = await within(section).findByRole('region', { name: 'Your review' });
    expect(within(own).getByText('My honest opinion')).toBeVisible();
    expect(within(own).getByText(/An admin has hidden this review/)).toBeVisible();
    // Not repeated in the list, and nothing to report there.
    const latest = within(section).getByRole('list', { name: 'Latest reviews' });
    expect(within(latest).queryByText('My honest opinion')).toBeNull();

    await user.click(within(own).getByRole('button', { name: 'Edit' }));
    const form = within(section).getByRole('form', { name: 'Edit your review' });
    expect((within(form).getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Your review (optional)') as HTMLTextAreaElement).value).toBe(
      'My honest opinion',
    );
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.calls('reviews.update')[0]?.input).toEqual({
        id: mine._id,
        rating: 5,
        body: 'My honest opinion',
      }),
    );
    expect(await screen.findByText('Your review was updated')).toBeInTheDocument();

    await user.click(await within(section).findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete your review of this course?');
    await waitFor(() => expect(api.calls('reviews.delete')[0]?.input).toEqual({ id: mine._id }));
  });

  it('deletes nothing when the confirmation is declined', async () => {
    answerCourse({ mine: buildMyReview({ review: ownReview(), canReview: false }) });
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    startSignedIn('student');
    const { user, section } = await openCourse(`/dashboard/course/${COURSE_ID}`);
    const own = await within(section).findByRole('region', { name: 'Your review' });
    await user.click(within(own).getByRole('button', { name: 'Delete' }));
    expect(api.calls('reviews.delete')).toHaveLength(0);
  });

  it('lets a signed-in user report a review once, with an optional reason', async () => {
    answerCourse({ mine: buildMyReview({ canReview: false }) });
    api.answer('reviews.report', { message: 'Thanks. An admin will take a look at this review.' });
    startSignedIn('student');
    const { user, section } = await openCourse(`/dashboard/course/${COURSE_ID}`);
    const item = (await within(section).findByText('Review number 2')).closest('li') as HTMLElement;

    await user.click(within(item).getByRole('button', { name: 'Report the review by Learner 2' }));
    await user.type(within(item).getByLabelText(/Why are you reporting/), 'Spam link');
    await user.click(within(item).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(api.calls('reviews.report')[0]?.input).toEqual({ id: 'review-2', reason: 'Spam link' }),
    );
    expect(await within(item).findByText('Reported')).toBeVisible();
    expect(within(item).queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('shows the server’s refusal of a reply, and lets the course’s instructor reply', async () => {
    answerCourse({ mine: buildMyReview({ canReview: false, canReply: true }) });
    let refuse = true;
    api.answer('reviews.reply', ({ input }) => {
      if (refuse) {
        refuse = false;
        throw new MockApiError('CONFLICT', 'This review already has a reply.');
      }
      return {
        message: 'Your reply was posted',
        review: review(1, { reply: { body: input.body, repliedAt: '2026-03-21T10:00:00.000Z' } }),
      };
    });
    startSignedIn('instructor');
    const { user, section } = await openCourse(`/dashboard/instructor/course/${COURSE_ID}`);
    const item = (await within(section).findByText('Review number 1')).closest('li') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Reply to the review by Learner 1' }));
    await user.type(within(item).getByLabelText('Your reply'), 'Thank you!');
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    // The form's message line is always there; it says the server's refusal.
    await waitFor(() =>
      expect(within(item).getByRole('alert').textContent).toBe('This review already has a reply.'),
    );
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(api.calls('reviews.reply')).toHaveLength(2));
    expect(api.calls('reviews.reply')[1]?.input).toEqual({ id: 'review-1', body: 'Thank you!' });
    expect(await screen.findByText('Your reply was posted')).toBeInTheDocument();
  });
});
