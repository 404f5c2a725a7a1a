/** Factories for the video.* operations' answers (a video lesson's processing into HLS; see sequence.ts). */
import type { VideoProcessing } from '@lectio/contracts/video';
import { given, isoAt, next, nextId } from './sequence.js';

export type { VideoProcessing };

/** A lesson's processing, ready with two renditions unless overridden. */
export function buildVideoProcessing(overrides: Partial<VideoProcessing> = {}): VideoProcessing {
  const n = next();
  return {
    lectureId: nextId(),
    status: 'ready',
    progress: 100,
    error: null,
    renditions: [
      { name: '240p', width: 426, height: 240 },
      { name: '480p', width: 854, height: 480 },
    ],
    updatedAt: isoAt(n),
    ...given(overrides),
  };
}
