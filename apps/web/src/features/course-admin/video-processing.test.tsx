/**
 * A video lesson's processing on its edit screen (issue 27, decision 0092) through the app (real routes,
 * mocked API): the percentage while it processes, polled until it is ready; a failure's reason and its
 * retry; why there is no adaptive streaming on a server without ffmpeg; nothing of it on an article.
 */
import { VIDEO_MESSAGES, type VideoProcessing } from '@lectio/contracts/video';
import { buildVideoProcessing } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { PROCESSING_POLL_MS } from './VideoProcessingPanel';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_PAINT = { timeout: 8000 };

function lessonScreen(kind: 'video' | 'article' = 'video') {
  const lecture = makeLecture({ _id: 'lec-1', title: 'Setup', courseId: 'course-1', kind });
  api.answerDefaults();
  api.answer('lectures.get', { data: { lecture } });
  api.answer('courses.get', {
    data: makeCourse({ _id: 'course-1', instructor: { _id: 'user-1', name: 'Me' } }),
  });
  startSignedIn('instructor');
  return renderApp('/dashboard/instructor/updatelecture/lec-1');
}

const panel = () => screen.findByRole('region', { name: 'Adaptive streaming' }, FIRST_PAINT);
const processing = (overrides: Partial<VideoProcessing>) =>
  buildVideoProcessing({ lectureId: 'lec-1', ...overrides });

describe('the video’s processing on the lesson’s edit screen', () => {
  it('shows the percentage while processing, asking again until it is ready', async () => {
    const states = [
      processing({ status: 'processing', progress: 45, renditions: [] }),
      processing({
        status: 'ready',
        progress: 100,
        renditions: [
          { name: '240p', width: 426, height: 240 },
          { name: '720p', width: 1280, height: 720 },
        ],
      }),
    ];
    api.answer('video.processing', () => ({
      data: (states.length > 1 ? states.shift() : states[0]) ?? null,
    }));
    lessonScreen();
    const section = await panel();
    expect(await within(section).findByText('Processing: 45%')).toBeVisible();
    expect(within(section).getByRole('progressbar', { name: 'Video processing progress' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    expect(
      await within(section).findByText('Ready to stream in 240p, 720p.', undefined, {
        timeout: PROCESSING_POLL_MS + 5000,
      }),
    ).toBeVisible();
    expect(api.calls('video.processing').length).toBeGreaterThanOrEqual(2);
  });

  it('shows why it failed, and retries it', async () => {
    let state = processing({ status: 'failed', progress: 0, error: 'moov atom not found', renditions: [] });
    api.answer('video.processing', () => ({ data: state }));
    api.answer('video.retry', ({ input }) => {
      state = processing({ lectureId: input.lectureId, status: 'queued', progress: 0, renditions: [] });
      return { message: VIDEO_MESSAGES.retried, data: state };
    });
    const { user } = lessonScreen();
    const section = await panel();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Processing failed: moov atom not found',
    );
    await user.click(within(section).getByRole('button', { name: 'Retry processing' }));
    await waitFor(() => expect(api.calls('video.retry')).toHaveLength(1));
    expect(api.calls('video.retry')[0]?.input).toEqual({ lectureId: 'lec-1' });
    expect(await within(section).findByText('Waiting to be processed.')).toBeVisible();
    expect(await screen.findByText(VIDEO_MESSAGES.retried)).toBeInTheDocument();
  });

  it('says why there is no adaptive streaming on a server without ffmpeg', async () => {
    api.answer('video.processing', {
      data: processing({
        status: 'unavailable',
        progress: 0,
        error: VIDEO_MESSAGES.ffmpegMissing,
        renditions: [],
      }),
    });
    lessonScreen();
    expect(await within(await panel()).findByText(VIDEO_MESSAGES.ffmpegMissing)).toBeVisible();
  });

  it('is not on an article’s edit screen', async () => {
    lessonScreen('article');
    expect(await screen.findByRole('textbox', { name: 'Lecture title' }, FIRST_PAINT)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Adaptive streaming' })).toBeNull();
    expect(api.calls('video.processing')).toHaveLength(0);
  });
});
