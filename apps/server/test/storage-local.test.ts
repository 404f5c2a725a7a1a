/**
 * The local storage driver through HTTP: signed upload targets (round trip, expiry, forgery, size and
 * type enforcement with nothing left behind), downloads (signed lecture video, public thumbnails, Range)
 * and the driver's own key validation, delete and deletePrefix.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AppRouter } from '@lectio/contracts/api';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TEMP_DIR, type LocalStorageDriver } from '../src/storage/local-driver';
import { isPublicKey, isValidKey } from '../src/storage/media-keys';
import { bytesMatchContentType } from '../src/storage/media-types';
import { largeSampleImage, listFiles, sampleImage, sampleVideo } from './helpers/media';
import { type FormEntry, multipartBody } from './helpers/multipart';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

const MAX_THUMBNAIL_BYTES = 8000;

let t: TestApp;
let storage: LocalStorageDriver;
let instructorToken: string;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({
    MAX_THUMBNAIL_BYTES: String(MAX_THUMBNAIL_BYTES),
    PUBLIC_URL: 'http://lectio.test',
  });
  storage = t.storage as LocalStorageDriver;
  const instructor = await createUser(t.db, { role: 'instructor' });
  instructorToken = (await login(t.app, instructor.email, instructor.password)).accessToken;
  courseId = (await createCourse(t.db, { instructorId: instructor.id })).id;
});
afterAll(async () => {
  await t.close();
});

type Signature = inferRouterOutputs<AppRouter>['media']['uploadSignature'];

async function signature(kind: 'thumbnail' | 'lecture', contentType: string): Promise<Signature> {
  const response = await t.app.inject({
    url: `/api/v1/videos/signature?kind=${kind}&courseId=${courseId}&contentType=${encodeURIComponent(contentType)}`,
    headers: bearer(instructorToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function postUpload(entries: FormEntry[]) {
  const { payload, headers } = await multipartBody(entries);
  return t.app.inject({ method: 'POST', url: '/api/v1/media/upload', payload, headers });
}

const fieldsOf = (fields: Record<string, string>): FormEntry[] => Object.entries(fields);
const file = (data: Uint8Array, contentType: string, filename = 'upload.bin'): FormEntry => [
  'file',
  { data, contentType, filename },
];

/** The path part of an absolute URL the driver handed out, for app.inject. */
const localPath = (url: string) => url.replace('http://lectio.test', '');

function storedFiles(): string[] {
  return listFiles(t.config.storage.mediaDir);
}

