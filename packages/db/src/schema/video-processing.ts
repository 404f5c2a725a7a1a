/**
 * A video lesson's processing into adaptive HLS (issue 27, decision 0092): one row per lesson with a video,
 * for the upload it was made from (`source_key`, the lesson's `video_key` then). A new upload replaces the
 * row; the job that finds the lesson's video changed since its row was written stops. `output_prefix` is
 * where the renditions, the master playlist, the poster and the thumbnails are stored once ready.
 */
import { VIDEO_PROCESSING_STATUSES, type VideoProcessingStatus } from '@lectio/contracts/video';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf, ref, timestamps } from './columns';
import { lectures } from './courses';

export interface StoredRendition {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}

export const videoProcessing = pgTable(
  'video_processing',
  {
    lectureId: ref('lecture_id', () => lectures.id, 'cascade').notNull(),
    sourceKey: text('source_key').notNull(),
    status: text('status').$type<VideoProcessingStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** Where the outputs are stored (a prefix ending in `/`); null until ready. */
    outputPrefix: text('output_prefix'),
    renditions: jsonb('renditions').$type<StoredRendition[]>().notNull().default(sql`'[]'::jsonb`),
    durationSeconds: integer('duration_seconds'),
    thumbnailInterval: integer('thumbnail_interval'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.lectureId] }),
    check('video_processing_status_check', oneOf(t.status, VIDEO_PROCESSING_STATUSES)),
    check('video_processing_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

export type VideoProcessingRow = typeof videoProcessing.$inferSelect;
