/**
 * The instructor's side of Q&A (decision 0088): the home's "Unanswered questions" card (the count, the
 * oldest with links to their threads, the empty state) and the reported questions screen (hide and unhide
 * a question or an answer).
 */
import { QUESTION_MESSAGES } from '@lectio/contracts/questions';
import {
  buildInstructorHome,
  buildReportedDiscussionItem,
  buildReportedDiscussionPage,
  buildUnansweredQuestions,
} from '@lectio/mocks';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });
vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));

describe('the instructor home’s unanswered questions', () => {
  it('shows the count and the oldest, each linking to its thread on the lesson page', async () => {
    const unanswered = buildUnansweredQuestions(7);
    api.answer('instructor.home', buildInstructorHome({ unansweredQuestions: unanswered }));
    startSignedIn('instructor');
    renderApp('/dashboard/instructor');
    const card = await screen.findByRole('region', { name: 'Unanswered questions' });
    expect(card).toHaveTextContent('7 questions wait for an answer');
    const links = within(card).getAllByRole('link');
    expect(links).toHaveLength(5);
    const first = unanswered.oldest[0];
    expect(links[0]).toHaveTextContent(first?.title ?? '');
    expect(links[0]?.getAttribute('href')).toBe(
      `/dashboard/instructor/course/${first?.courseId}/lecture/${first?.lectureId}?question=${first?.questionId}`,
    );
  });

  it('says so when no question waits', async () => {
    api.answer('instructor.home', buildInstructorHome({ unansweredQuestions: { count: 0, oldest: [] } }));
    startSignedIn('instructor');
    renderApp('/dashboard/instructor');
    const card = await screen.findByRole('region', { name: 'Unanswered questions' });
    expect(card).toHaveTextContent('No question is waiting for an answer.');
    expect(within(card).queryAllByRole('link')).toHaveLength(0);
  });
});

describe('reported questions', () => {
  it('lists what was reported, and hides a question and shows an answer again', async () => {
    const question = buildReportedDiscussionItem({
      kind: 'question',
      question: { _id: '00000000-0000-4000-8000-000000000001', title: 'Buy my course instead' },
      reasons: ['Spam'],
    });
    const answer = buildReportedDiscussionItem({
      kind: 'answer',
      question: { _id: '00000000-0000-4000-8000-000000000002', title: 'Why 304?' },
      hidden: true,
      hiddenAt: '2026-03-12T09:00:00.000Z',
    });
    const state = { question: false, answer: true };
    api.answer('questions.reported', () =>
      buildReportedDiscussionPage([
        { ...question, hidden: state.question },
        { ...answer, hidden: state.answer },
      ]),
    );
    api.answer('questions.hide', () => {
      state.question = true;
      return { message: QUESTION_MESSAGES.hidden, hidden: true };
    });
    api.answer('answers.unhide', () => {
      state.answer = false;
      return { message: QUESTION_MESSAGES.shown, hidden: false };
    });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/questions');
    const list = await screen.findByRole('list', { name: 'Reported questions' });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(first).toHaveTextContent('Spam');
    await user.click(
      within(first as HTMLElement).getByRole('button', {
        name: 'Hide the question in “Buy my course instead”',
      }),
    );
    await waitFor(() => expect(api.calls('questions.hide')[0]?.input).toEqual({ questionId: question._id }));
    expect(
      await within(first as HTMLElement).findByRole('button', {
        name: 'Unhide the question in “Buy my course instead”',
      }),
    ).toBeVisible();
    await user.click(
      within(second as HTMLElement).getByRole('button', { name: 'Unhide the answer in “Why 304?”' }),
    );
    await waitFor(() => expect(api.calls('answers.unhide')[0]?.input).toEqual({ answerId: answer._id }));
  });
});
