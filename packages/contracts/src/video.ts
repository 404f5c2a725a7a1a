/**
 * A video lesson's processing into adaptive HLS (issue 27, decision 0092): after an upload the server
 * transcodes the video into a ladder of renditions with a poster and seek-bar thumbnails. Its instructor
 * (or an admin) sees where that stands: queued, processing with a percentage, ready, failed with the
 * reason (and may retry), or unavailable when the server has no ffmpeg. Until it is ready, the uploaded
 * MP4 plays. Those who may play the lesson get its stream: a signed master playlist whose media playlists
 * and segments are signed too, so a URL copied out of a session stops working at its expiry.
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { MANAGE_COURSES, PUBLIC } from './permissions.js';
import { countNumber, dateTimeString, uuidInput, uuidString } from './schema-formats.js';

export const VIDEO_PROCESSING_STATUSES = ['queued', 'processing', 'ready', 'failed', 'unavailable'] as const;
export type VideoProcessingStatus = (typeof VIDEO_PROCESSING_STATUSES)[number];

export const VIDEO_MESSAGES = {
  ffmpegMissing:
    'Adaptive streaming is off on this server: ffmpeg is not installed (set FFMPEG_PATH). The uploaded MP4 plays as it is.',
  retried: 'The video is queued for processing again.',
  notRetriable: 'Only a video whose processing failed can be retried.',
  noVideo: 'This lesson has no video to process.',
  lessonNotFound: 'Lesson not found',
  noStream: 'This lesson has no processed video.',
  interrupted: 'Processing stopped before it finished (the server restarted or ran out of time). Retry it.',
} as const;

export const videoRenditionSchema = z
  .object({ name: z.string(), width: countNumber(), height: countNumber() })
  .meta({ id: 'VideoRendition' });

export const videoProcessingSchema = z
  .object({
    lectureId: uuidString(),
    status: z.enum(VIDEO_PROCESSING_STATUSES),
    /** Whole percent done while processing; 100 when ready. */
    progress: z.number().int().min(0).max(100),
    /** Why it failed, or why it is unavailable (ffmpeg's own message for a file it can't read). */
    error: z.string().nullable(),
    renditions: z.array(videoRenditionSchema),
    updatedAt: dateTimeString(),
  })
  .meta({ id: 'VideoProcessing' });
export type VideoProcessing = z.infer<typeof videoProcessingSchema>;

/**
 * The signed playlists' paths under /api/v1 (http-routes.ts): the master playlist, and one media playlist
 * per rendition. Their URLs are handed out by `video.stream` with an expiry and a signature.
 */
export const HLS_MASTER_PATH = '/hls/{lectureId}/master.m3u8';
export const HLS_VARIANT_PATH = '/hls/{lectureId}/{rendition}/index.m3u8';
export const HLS_CONTENT_TYPE = 'application/vnd.apple.mpegurl';
/** What the transcoder stores besides MP4 and JPEG, by extension: served from storage with these types. */
export const HLS_STORED_CONTENT_TYPES = { m4s: 'video/iso.segment', vtt: 'text/vtt' } as const;

export const videoStreamSchema = z
  .object({
    /** The master playlist: signed, valid until `expiresAt`; its playlists and segments are signed too. */
    masterUrl: z.string(),
    posterUrl: z.string(),
    /**
     * The seek bar's thumbnails: one sprite of `columns`-wide rows of tiles, tile i showing the video at
     * i x `intervalSeconds`.
     */
    thumbnails: z.object({
      spriteUrl: z.string(),
      intervalSeconds: countNumber(),
      columns: countNumber(),
      tileWidth: countNumber(),
      tileHeight: countNumber(),
      count: countNumber(),
    }),
    renditions: z.array(videoRenditionSchema),
    expiresAt: dateTimeString(),
  })
  .meta({ id: 'VideoStream' });
export type VideoStream = z.infer<typeof videoStreamSchema>;

const lessonInput = z.object({ lectureId: uuidInput() });

export const videoOperations = defineOperations({
  stream: {
    kind: 'query',
    access: PUBLIC,
    summary: 'The adaptive stream (HLS) of a video lesson, for those who may play it',
    description:
      'Those who may open the lesson (a buyer, its instructor, an admin, anyone for a free preview) get signed ' +
      'URLs; anyone else gets `isLocked` and no stream. `stream` is null until the video is processed: play ' +
      'the lesson’s `videoUrl` then.',
    input: lessonInput,
    output: z.object({
      data: z.object({ isLocked: z.boolean(), stream: videoStreamSchema.nullable() }),
    }),
    rest: { method: 'GET', path: '/lectures/{lectureId}/stream' },
    errors: ['NOT_FOUND'],
  },
  processing: {
    kind: 'query',
    access: MANAGE_COURSES,
    summary: 'Where a video lesson’s processing into adaptive streaming stands (its instructor or an admin)',
    description:
      'Null data: the lesson has no video yet. Another instructor’s lesson is 403; an unknown one 404.',
    input: lessonInput,
    output: z.object({ data: videoProcessingSchema.nullable() }),
    rest: { method: 'GET', path: '/lectures/{lectureId}/video-processing' },
    errors: ['NOT_FOUND'],
  },
  retry: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Process a video lesson again after its processing failed',
    description: 'Only a failed one: anything else is 409 and changes nothing.',
    input: lessonInput,
    output: z.object({ message: z.string(), data: videoProcessingSchema }),
    rest: { method: 'POST', path: '/lectures/{lectureId}/video-processing/retry' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});
