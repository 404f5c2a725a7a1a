/** Factories for the video.* operations' answers (a video lesson's processing into HLS; see sequence.ts). */
import type { VideoProcessing, VideoStream } from '@lectio/contracts/video';
import { given, isoAt, next, nextId } from './sequence.js';

export type { VideoProcessing, VideoStream };

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

/** A playable lesson's stream: signed-looking URLs under a mock host, two renditions, 30 thumbnails. */
export function buildVideoStream(overrides: Partial<VideoStream> = {}): VideoStream {
  const n = next();
  const lecture = nextId();
  const signed = (path: string) => `https://lectio.test/api/v1/${path}?expires=1775149512&signature=sig${n}`;
  return {
    masterUrl: signed(`hls/${lecture}/master.m3u8`),
    posterUrl: signed(`media/courses%2Fc%2Fhls%2F${lecture}%2Fposter.jpg`),
    thumbnails: {
      spriteUrl: signed(`media/courses%2Fc%2Fhls%2F${lecture}%2Fthumbs.jpg`),
      intervalSeconds: 2,
      columns: 10,
      tileWidth: 160,
      tileHeight: 90,
      count: 30,
    },
    renditions: [
      { name: '240p', width: 426, height: 240 },
      { name: '480p', width: 854, height: 480 },
    ],
    expiresAt: isoAt(n),
    ...given(overrides),
  };
}