describe('upload targets', () => {
  it('issues a signed target on this server and accepts the file with its fields', async () => {
    const target = await signature('thumbnail', 'image/jpeg');
    expect(target.uploadUrl).toBe('http://lectio.test/api/v1/media/upload');
    expect(target.apiKey).toBe('local');
    expect(target.cloudName).toBe('lectio-local');
    expect(target.maxBytes).toBe(MAX_THUMBNAIL_BYTES);
    expect(target.signature).toBe(target.fields.signature);
    expect(Object.keys(target.fields).sort()).toEqual([
      'contentType',
      'expires',
      'key',
      'maxBytes',
      'signature',
    ]);
    expect(target.key).toMatch(
      new RegExp(`^courses/${courseId}/thumbnail/[0-9a-f-]{36}-[A-Za-z0-9]+\\.jpg$`),
    );

    const image = sampleImage();
    const response = await postUpload([...fieldsOf(target.fields), file(image, 'image/jpeg', 'teal.jpg')]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      public_id: target.key,
      secure_url: `http://lectio.test/api/v1/media/${encodeURIComponent(target.key)}`,
      duration: null,
    });
    expect(storedFiles()).toContain(path.join(...target.key.split('/')));
    expect(await storage.head(target.key)).toEqual({ size: image.length, contentType: 'image/jpeg' });

    const download = await t.app.inject({ url: localPath(body.secure_url) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(image)).toBe(true);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['cache-control']).toMatch(/^public/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an expired signature (403) and stores nothing', async () => {
    const target = await signature('thumbnail', 'image/jpeg');
    const before = storedFiles();
    t.advanceClock((t.config.storage.uploadUrlTtlSeconds + 5) * 1000);
    try {
      const response = await postUpload([...fieldsOf(target.fields), file(sampleImage(), 'image/jpeg')]);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    } finally {
      t.advanceClock(-(t.config.storage.uploadUrlTtlSeconds + 5) * 1000);
    }
    expect(storedFiles()).toEqual(before);
  });

  it.each([
    ['a raised size limit', { maxBytes: String(10 * MAX_THUMBNAIL_BYTES) }],
    ['another key', { key: `courses/${'0'.repeat(8)}-0000-4000-8000-000000000000/thumbnail/x.jpg` }],
    ['another content type', { contentType: 'image/png' }],
    ['a later expiry', { expires: String(Math.floor(Date.now() / 1000) + 86_400) }],
    ['a made-up signature', { signature: 'A'.repeat(43) }],
    ['no signature', { signature: '' }],
  ] as [string, Record<string, string>][])('refuses forged fields: %s', async (_label, change) => {
    const target = await signature('thumbnail', 'image/jpeg');
    const before = storedFiles();
    const fields = { ...target.fields, ...change };
    const response = await postUpload([
      ...fieldsOf(fields).filter(([, value]) => value !== ''),
      file(sampleImage(), change.contentType ?? 'image/jpeg'),
    ]);
    // Without any signature the form is malformed (400); with a wrong one it is forbidden (403).
    expect(response.statusCode).toBe(change.signature === '' ? 400 : 403);
    expect(storedFiles()).toEqual(before);
  });

  it('cuts off an upload past the signed size limit with 413 and leaves nothing on disk', async () => {
    const target = await signature('thumbnail', 'image/jpeg');
    const before = storedFiles();
    const big = largeSampleImage();
    expect(big.length).toBeGreaterThan(MAX_THUMBNAIL_BYTES);
    const response = await postUpload([...fieldsOf(target.fields), file(big, 'image/jpeg')]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(storedFiles()).toEqual(before);
    expect(listFiles(path.join(t.config.storage.mediaDir, LOCAL_TEMP_DIR))).toEqual([]);
    expect(await storage.head(target.key)).toBeNull();
  });

  it('answers 413 over a real connection while the client is still sending', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const target = await signature('lecture', 'video/mp4');
    // A 3 MB "video" against a 1 KB signed limit: re-sign by asking the driver directly.
    const small = await storage.createUploadTarget({
      key: target.key,
      kind: 'lecture',
      contentType: 'video/mp4',
      maxBytes: 1024,
      expiresInSeconds: 60,
    });
    const video = sampleVideo();
    const payload = Buffer.concat([video, Buffer.alloc(3 * 1024 * 1024)]);
    const form = new FormData();
    for (const [name, value] of Object.entries(small.fields)) form.append(name, value);
    form.append('file', new Blob([payload], { type: 'video/mp4' }), 'big.mp4');
    const response = await fetch(`${address}/api/v1/media/upload`, { method: 'POST', body: form }).catch(
      (error: unknown) => error,
    );
    // The server answers before reading the whole body; the client sees the 413 or, if it was still
    // writing when the server closed, a reset. Either way nothing is stored.
    if (response instanceof Response) expect(response.status).toBe(413);
    expect(await storage.head(target.key)).toBeNull();
    expect(listFiles(path.join(t.config.storage.mediaDir, LOCAL_TEMP_DIR))).toEqual([]);
  });

  it('refuses a part whose declared type differs from the signed one (415)', async () => {
    const target = await signature('thumbnail', 'image/jpeg');
    const before = storedFiles();
    const response = await postUpload([...fieldsOf(target.fields), file(sampleImage(), 'image/png')]);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses bytes that are not what the declared type says (magic numbers, 415)', async () => {
    const target = await signature('lecture', 'video/mp4');
    const before = storedFiles();
    // A jpeg dressed up as an mp4.
    const response = await postUpload([
      ...fieldsOf(target.fields),
      file(sampleImage(), 'video/mp4', 'x.mp4'),
    ]);
    expect(response.statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);
    expect(listFiles(path.join(t.config.storage.mediaDir, LOCAL_TEMP_DIR))).toEqual([]);
  });

  it('refuses a file sent before the signature fields (400) and a form with no file', async () => {
    const target = await signature('thumbnail', 'image/jpeg');
    const early = await postUpload([file(sampleImage(), 'image/jpeg'), ...fieldsOf(target.fields)]);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/before the file/);
    const empty = await postUpload(fieldsOf(target.fields));
    expect(empty.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/media/upload', payload: target.fields });
    expect(json.statusCode).toBe(400);
    const { headers } = await multipartBody(fieldsOf(target.fields));
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/upload',
      payload: 'garbage',
      headers,
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toMatch(/^Malformed multipart body/);
    expect(await storage.head(target.key)).toBeNull();
  });

  it('refuses an empty file (400)', async () => {
    const target = await signature('thumbnail', 'image/jpeg');
    const response = await postUpload([...fieldsOf(target.fields), file(new Uint8Array(0), 'image/jpeg')]);
    expect(response.statusCode).toBe(400);
    expect(await storage.head(target.key)).toBeNull();
  });
});

