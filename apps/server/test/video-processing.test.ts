/**
 * A video lesson's processing into HLS (issue 27 item 1, decision 0092), on the real ffmpeg and the local
 * storage driver: setting a lesson's video queues it; the job stores the master playlist, the renditions,
 * the poster and the thumbnails under the lesson's HLS folder and marks it ready; a file ffmpeg can't read
 * fails with ffmpeg's message, and its instructor retries it (anything but a failed one is 409); a job for
 * a video since replaced does nothing; without ffmpeg the lesson says why there is no HLS; only the
 * course's instructor and admins read or retry it.
 */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { VIDEO_MESSAGES } from '@lectio/contracts/video';
import { videoProcessing } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hlsPrefix, TRANSCODE_QUEUE } from '../src/services/video/video-processing';
import type { LocalStorageDriver } from '../src/storage/local-driver';
import { api, type SignedInUser, signIn, storeMedia } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

let t: TestApp;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let admin: SignedInUser;
let student: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ FFMPEG_PATH: FFMPEG });
  owner = await signIn(t, 'instructor');
  otherInstructor = await signIn(t, 'instructor');
  admin = await signIn(t, 'admin');
  student = await signIn(t, 'student');
});
afterAll(async () => {
  await t?.close();
});

async function lessonWithoutVideo() {
  const course = await createCourse(t.db, { instructorId: owner.user.id });
  const lecture = await createLecture(t.db, { courseId: course.id });
  return { courseId: course.id, lectureId: lecture.id };
}

const setVideo = (lectureId: string, key: string) =>
  api.patch(t, `/videos/${lectureId}/video_thumbnail`, { public_id: key }, owner);
const processing = (lectureId: string, actor: SignedInUser = owner) =>
  api.get(t, `/lectures/${lectureId}/video-processing`, actor);
const local = () => t.storage as LocalStorageDriver;

