/**
 * A video lesson's processing into adaptive HLS (issue 27, decision 0092): one row per lesson with a video,
 * for the upload it was made from (`source_key`, the lesson's `video_key` then). A new upload replaces the
 * row; the job that finds the lesson's video changed since its row was written stops. `output_prefix` is
 * where the segments, the poster and the thumbnails are stored once ready; the playlists are kept here.
 */
import { VIDEO_PROCESSING_STATUSES, type VideoProcessingStatus } from '@lectio/contracts/video';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf, ref, timestamps } from './columns';
import { lectures } from './courses';

/** The playlists as ffmpeg wrote them (small text): served rewritten with signed URLs, never from storage. */
export interface StoredPlaylists {
  master: string;
  /** Each rendition's media playlist, by rendition name. */
  variants: Record<string, string>;
}

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
    /** Null until ready. */
    playlists: jsonb('playlists').$type<StoredPlaylists>(),
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