describe('downloads', () => {
  let videoKey: string;
  let video: Buffer;

  beforeAll(async () => {
    const target = await signature('lecture', 'video/mp4');
    video = sampleVideo();
    const response = await postUpload([...fieldsOf(target.fields), file(video, 'video/mp4', 'clip.mp4')]);
    expect(response.statusCode, response.body).toBe(201);
    videoKey = target.key;
  });

  const signedUrl = async (expiresInSeconds = 60) =>
    localPath(await storage.downloadUrl(videoKey, { kind: 'lecture', expiresInSeconds }));

  it('needs a signed URL for lecture video (403 without, with a bad one, or once expired)', async () => {
    const unsigned = await t.app.inject({ url: `/api/v1/media/${encodeURIComponent(videoKey)}` });
    expect(unsigned.statusCode).toBe(403);

    const url = await signedUrl(60);
    expect(url).toMatch(/\?expires=\d+&signature=[\w-]+$/);
    const ok = await t.app.inject({ url });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(video)).toBe(true);
    expect(ok.headers['content-type']).toBe('video/mp4');
    expect(ok.headers['accept-ranges']).toBe('bytes');
    expect(ok.headers['content-length']).toBe(String(video.length));
    expect(ok.headers['cache-control']).toBe('private');

    // Change the signature's first character to a different one (a fixed 'x' left it unchanged whenever it began with 'x').
    const tampered = await t.app.inject({
      url: url.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'x' ? 'y' : 'x'}`),
    });
    expect(tampered.statusCode).toBe(403);
    const otherExpiry = await t.app.inject({ url: url.replace(/expires=\d+/, 'expires=99999999999') });
    expect(otherExpiry.statusCode).toBe(403);

    t.advanceClock(61_000);
    try {
      expect((await t.app.inject({ url })).statusCode).toBe(403);
    } finally {
      t.advanceClock(-61_000);
    }
  });

  it('issues the same URL for a while (pages that embed it keep their ETag), valid 9/10 of its TTL at least', async () => {
    // With a TTL of 600 s a URL is issued on a 60 s step: align the clock to just after a step starts.
    const nowSeconds = Math.floor(Date.now() / 1000);
    const intoStep = nowSeconds % 60;
    t.advanceClock((60 - intoStep + 1) * 1000);
    try {
      const first = await signedUrl(600);
      t.advanceClock(50_000);
      expect(await signedUrl(600)).toBe(first);
      t.advanceClock(10_000);
      const next = await signedUrl(600);
      expect(next).not.toBe(first);
      // The first URL was issued at the start of its step, so it works until 600 s after that (599 s
      // after it was handed out here), and no longer: 9/10 of the TTL at least, the whole TTL at most.
      t.advanceClock(538_000);
      expect((await t.app.inject({ url: first })).statusCode).toBe(200);
      t.advanceClock(2_000);
      expect((await t.app.inject({ url: first })).statusCode).toBe(403);
      expect((await t.app.inject({ url: next })).statusCode).toBe(200);
    } finally {
      t.advanceClock(-(60 - intoStep + 1 + 50 + 10 + 538 + 2) * 1000);
    }
  });

  it('a thumbnail-kind request does not unlock a lecture key', async () => {
    const url = await storage.downloadUrl(videoKey, { kind: 'thumbnail', expiresInSeconds: 60 });
    expect(url).toContain('signature=');
  });

  it('serves single byte ranges with 206 and Content-Range', async () => {
    const url = await signedUrl();
    const first = await t.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${video.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(video.subarray(0, 100))).toBe(true);

    const open = await t.app.inject({ url, headers: { range: `bytes=${video.length - 10}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

    const suffix = await t.app.inject({ url, headers: { range: 'bytes=-25' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(
      `bytes ${video.length - 25}-${video.length - 1}/${video.length}`,
    );
    expect(suffix.rawPayload.equals(video.subarray(video.length - 25))).toBe(true);

    const pastEnd = await t.app.inject({ url, headers: { range: `bytes=100-${video.length * 2}` } });
    expect(pastEnd.statusCode).toBe(206);
    expect(pastEnd.headers['content-range']).toBe(`bytes 100-${video.length - 1}/${video.length}`);
  });

  it('answers 416 for an unsatisfiable range and ignores ranges it does not serve', async () => {
    const url = await signedUrl();
    const unsatisfiable = await t.app.inject({ url, headers: { range: `bytes=${video.length}-` } });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${video.length}`);
    const multiple = await t.app.inject({ url, headers: { range: 'bytes=0-1,5-9' } });
    expect(multiple.statusCode).toBe(200);
    expect(multiple.rawPayload.length).toBe(video.length);
  });

  it('answers 404 for a missing object with a valid signature', async () => {
    const missing = `courses/${courseId}/lecture/nobody-missing.mp4`;
    const url = localPath(await storage.downloadUrl(missing, { kind: 'lecture', expiresInSeconds: 60 }));
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('serves the demo seed layout: thumbnails public, videos signed', async () => {
    const mediaDir = t.config.storage.mediaDir;
    mkdirSync(path.join(mediaDir, 'demo/thumbnails'), { recursive: true });
    mkdirSync(path.join(mediaDir, 'demo/videos'), { recursive: true });
    writeFileSync(path.join(mediaDir, 'demo/thumbnails/teal.jpg'), sampleImage());
    writeFileSync(path.join(mediaDir, 'demo/videos/clip.mp4'), video);

    const thumbnailUrl = await storage.downloadUrl('demo/thumbnails/teal.jpg', {
      kind: 'thumbnail',
      expiresInSeconds: 60,
    });
    expect(thumbnailUrl).toBe('http://lectio.test/api/v1/media/demo%2Fthumbnails%2Fteal.jpg');
    const thumbnail = await t.app.inject({ url: localPath(thumbnailUrl) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');

    expect((await t.app.inject({ url: '/api/v1/media/demo%2Fvideos%2Fclip.mp4' })).statusCode).toBe(403);
    const videoUrl = await storage.downloadUrl('demo/videos/clip.mp4', {
      kind: 'lecture',
      expiresInSeconds: 60,
    });
    const played = await t.app.inject({ url: localPath(videoUrl), headers: { range: 'bytes=0-11' } });
    expect(played.statusCode).toBe(206);
    expect(bytesMatchContentType(played.rawPayload, 'video/mp4')).toBe(true);
  });

  it('never serves anything outside the media directory', async () => {
    writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'secret');
    for (const key of [
      '..%2Fsecret.txt',
      '..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'demo%2Fthumbnails%2F..%2F..%2F..%2Fsecret.txt',
    ]) {
      const response = await t.app.inject({ url: `/api/v1/media/${key}` });
      expect(response.statusCode, key).toBe(404);
      expect(response.body).not.toContain('secret');
    }
    // Temp files are unreachable: their directory starts with a dot, which no key may.
    expect((await t.app.inject({ url: `/api/v1/media/${LOCAL_TEMP_DIR}%2Fx.part` })).statusCode).toBe(404);
  });
});

describe('keys and the driver', () => {
  it.each([
    '../secret',
    'courses/../../secret',
    '/etc/passwd',
    'courses//x.jpg',
    'courses/./x.jpg',
    'courses/a/..',
    'courses\\x.jpg',
    '.incoming/x.part',
    'courses/a b.jpg',
    'courses/x.jpg/',
    '',
    `${'a'.repeat(600)}`,
  ])('refuses key %j', async (key) => {
    expect(isValidKey(key)).toBe(false);
    expect(() => storage.pathOf(key)).toThrow();
    await expect(
      storage.createUploadTarget({
        key,
        kind: 'thumbnail',
        contentType: 'image/jpeg',
        maxBytes: 1,
        expiresInSeconds: 60,
      }),
    ).rejects.toThrow();
    await expect(
      storage.putStream(key, Readable.from([sampleImage()]), {
        contentType: 'image/jpeg',
        maxBytes: 100_000,
      }),
    ).rejects.toThrow();
  });

  it('knows which keys are public', () => {
    expect(isPublicKey(`courses/${courseId}/thumbnail/u-r.jpg`)).toBe(true);
    expect(isPublicKey('demo/thumbnails/a.jpg')).toBe(true);
    expect(isPublicKey(`courses/${courseId}/lecture/u-r.mp4`)).toBe(false);
    expect(isPublicKey('demo/videos/a.mp4')).toBe(false);
    expect(isPublicKey('demo/thumbnails/nested/a.jpg')).toBe(false);
  });

  it('putStream enforces size and type; delete and deletePrefix remove files (missing ones too)', async () => {
    const prefix = 'courses/11111111-1111-4111-8111-111111111111/';
    const imageKey = `${prefix}thumbnail/u-a.jpg`;
    const videoKey = `${prefix}lecture/u-b.mp4`;
    const image = sampleImage();
    expect(
      await storage.putStream(imageKey, Readable.from([image]), {
        contentType: 'image/jpeg',
        maxBytes: 100_000,
      }),
    ).toEqual({
      size: image.length,
      contentType: 'image/jpeg',
    });
    // Small chunks: sniffing must wait for enough bytes.
    const video = sampleVideo();
    const chunks = Array.from({ length: Math.ceil(video.length / 5) }, (_, i) =>
      video.subarray(i * 5, i * 5 + 5),
    );
    await storage.putStream(videoKey, Readable.from(chunks), {
      contentType: 'video/mp4',
      maxBytes: 1_000_000,
    });
    expect((await storage.head(videoKey))?.size).toBe(video.length);

    await expect(
      storage.putStream(`${prefix}thumbnail/u-c.jpg`, Readable.from([image]), {
        contentType: 'image/jpeg',
        maxBytes: 100,
      }),
    ).rejects.toMatchObject({ status: 413 });
    await expect(
      storage.putStream(`${prefix}thumbnail/u-d.png`, Readable.from([image]), {
        contentType: 'image/png',
        maxBytes: 100_000,
      }),
    ).rejects.toMatchObject({ status: 415 });
    await expect(
      storage.putStream(`${prefix}lecture/u-e.mp4`, Readable.from([Buffer.from('ftyp')]), {
        contentType: 'video/mp4',
        maxBytes: 100,
      }),
    ).rejects.toMatchObject({ status: 415 });
    expect(await storage.head(`${prefix}thumbnail/u-c.jpg`)).toBeNull();
    expect(await storage.head(`${prefix}thumbnail/u-d.png`)).toBeNull();
    expect(listFiles(path.join(t.config.storage.mediaDir, LOCAL_TEMP_DIR))).toEqual([]);

    await storage.delete(imageKey);
    expect(await storage.head(imageKey)).toBeNull();
    await storage.delete(imageKey);
    await storage.deletePrefix(prefix);
    expect(await storage.head(videoKey)).toBeNull();
    expect(
      listFiles(path.join(t.config.storage.mediaDir, 'courses/11111111-1111-4111-8111-111111111111')),
    ).toEqual([]);
    await storage.deletePrefix(prefix);
    await expect(storage.deletePrefix('courses')).rejects.toThrow();
    await expect(storage.deletePrefix('../')).rejects.toThrow();
  });
});
