/**
 * The notes panel in the lecture player (decision 0087) through the whole app (real routes, mocked API):
 * a note is added at the video's position, a note's time seeks the video, the whole course's notes link
 * to their lessons at their times, deleting asks first, `?t=` starts the video there instead of resuming,
 * and a viewer without the course gets no panel.
 */
import { NOTE_MESSAGES } from '@lectio/contracts/notes';
import { buildLessonNote } from '@lectio/mocks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

const lectures = [
  makeLecture({ _id: 'l1', order: 1, title: 'Intro: welcome', videoUrl: '/media/l1.mp4', duration: 60 }),
  makeLecture({ _id: 'l2', order: 2, title: 'Second: state', videoUrl: '/media/l2.mp4', duration: 30 }),
];
const notes = [
  buildLessonNote({
    courseId: 'course-1',
    lectureId: 'l1',
    lectureTitle: 'Intro: welcome',
    seconds: 2,
    body: 'Intro point',
  }),
  buildLessonNote({
    courseId: 'course-1',
    lectureId: 'l2',
    lectureTitle: 'Second: state',
    seconds: 5,
    body: 'Try it',
  }),
];

function answerPlayer(canAccessAll = true, watched = 0) {
  api.answer('courses.get', {
    data: makeCourse({ videos: lectures, canAccessAll, title: 'State in React' }),
  });
  api.answer('progress.course', {
    progress: {
      courseId: 'course-1',
      completionPercentage: 0,
      lectures: watched > 0 ? [{ lectureId: 'l2', watchedDuration: watched, completed: false }] : [],
    },
  });
  api.answer('progress.record', ({ input }) => ({
    progress: {
      lectureId: input.videoId,
      watchedDuration: Math.round(input.watchedDuration),
      completed: false,
    },
    certificateId: null,
  }));
  api.answer('notes.list', { data: { notes } });
}

/** Gives the jsdom <video> a settable position, as a browser would after loading its metadata. */
function mediaOf(video: HTMLVideoElement) {
  let position = 0;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => 30 });
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
    position: () => position,
  };
}

describe('notes in the lecture player', () => {
  it('adds a note at the video’s position, and a note’s time seeks the video', async () => {
    answerPlayer();
    api.answer('notes.create', ({ input }) => ({
      message: NOTE_MESSAGES.created,
      data: {
        note: buildLessonNote({
          lectureId: input.lectureId,
          body: input.body,
          seconds: input.seconds ?? null,
        }),
      },
    }));
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/l2');
    const panel = await screen.findByRole('region', { name: 'Notes' }, FIRST_PAINT);
    expect(await within(panel).findByText('Try it')).toBeVisible();
    expect(within(panel).queryByText('Intro point')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'This lesson (1)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const media = mediaOf((await screen.findByLabelText('Lecture video: Second: state')) as HTMLVideoElement);
    media.loadMetadata();
    media.playTo(12.7);
    const add = await within(panel).findByRole('button', { name: 'Add note at 0:12' });
    await user.type(within(panel).getByRole('textbox', { name: 'New note' }), '  Keep state local  ');
    await user.click(add);
    await waitFor(() => expect(api.calls('notes.create')).toHaveLength(1));
    expect(api.calls('notes.create')[0]?.input).toEqual({
      lectureId: 'l2',
      body: 'Keep state local',
      seconds: 12,
    });
    await waitFor(() =>
      expect((within(panel).getByRole('textbox', { name: 'New note' }) as HTMLTextAreaElement).value).toBe(
        '',
      ),
    );

    await user.click(within(panel).getByRole('button', { name: 'Go to 0:05 in the video' }));
    expect(media.position()).toBe(5);
  });

  it('lists the whole course’s notes by lesson, each linking to its lesson at its time', async () => {
    answerPlayer();
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/l2');
    const panel = await screen.findByRole('region', { name: 'Notes' }, FIRST_PAINT);
    await user.click(await within(panel).findByRole('button', { name: 'Whole course (2)' }));
    const intro = within(panel).getByRole('region', { name: 'Intro: welcome' });
    expect(
      within(intro).getByRole('link', { name: 'Open Intro: welcome at 0:02' }).getAttribute('href'),
    ).toBe('/dashboard/course/course-1/lecture/l1?t=2');
    // This lesson's own notes seek in place.
    const current = within(panel).getByRole('region', { name: 'Second: state' });
    expect(within(current).getByRole('button', { name: 'Go to 0:05 in the video' })).toBeVisible();
  });

  it('deletes a note only once confirmed', async () => {
    answerPlayer();
    api.answer('notes.delete', { message: NOTE_MESSAGES.deleted });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/l2');
    const panel = await screen.findByRole('region', { name: 'Notes' }, FIRST_PAINT);
    const item = (await within(panel).findByText('Try it')).closest('li') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    expect(api.calls('notes.delete')).toHaveLength(0);
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('notes.delete')).toHaveLength(1));
    expect(api.calls('notes.delete')[0]?.input).toEqual({ noteId: notes[1]?._id });
    expect(confirm).toHaveBeenCalledWith('Delete this note?');
    confirm.mockRestore();
  });

  it('starts the video at ?t= instead of where the learner left it', async () => {
    answerPlayer(true, 3);
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l2?t=6');
    const media = mediaOf(
      (await screen.findByLabelText(
        'Lecture video: Second: state',
        undefined,
        FIRST_PAINT,
      )) as HTMLVideoElement,
    );
    media.loadMetadata();
    await waitFor(() => expect(media.position()).toBe(6));
  });

  it('has no notes for a viewer who has not bought the course', async () => {
    answerPlayer(false);
    startSignedIn('student');
    renderApp('/dashboard/course/course-1/lecture/l2');
    expect(
      await screen.findByRole('heading', { name: 'Second: state', level: 1 }, FIRST_PAINT),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    expect(api.calls('notes.list')).toHaveLength(0);
  });
});
