/**
 * A video lesson's processing into HLS (issue 27 item 1, decision 0092), on the real ffmpeg and the local
 * storage driver: setting a lesson's video queues it; the job stores the master playlist, the renditions,
 * the poster and the thumbnails under the lesson's HLS folder and marks it ready; a file ffmpeg can't read
 * fails with ffmpeg's message, and its instructor retries it (anything but a failed one is 409); a job for
 * a video since replaced does nothing; without ffmpeg the lesson says why there is no HLS; only the
 * course's instructor and admins read or retry it. Streaming: those who may play the lesson get a signed
 * master playlist whose media playlists and segments are signed too; anyone else gets `isLocked`; a
 * tampered or expired playlist or segment URL is 403.
 */
import { Readable } from 'node:stream';
import { VIDEO_MESSAGES } from '@lectio/contracts/video';
import { videoProcessing } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hlsPrefix, TRANSCODE_QUEUE } from '../src/services/video/video-processing';
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

    // The playlists are kept in the row; the segments, init segment, poster and thumbnails in storage.
    const prefix = hlsPrefix(courseId, lectureId);
    const [row] = await t.db.select().from(videoProcessing).where(eq(videoProcessing.lectureId, lectureId));
    expect(row).toMatchObject({
      sourceKey: key,
      outputPrefix: prefix,
      durationSeconds: 5,
      thumbnailInterval: 1,
    });
    expect(row?.playlists?.master).toContain('180p/index.m3u8');
    const media = row?.playlists?.variants['180p'] ?? '';
    const files = [
      ...(media.match(/^seg_\d{3}\.m4s$/gm) ?? []),
      /URI="([^"]+)"/.exec(media)?.[1] ?? 'no init',
    ];
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(await t.storage.head(`${prefix}180p/${file}`), file).not.toBeNull();
    for (const file of ['poster.jpg', 'thumbs.jpg', 'thumbs.vtt']) {
      expect(await t.storage.head(`${prefix}${file}`), file).not.toBeNull();
    }
    expect(await t.storage.head(`${prefix}master.m3u8`)).toBeNull();
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
    expect(await t.storage.head(`${hlsPrefix(courseId, lectureId)}poster.jpg`)).toBeNull();

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

describe('streaming a processed lesson', () => {
  let courseId: string;
  let lectureId: string;
  let previewId: string;
  let buyer: SignedInUser;
  let outsider: SignedInUser;

  beforeAll(async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id });
    courseId = course.id;
    lectureId = (await createLecture(t.db, { courseId })).id;
    previewId = (await createLecture(t.db, { courseId, isPreview: true })).id;
    for (const id of [lectureId, previewId]) {
      expect((await setVideo(id, await storeMedia(t, courseId, 'lecture'))).statusCode).toBe(200);
    }
    await t.app.jobs.drain([TRANSCODE_QUEUE]);
    buyer = await signIn(t, 'student');
    outsider = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: buyer.user.id, courseId });
  }, 120_000);

  const stream = (id: string, actor?: SignedInUser) => api.get(t, `/lectures/${id}/stream`, actor);
  /** A URL the API handed out, as the path and query this app answers (it is on PUBLIC_URL). */
  const local = (url: string) => url.slice(url.indexOf('/api/v1/'));

  it('gives the buyer, the instructor and an admin the stream; a non-buyer is told it is locked', async () => {
    for (const actor of [buyer, owner, admin]) {
      const answer = await stream(lectureId, actor);
      expect(answer.statusCode, answer.body).toBe(200);
      const { isLocked, stream: given } = answer.json().data;
      expect(isLocked).toBe(false);
      expect(given.masterUrl).toContain(`/api/v1/hls/${lectureId}/master.m3u8?expires=`);
      expect(given.masterUrl).toMatch(/&signature=[\w-]+$/);
      expect(given.renditions).toEqual([{ name: '180p', width: 320, height: 180 }]);
      expect(given.thumbnails).toMatchObject({
        intervalSeconds: 1,
        columns: 10,
        tileWidth: 160,
        tileHeight: 90,
        count: 5,
      });
    }
    for (const actor of [outsider, undefined]) {
      expect((await stream(lectureId, actor)).json().data).toEqual({ isLocked: true, stream: null });
    }
    // A free preview plays for anyone, signed in or not.
    expect((await stream(previewId)).json().data.stream.masterUrl).toContain(`/hls/${previewId}/master.m3u8`);
  });

  it('serves the playlists and segments behind their signatures, and refuses them once tampered or expired', async () => {
    const given = (await stream(lectureId, buyer)).json().data.stream;
    const master = await t.app.inject({ url: local(given.masterUrl) });
    expect(master.statusCode, master.body).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-store');
    const variantUrl = master.body.split('\n').find((line) => line.includes('/180p/index.m3u8')) ?? '';
    expect(variantUrl).toMatch(/\?expires=\d+&signature=[\w-]+$/);

    const variant = await t.app.inject({ url: local(variantUrl) });
    expect(variant.statusCode, variant.body).toBe(200);
    const mediaUrls = variant.body.split('\n').filter((line) => line.startsWith('http'));
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(variant.body)?.[1] ?? '';
    expect(init).toMatch(/\/api\/v1\/media\/.*init.*\.mp4\?expires=\d+&signature=/);
    expect(mediaUrls.length).toBeGreaterThan(0);
    const segment = await t.app.inject({ url: local(mediaUrls[0] ?? '') });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.rawPayload.length).toBeGreaterThan(0);

    // Another lesson's id, another rendition, a changed signature, or none: 403.
    for (const url of [
      local(given.masterUrl).replace(lectureId, previewId),
      local(variantUrl).replace('/180p/index.m3u8', '/240p/index.m3u8'),
      local(given.masterUrl).replace(
        /signature=(.)/,
        (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`,
      ),
      `/api/v1/hls/${lectureId}/master.m3u8`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(403);
    }
    // A URL copied out of the session stops working at its expiry: playlists and segments alike.
    const later = (2 * t.config.storage.downloadUrlTtlSeconds + 60) * 1000;
    t.advanceClock(later);
    try {
      for (const url of [given.masterUrl, variantUrl, mediaUrls[0] ?? '']) {
        expect((await t.app.inject({ url: local(url) })).statusCode, url).toBe(403);
      }
    } finally {
      t.advanceClock(-later);
    }
  });

  it('has no stream before the video is processed: the MP4 plays then', async () => {
    const pending = (await createLecture(t.db, { courseId })).id;
    expect((await setVideo(pending, await storeMedia(t, courseId, 'lecture'))).statusCode).toBe(200);
    expect((await stream(pending, buyer)).json().data).toEqual({ isLocked: false, stream: null });
    const master = await t.app.inject({
      url: `/api/v1/hls/${pending}/master.m3u8?expires=9999999999&signature=x`,
    });
    expect(master.statusCode).toBe(403);
  });
});
