/**
 * A video lesson's processing into adaptive HLS (issue 27, decision 0092): after an upload the server
 * transcodes the video into a ladder of renditions with a poster and seek-bar thumbnails. Its instructor
 * (or an admin) sees where that stands: queued, processing with a percentage, ready, failed with the
 * reason (and may retry), or unavailable when the server has no ffmpeg. Until it is ready, the uploaded
 * MP4 plays.
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { MANAGE_COURSES } from './permissions.js';
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

const lessonInput = z.object({ lectureId: uuidInput() });

export const videoOperations = defineOperations({
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
