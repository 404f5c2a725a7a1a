/**
 * A video lesson's processing into adaptive HLS (issue 27 item 1, decision 0092).
 *
 * - Setting a lesson's video (create, replace, upload) calls `queueVideoProcessing` in the same
 *   transaction: the lesson's row in video_processing is replaced (queued, for that upload's key) and the
 *   job is queued with it, so a job exists exactly when the new video was committed. Without ffmpeg the
 *   row says `unavailable`, with the reason, and nothing is queued: the upload plays as it is.
 * - The job (TRANSCODE_QUEUE, TRANSCODE_CONCURRENCY at once per worker) claims the row under its lock only
 *   while the lesson still has that video; copies the upload to a temp folder; runs the transcoder
 *   (video/ffmpeg-hls.ts), writing progress every 5%; stores the segments, the poster and the thumbnails
 *   under the lesson's HLS folder (hlsPrefix), emptied first, and keeps the playlists in the row (they are
 *   served rewritten with signed URLs, stream.ts); and marks the row ready, if the lesson still has that
 *   video.
 * - A file ffmpeg can't read fails at once with ffmpeg's message (a retry would fail the same way). Any
 *   other error (storage, database) is retried by the queue; the last attempt marks the row failed. The
 *   instructor retries a failed one (`retryVideoProcessing`).
 * - Jobs are rows in PostgreSQL (pg-boss): they survive a restart, and a job whose worker died is expired
 *   and run again, claiming its row still `processing`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VIDEO_MESSAGES, type VideoProcessing } from '@lectio/contracts/video';
import {
  type Database,
  lectures,
  type StoredPlaylists,
  type VideoProcessingRow,
  videoProcessing,
} from '@lectio/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { JobDefinition } from '../../jobs/job-queue';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { contentTypeForKey } from '../../storage/media-types';
import { FfmpegError, MASTER_PLAYLIST, transcodeToHls } from '../../video/ffmpeg-hls';
import type { Actor, ServiceContext } from '../context';
import { assertCanManageCourse } from '../courses/course-access';

export const TRANSCODE_QUEUE = 'video.transcode';

export interface TranscodeJob {
  lectureId: string;
  sourceKey: string;
}

/** Where a lesson's HLS outputs live: under its course's folder, so deleting the course removes them. */
export const hlsPrefix = (courseId: string, lectureId: string) => `courses/${courseId}/hls/${lectureId}/`;

/**
 * In the caller's transaction, after it set the lesson's video to `videoKey`: the lesson's processing
 * starts over for that upload (or is `unavailable` without ffmpeg).
 */
export async function queueVideoProcessing(
  ctx: Pick<ServiceContext, 'config' | 'jobs' | 'now'>,
  tx: Database,
  lecture: { id: string; videoKey: string },
): Promise<void> {
  const available = ctx.config.video.ffmpegPath !== null;
  const fresh = {
    sourceKey: lecture.videoKey,
    status: available ? ('queued' as const) : ('unavailable' as const),
    progress: 0,
    error: available ? null : VIDEO_MESSAGES.ffmpegMissing,
    outputPrefix: null,
    playlists: null,
    renditions: [],
    durationSeconds: null,
    thumbnailInterval: null,
    updatedAt: ctx.now(),
  };
  await tx
    .insert(videoProcessing)
    .values({ lectureId: lecture.id, ...fresh, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: videoProcessing.lectureId, set: fresh });
  if (!available) return;
  const job: TranscodeJob = { lectureId: lecture.id, sourceKey: lecture.videoKey };
  await ctx.jobs.send(TRANSCODE_QUEUE, job, { tx });
}

export function presentVideoProcessing(row: VideoProcessingRow): VideoProcessing {
  return {
    lectureId: row.lectureId,
    status: row.status,
    progress: row.progress,
    error: row.error,
    renditions: row.renditions.map(({ name, width, height }) => ({ name, width, height })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function managedLesson(ctx: ServiceContext, actor: Actor, lectureId: string) {
  const [lecture] = isUuid(lectureId)
    ? await ctx.db
        .select({ id: lectures.id, courseId: lectures.courseId, videoKey: lectures.videoKey })
        .from(lectures)
        .where(eq(lectures.id, lectureId))
    : [];
  if (!lecture) throw notFound(VIDEO_MESSAGES.lessonNotFound);
  await assertCanManageCourse(ctx, actor, lecture.courseId);
  return lecture;
}

/** The lesson's processing as its instructor (or an admin) sees it; null before it has a video. */
export async function readVideoProcessing(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
): Promise<VideoProcessing | null> {
  const lecture = await managedLesson(ctx, actor, lectureId);
  const [row] = await ctx.db.select().from(videoProcessing).where(eq(videoProcessing.lectureId, lecture.id));
  return row && row.sourceKey === lecture.videoKey ? presentVideoProcessing(row) : null;
}

/** A failed processing, queued again (409 for any other state: nothing changes). */
export async function retryVideoProcessing(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
): Promise<VideoProcessing> {
  const lecture = await managedLesson(ctx, actor, lectureId);
  if (!lecture.videoKey) throw conflict(VIDEO_MESSAGES.noVideo);
  const videoKey = lecture.videoKey;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(videoProcessing)
      .where(eq(videoProcessing.lectureId, lecture.id))
      .for('update');
    if (row?.status !== 'failed' || row.sourceKey !== videoKey) {
      throw conflict(VIDEO_MESSAGES.notRetriable);
    }
    const [queued] = await tx
      .update(videoProcessing)
      .set({ status: 'queued', progress: 0, error: null, updatedAt: ctx.now() })
      .where(eq(videoProcessing.lectureId, lecture.id))
      .returning();
    const job: TranscodeJob = { lectureId: lecture.id, sourceKey: videoKey };
    // A job of its own: the failed one's id is spent.
    await ctx.jobs.send(TRANSCODE_QUEUE, job, { tx, id: randomUUID() });
    if (!queued) throw new Error('video processing update returned no row');
    return presentVideoProcessing(queued);
  });
}

/** The row, set to `processing`, when this job may work on it: the lesson still has that video. */
async function claim(ctx: Pick<ServiceContext, 'db' | 'now'>, job: TranscodeJob) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ courseId: lectures.courseId, videoKey: lectures.videoKey, status: videoProcessing.status })
      .from(videoProcessing)
      .innerJoin(lectures, eq(lectures.id, videoProcessing.lectureId))
      .where(and(eq(videoProcessing.lectureId, job.lectureId), eq(videoProcessing.sourceKey, job.sourceKey)))
      .for('update', { of: videoProcessing });
    if (!row || row.videoKey !== job.sourceKey || !['queued', 'processing'].includes(row.status)) return null;
    await tx
      .update(videoProcessing)
      .set({ status: 'processing', progress: 0, error: null, updatedAt: ctx.now() })
      .where(eq(videoProcessing.lectureId, job.lectureId));
    return { courseId: row.courseId };
  });
}

