/**
 * The Q&A panel in the lecture player (decision 0088) through the whole app (real routes, mocked API):
 * asking sends the video's time, the list's views, orders and search are the list call's input, an
 * upvote toggles, an answer can be accepted, `?question=` opens a thread and its poll shows a new answer.
 */
import { QUESTION_MESSAGES, type QuestionDetail } from '@lectio/contracts/questions';
import { buildAnswer, buildQuestionDetail, buildQuestionPage, buildQuestionSummary } from '@lectio/mocks';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { THREAD_POLL_MS } from './questions-queries';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_PAINT = { timeout: 8000 };

const QUESTION_ID = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
const lectures = [
  makeLecture({ _id: 'l1', order: 1, title: 'Intro: welcome', videoUrl: '/media/l1.mp4', duration: 60 }),
];
const lesson = { _id: 'l1', title: 'Intro: welcome', kind: 'video' as const };

function answerPlayer() {
  api.answer('courses.get', { data: makeCourse({ videos: lectures, canAccessAll: true }) });
  api.answer('progress.course', {
    progress: { courseId: 'course-1', completionPercentage: 0, lectures: [] },
  });
  api.answer('progress.record', ({ input }) => ({
    progress: { lectureId: input.videoId, watchedDuration: 0, completed: false },
    certificateId: null,
  }));
  api.answer('notes.list', { data: { notes: [] } });
}

function detail(overrides: Partial<QuestionDetail> = {}): QuestionDetail {
  return buildQuestionDetail({
    _id: QUESTION_ID,
    courseId: 'course-1',
    lecture: lesson,
    title: 'Why is 304 not an error?',
    body: 'The server answers **304**.',
    seconds: 42,
    answers: [],
    ...overrides,
  });
}