describe('processing a lesson’s video', () => {
  it('queues on upload, then stores the playlists, segments, poster and thumbnails, and is ready', async () => {
    const { courseId, lectureId } = await lessonWithoutVideo();
    expect((await processing(lectureId)).json()).toEqual({ data: null });
    const key = await storeMedia(t, courseId, 'lecture');
    expect((await setVideo(lectureId, key)).statusCode).toBe(200);

    const queued = await processing(lectureId);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().data).toMatchObject({ lectureId, status: 'queued', progress: 0, error: null });

    await t.app.jobs.drain([TRANSCODE_QUEUE]);
    const ready = (await processing(lectureId)).json().data;
    expect(ready).toMatchObject({ status: 'ready', progress: 100, error: null });
    // The 5 s fixture is 320x180: one rendition at its own size.
    expect(ready.renditions).toEqual([{ name: '180p', width: 320, height: 180 }]);

    const prefix = hlsPrefix(courseId, lectureId);
    const master = await readFile(local().pathOf(`${prefix}master.m3u8`), 'utf8');
    expect(master).toContain('180p/index.m3u8');
    const media = await readFile(local().pathOf(`${prefix}180p/index.m3u8`), 'utf8');
    for (const segment of media.match(/^seg_\d{3}\.m4s$/gm) ?? []) {
      expect(await t.storage.head(`${prefix}180p/${segment}`)).not.toBeNull();
    }
    expect(media.match(/^seg_\d{3}\.m4s$/gm)?.length).toBeGreaterThan(0);
    for (const file of ['poster.jpg', 'thumbs.jpg', 'thumbs.vtt']) {
      expect(await t.storage.head(`${prefix}${file}`), file).not.toBeNull();
    }
    const [row] = await t.db.select().from(videoProcessing).where(eq(videoProcessing.lectureId, lectureId));
    expect(row).toMatchObject({
      sourceKey: key,
      outputPrefix: prefix,
      durationSeconds: 5,
      thumbnailInterval: 1,
    });
  }, 120_000);

  it('fails a file ffmpeg can’t read with its message; the instructor retries it, and only a failed one', async () => {
    const { courseId, lectureId } = await lessonWithoutVideo();
    // MP4's magic number (the upload check) on bytes that are no video.
    const key = `courses/${courseId}/lecture/u1-broken.mp4`;
    const broken = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.alloc(64, 7),
    ]);
    await t.storage.putStream(key, Readable.from(broken), { contentType: 'video/mp4', maxBytes: 1024 });
    expect((await setVideo(lectureId, key)).statusCode).toBe(200);

    const early = await api.post(t, `/lectures/${lectureId}/video-processing/retry`, {}, owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(VIDEO_MESSAGES.notRetriable);

    await t.app.jobs.drain([TRANSCODE_QUEUE]);
    const failed = (await processing(lectureId)).json().data;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/Invalid data found|moov atom not found|could not|Invalid/i);
    expect(await t.storage.head(`${hlsPrefix(courseId, lectureId)}master.m3u8`)).toBeNull();

    const retried = await api.post(t, `/lectures/${lectureId}/video-processing/retry`, {}, owner);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ message: VIDEO_MESSAGES.retried, data: { status: 'queued' } });
    // The retry runs, and fails the same way: a file that is no video stays failed.
    await t.app.jobs.drain([TRANSCODE_QUEUE]);
    expect((await processing(lectureId)).json().data.status).toBe('failed');
  }, 120_000);

  it('a job for a video since replaced does nothing: the new upload’s job makes the outputs', async () => {
    const { courseId, lectureId } = await lessonWithoutVideo();
    const first = await storeMedia(t, courseId, 'lecture');
    expect((await setVideo(lectureId, first)).statusCode).toBe(200);
    const second = await storeMedia(t, courseId, 'lecture');
    expect((await setVideo(lectureId, second)).statusCode).toBe(200);
    await t.app.jobs.drain([TRANSCODE_QUEUE]);
    const [row] = await t.db.select().from(videoProcessing).where(eq(videoProcessing.lectureId, lectureId));
    expect(row).toMatchObject({ sourceKey: second, status: 'ready' });
  }, 120_000);

  it('only the course’s instructor and admins read or retry it', async () => {
    const { lectureId } = await lessonWithoutVideo();
    expect((await processing(lectureId, admin)).statusCode).toBe(200);
    expect((await processing(lectureId, otherInstructor)).statusCode).toBe(403);
    expect((await processing(lectureId, student)).statusCode).toBe(403);
    expect((await api.get(t, `/lectures/${lectureId}/video-processing`)).statusCode).toBe(401);
    const retry = await api.post(t, `/lectures/${lectureId}/video-processing/retry`, {}, otherInstructor);
    expect(retry.statusCode).toBe(403);
    const unknown = await processing('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a server without ffmpeg', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ FFMPEG_PATH: 'none' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('says why there is no HLS, queues nothing, and the upload plays as it is', async () => {
    const instructor = await signIn(bare, 'instructor');
    const course = await createCourse(bare.db, { instructorId: instructor.user.id });
    const lecture = await createLecture(bare.db, { courseId: course.id });
    const key = await storeMedia(bare, course.id, 'lecture');
    const set = await api.patch(
      bare,
      `/videos/${lecture.id}/video_thumbnail`,
      { public_id: key },
      instructor,
    );
    expect(set.statusCode).toBe(200);
    expect(set.json().data.lecture.videoUrl).toContain(encodeURIComponent(key));
    const status = await api.get(bare, `/lectures/${lecture.id}/video-processing`, instructor);
    expect(status.json().data).toMatchObject({
      status: 'unavailable',
      error: VIDEO_MESSAGES.ffmpegMissing,
      renditions: [],
    });
    await bare.app.jobs.drain([TRANSCODE_QUEUE]);
    expect(
      (await api.get(bare, `/lectures/${lecture.id}/video-processing`, instructor)).json().data.status,
    ).toBe('unavailable');
  });
});