/** Changes the row only while it is still this job's (same upload, still queued or processing). */
function settle(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  job: TranscodeJob,
  changes: Partial<typeof videoProcessing.$inferInsert>,
) {
  return ctx.db
    .update(videoProcessing)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(
      and(
        eq(videoProcessing.lectureId, job.lectureId),
        eq(videoProcessing.sourceKey, job.sourceKey),
        inArray(videoProcessing.status, ['queued', 'processing']),
      ),
    )
    .returning({ lectureId: videoProcessing.lectureId });
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

export async function runTranscodeJob(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'storage' | 'config'>,
  job: TranscodeJob,
  attempt: { isLastAttempt: boolean },
): Promise<void> {
  const ffmpegPath = ctx.config.video.ffmpegPath;
  if (!ffmpegPath) {
    await settle(ctx, job, { status: 'unavailable', error: VIDEO_MESSAGES.ffmpegMissing });
    return;
  }
  const claimed = await claim(ctx, job);
  if (!claimed) return;
  const work = await mkdtemp(path.join(tmpdir(), 'lectio-transcode-'));
  // Progress is written in order, and waited for before the row is settled.
  let progressWrites: Promise<unknown> = Promise.resolve();
  try {
    const input = path.join(work, 'source');
    const outDir = path.join(work, 'out');
    await mkdir(outDir);
    await ctx.storage.copyToFile(job.sourceKey, input);
    let reported = 0;
    const result = await transcodeToHls({
      ffmpegPath,
      input,
      outDir,
      onProgress: (fraction) => {
        const percent = Math.min(99, Math.floor(fraction * 100));
        if (percent < reported + 5) return;
        reported = percent;
        progressWrites = progressWrites.then(() => settle(ctx, job, { progress: percent }));
      },
    });
    await progressWrites;
    const prefix = hlsPrefix(claimed.courseId, job.lectureId);
    await ctx.storage.deletePrefix(prefix);
    // Playlists are kept in the row (served rewritten with signed URLs); everything else goes to storage.
    const playlists: StoredPlaylists = {
      master: await readFile(path.join(outDir, MASTER_PLAYLIST), 'utf8'),
      variants: {},
    };
    for (const rendition of result.renditions) {
      playlists.variants[rendition.name] = await readFile(
        path.join(outDir, rendition.name, 'index.m3u8'),
        'utf8',
      );
    }
    for (const file of await filesUnder(outDir)) {
      if (path.extname(file) === '.m3u8') continue;
      const key = `${prefix}${file.split(path.sep).join('/')}`;
      await ctx.storage.putFile(key, path.join(outDir, file), contentTypeForKey(key));
    }
    const settled = await settle(ctx, job, {
      status: 'ready',
      progress: 100,
      outputPrefix: prefix,
      playlists,
      renditions: result.renditions,
      durationSeconds: Math.round(result.probe.durationSeconds),
      thumbnailInterval: result.thumbnailInterval,
    });
    // The lesson got another video meanwhile: these outputs are nobody's.
    if (settled.length === 0) await ctx.storage.deletePrefix(prefix);
  } catch (error) {
    await progressWrites.catch(() => undefined);
    if (error instanceof FfmpegError) {
      await settle(ctx, job, { status: 'failed', error: error.message });
      return;
    }
    if (attempt.isLastAttempt) {
      await settle(ctx, job, {
        status: 'failed',
        error: error instanceof Error ? error.message : VIDEO_MESSAGES.interrupted,
      });
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function transcodeJob(ctx: ServiceContext): JobDefinition<TranscodeJob> {
  return {
    name: TRANSCODE_QUEUE,
    concurrency: ctx.config.video.transcodeConcurrency,
    options: {
      retryLimit: 2,
      retryDelay: 60,
      retryBackoff: true,
      // A long video takes a while; a worker that died is noticed after this.
      expireInSeconds: 3 * 3600,
      deleteAfterSeconds: 7 * 86_400,
    },
    handler: (job, attempt) => runTranscodeJob(ctx, job, attempt),
  };
}