async function panel() {
  return screen.findByRole('region', { name: 'Q&A' }, FIRST_PAINT);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Q&A in the lecture player', () => {
  it('asks at the video’s time and opens the new thread', async () => {
    answerPlayer();
    api.answer('questions.list', buildQuestionPage([]));
    api.answer('questions.ask', ({ input }) => ({
      message: QUESTION_MESSAGES.asked,
      question: detail({ title: input.title, body: input.body, seconds: input.seconds ?? null }),
    }));
    api.answer('questions.get', { question: detail({ title: 'Why 304?' }) });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/l1');
    const qa = await panel();
    expect(
      await within(qa).findByText('No questions on this lesson yet. Be the first to ask.'),
    ).toBeVisible();

    const video = (await screen.findByLabelText('Lecture video: Intro: welcome')) as HTMLVideoElement;
    let position = 0;
    Object.defineProperty(video, 'currentTime', { configurable: true, get: () => position, set: () => {} });
    position = 42.6;
    fireEvent(video, new Event('timeupdate'));

    await user.click(within(qa).getByRole('button', { name: 'Ask a question' }));
    await user.type(within(qa).getByRole('textbox', { name: 'Title' }), '  Why 304?  ');
    await user.type(within(qa).getByRole('textbox', { name: /^Details/ }), 'The server answers 304.');
    await user.click(within(qa).getByRole('button', { name: 'Ask at 0:42' }));
    await waitFor(() => expect(api.calls('questions.ask')).toHaveLength(1));
    expect(api.calls('questions.ask')[0]?.input).toEqual({
      courseId: 'course-1',
      lectureId: 'l1',
      title: 'Why 304?',
      body: 'The server answers 304.',
      seconds: 42,
    });
    expect(await within(qa).findByRole('heading', { name: 'Why 304?' })).toBeVisible();
    // Its time seeks the video.
    let sought = -1;
    Object.defineProperty(video, 'currentTime', {
      configurable: true,
      get: () => position,
      set: (value: number) => {
        sought = value;
      },
    });
    await user.click(within(qa).getByRole('button', { name: 'Go to 0:42 in the video' }));
    expect(sought).toBe(42);
  });

  it('lists this lesson’s questions, then the course’s by votes, mine, and a search', async () => {
    answerPlayer();
    api.answer('questions.list', ({ input }) =>
      buildQuestionPage([
        buildQuestionSummary({
          courseId: 'course-1',
          lecture: lesson,
          title: `Sorted by ${input.sort ?? 'newest'}, ${input.scope ?? 'all'}${input.q ? `, “${input.q}”` : ''}`,
        }),
      ]),
    );
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/l1');
    const qa = await panel();
    expect(await within(qa).findByRole('button', { name: 'Sorted by newest, all' })).toBeVisible();
    expect(api.calls('questions.list').at(-1)?.input).toMatchObject({
      courseId: 'course-1',
      lectureId: 'l1',
      sort: 'newest',
      scope: 'all',
    });

    await user.click(within(qa).getByRole('button', { name: 'Whole course' }));
    await user.selectOptions(within(qa).getByLabelText('Sort by'), 'votes');
    expect(await within(qa).findByRole('button', { name: 'Sorted by votes, all' })).toBeVisible();
    const byVotes = api.calls('questions.list').at(-1)?.input;
    expect(byVotes).toMatchObject({ courseId: 'course-1', sort: 'votes', scope: 'all' });
    expect(byVotes).not.toHaveProperty('lectureId');

    await user.click(within(qa).getByRole('button', { name: 'My questions' }));
    expect(await within(qa).findByRole('button', { name: 'Sorted by votes, mine' })).toBeVisible();

    await user.type(within(qa).getByRole('searchbox', { name: 'Search questions' }), 'cache headers');
    await user.click(within(qa).getByRole('button', { name: 'Search' }));
    expect(
      await within(qa).findByRole('button', { name: 'Sorted by votes, mine, “cache headers”' }),
    ).toBeVisible();
    expect(api.calls('questions.list').at(-1)?.input).toMatchObject({ q: 'cache headers', scope: 'mine' });
    // The hidden view is the moderators' only.
    expect(within(qa).queryByRole('button', { name: 'Hidden' })).toBeNull();
  });

  it('toggles an upvote, and accepts an answer', async () => {
    answerPlayer();
    const answer = buildAnswer({
      questionId: QUESTION_ID,
      author: { name: 'Priya Nair', avatar: null, isInstructor: true },
      body: 'A 304 means **not modified**.',
      canAccept: true,
      voteCount: 0,
    });
    let state = detail({ answers: [answer], voteCount: 2, votedByMe: false });
    api.answer('questions.get', () => ({ question: state }));
    api.answer('questions.vote', () => {
      state = { ...state, voteCount: 3, votedByMe: true };
      return { message: QUESTION_MESSAGES.voted, voteCount: 3, votedByMe: true };
    });
    api.answer('questions.unvote', () => {
      state = { ...state, voteCount: 2, votedByMe: false };
      return { message: QUESTION_MESSAGES.unvoted, voteCount: 2, votedByMe: false };
    });
    api.answer('questions.accept', ({ input }) => {
      state = {
        ...state,
        acceptedAnswerId: input.answerId,
        hasAcceptedAnswer: true,
        answers: [{ ...answer, accepted: true }],
      };
      return { message: QUESTION_MESSAGES.accepted, acceptedAnswerId: input.answerId };
    });
    startSignedIn('student');
    const { user } = renderApp(`/dashboard/course/course-1/lecture/l1?question=${QUESTION_ID}`);
    const qa = await panel();
    const thread = await within(qa).findByRole('article', { name: 'Why is 304 not an error?' }, FIRST_PAINT);
    expect(within(thread).getByText('Instructor')).toBeVisible();

    await user.click(within(thread).getByRole('button', { name: 'Upvote, 2 upvotes' }));
    const voted = await within(thread).findByRole('button', { name: 'Remove your upvote, 3 upvotes' });
    expect(voted.getAttribute('aria-pressed')).toBe('true');
    expect(api.calls('questions.vote')[0]?.input).toEqual({ questionId: QUESTION_ID });
    await waitFor(() => expect(voted).toBeEnabled());
    await user.click(voted);
    expect(await within(thread).findByRole('button', { name: 'Upvote, 2 upvotes' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(api.calls('questions.unvote')).toHaveLength(1);

    expect(within(thread).queryByText('Accepted answer')).toBeNull();
    await user.click(within(thread).getByRole('button', { name: 'Accept answer' }));
    expect(await within(thread).findByText('Accepted answer')).toBeVisible();
    expect(api.calls('questions.accept')[0]?.input).toEqual({
      questionId: QUESTION_ID,
      answerId: answer._id,
    });
    expect(within(thread).getByRole('button', { name: 'Unaccept' })).toBeVisible();
  });

  it('shows a new answer when the open thread polls, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerPlayer();
    let state = detail({ answers: [] });
    api.answer('questions.get', () => ({ question: state }));
    startSignedIn('student');
    renderApp(`/dashboard/course/course-1/lecture/l1?question=${QUESTION_ID}`);
    const qa = await panel();
    expect(await within(qa).findByText('No answers yet.', {}, FIRST_PAINT)).toBeVisible();
    const before = api.calls('questions.get').length;

    state = detail({
      answers: [buildAnswer({ questionId: QUESTION_ID, body: 'Because nothing changed.' })],
      answerCount: 1,
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(THREAD_POLL_MS);
    });
    expect(await within(qa).findByText('Because nothing changed.')).toBeVisible();
    expect(api.calls('questions.get').length).toBeGreaterThan(before);
  });
});

describe('Q&A on the course page', () => {
  it('lists the whole course’s questions and asks a general one, with no lesson and no time', async () => {
    api.answerDefaults();
    api.answer('courses.get', { data: makeCourse({ videos: lectures, canAccessAll: true }) });
    api.answer('questions.list', ({ input }) =>
      buildQuestionPage([
        buildQuestionSummary({
          courseId: 'course-1',
          lecture: null,
          seconds: null,
          title: `General, ${input.scope ?? 'all'}${input.lectureId ? `, on ${input.lectureId}` : ''}`,
        }),
      ]),
    );
    api.answer('questions.ask', ({ input }) => ({
      message: QUESTION_MESSAGES.asked,
      question: detail({ lecture: null, seconds: null, title: input.title, body: input.body }),
    }));
    api.answer('questions.get', ({ input }) => ({
      question: detail({ _id: input.questionId, lecture: null, seconds: null, title: 'Which editor?' }),
    }));
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1');
    const qa = await panel();
    expect(
      within(qa).getByText(
        'Ask about the course as a whole; the instructor and other students answer. A question about one lesson is asked on its page.',
      ),
    ).toBeVisible();
    const item = await within(qa).findByRole('button', { name: 'General, all' });
    expect(within(item.closest('li') as HTMLElement).getByText('About the whole course')).toBeVisible();
    // No lesson here: the course's view is the first, and there is no "This lesson".
    expect(within(qa).queryByRole('button', { name: 'This lesson' })).toBeNull();
    expect(within(qa).getByRole('button', { name: 'Whole course' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls('questions.list').at(-1)?.input).not.toHaveProperty('lectureId');

    await user.click(within(qa).getByRole('button', { name: 'Ask a question' }));
    await user.type(within(qa).getByRole('textbox', { name: 'Title' }), 'Which editor?');
    await user.type(within(qa).getByRole('textbox', { name: /^Details/ }), 'For the exercises.');
    await user.click(within(qa).getByRole('button', { name: 'Ask a question' }));
    await waitFor(() => expect(api.calls('questions.ask')).toHaveLength(1));
    expect(api.calls('questions.ask')[0]?.input).toEqual({
      courseId: 'course-1',
      lectureId: null,
      title: 'Which editor?',
      body: 'For the exercises.',
      seconds: null,
    });
    expect(await within(qa).findByRole('heading', { name: 'Which editor?' })).toBeVisible();
    expect(within(qa).getByText('About the whole course')).toBeVisible();
  });

  it('opens the thread of ?question= (a general question’s notification and e-mail link)', async () => {
    api.answerDefaults();
    api.answer('courses.get', { data: makeCourse({ videos: lectures, canAccessAll: true }) });
    api.answer('questions.list', buildQuestionPage([]));
    api.answer('questions.get', {
      question: detail({ lecture: null, seconds: null, title: 'Is there a certificate?' }),
    });
    startSignedIn('student');
    renderApp(`/dashboard/course/course-1?question=${QUESTION_ID}`);
    const qa = await panel();
    expect(await within(qa).findByRole('heading', { name: 'Is there a certificate?' })).toBeVisible();
    expect(api.calls('questions.get')[0]?.input).toEqual({ questionId: QUESTION_ID });
  });

  it('is not on the page of a course the viewer may not open', async () => {
    api.answerDefaults();
    api.answer('courses.get', { data: makeCourse({ videos: lectures, canAccessAll: false }) });
    startSignedIn('student');
    renderApp('/dashboard/course/course-1');
    expect(
      await screen.findByRole('heading', { name: makeCourse().title, level: 1 }, FIRST_PAINT),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Q&A' })).toBeNull();
    expect(api.calls('questions.list')).toHaveLength(0);
  });
});
