/**
 * The S3 driver against s3rver (a fake S3 started here on 127.0.0.1, random port, temp dir). s3rver
 * speaks the protocol but checks neither signatures nor POST policies, so the policy we generate is
 * also asserted directly: content-length-range, Content-Type, key prefix and exact key, expiry <= 15 min.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DEMO_MEDIA_KEYS } from '@lectio/db';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMissingDemoMedia } from '../src/storage/demo-media';
import {
  MAX_UPLOAD_EXPIRY_SECONDS,
  S3StorageDriver,
  THUMBNAIL_URL_TTL_SECONDS,
} from '../src/storage/s3-driver';
import { sampleImage, sampleVideo } from './helpers/media';
import { multipartBody } from './helpers/multipart';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

const BUCKET = 'lectio-test';
const COURSE = '22222222-2222-4222-8222-222222222222';
const PART_SIZE = 5 * 1024 * 1024;

let server: S3rver;
let directory: string;
let endpoint: string;
let storage: S3StorageDriver;

const driverOptions = (overrides: Partial<ConstructorParameters<typeof S3StorageDriver>[0]> = {}) => ({
  endpoint,
  bucket: BUCKET,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  partSize: PART_SIZE,
  ...overrides,
});

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'lectio-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = new S3StorageDriver(driverOptions());
});
afterAll(async () => {
  storage?.destroy();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

type PolicyCondition = Record<string, string> | [string, string, string | number];
function decodePolicy(fields: Record<string, string>): { expiration: string; conditions: PolicyCondition[] } {
  return JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8'));
}

async function keysUnder(prefix: string): Promise<string[]> {
  const page = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((object) => object.Key ?? '');
}

/** A stream of `total` bytes: real mp4 header bytes, then zero filler, in 64 KiB chunks. */
function videoStream(total: number): Readable {
  const head = sampleVideo().subarray(0, 4096);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(size);
      if (sent < head.length) head.copy(chunk, 0, sent);
      sent += size;
      this.push(chunk);
    },
  });
}

describe('presigned POST policy (what s3rver does not check)', () => {
  it('pins size, content type, key prefix and exact key, and expires within 15 minutes', async () => {
    const key = `courses/${COURSE}/lecture/uploader-abc.mp4`;
    const before = Date.now();
    const target = await storage.createUploadTarget({
      key,
      kind: 'lecture',
      contentType: 'video/mp4',
      maxBytes: 123_456,
      expiresInSeconds: 600,
    });
    const policy = decodePolicy(target.fields);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 123_456]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'video/mp4']);
    expect(policy.conditions).toContainEqual(['starts-with', '$key', `courses/${COURSE}/lecture/`]);
    expect(policy.conditions).toContainEqual({ key });
    expect(policy.conditions).toContainEqual({ bucket: BUCKET });
    const expiration = Date.parse(policy.expiration);
    expect(expiration - before).toBeGreaterThan(0);
    expect(expiration - before).toBeLessThanOrEqual(600_000 + 2000);
    expect(Math.abs(target.expiresAt.getTime() - expiration)).toBeLessThan(2000);

    expect(target.fields).toMatchObject({
      key,
      'Content-Type': 'video/mp4',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(target.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(target.url).toBe(`${endpoint}/${BUCKET}`);
  });

  it('caps the expiry at 15 minutes whatever is asked', async () => {
    const before = Date.now();
    const target = await storage.createUploadTarget({
      key: `courses/${COURSE}/thumbnail/u-x.png`,
      kind: 'thumbnail',
      contentType: 'image/png',
      maxBytes: 10,
      expiresInSeconds: 86_400,
    });
    expect(Date.parse(decodePolicy(target.fields).expiration) - before).toBeLessThanOrEqual(
      MAX_UPLOAD_EXPIRY_SECONDS * 1000 + 2000,
    );
  });

  it('signs browser-facing URLs for S3_PUBLIC_ENDPOINT when set', async () => {
    const publicDriver = new S3StorageDriver(
      driverOptions({ publicEndpoint: endpoint.replace('127.0.0.1', 'localhost') }),
    );
    try {
      const target = await publicDriver.createUploadTarget({
        key: `courses/${COURSE}/thumbnail/u-y.jpg`,
        kind: 'thumbnail',
        contentType: 'image/jpeg',
        maxBytes: 10,
        expiresInSeconds: 60,
      });
      expect(new URL(target.url).hostname).toBe('localhost');
      const url = await publicDriver.downloadUrl(`courses/${COURSE}/lecture/u-y.mp4`, {
        kind: 'lecture',
        expiresInSeconds: 60,
      });
      expect(new URL(url).hostname).toBe('localhost');
    } finally {
      publicDriver.destroy();
    }
  });
});

describe('S3 driver against s3rver', () => {
  it('accepts a presigned POST upload with the returned fields, then serves it by presigned GET', async () => {
    const key = `courses/${COURSE}/thumbnail/uploader-post.jpg`;
    const image = sampleImage();
    const target = await storage.createUploadTarget({
      key,
      kind: 'thumbnail',
      contentType: 'image/jpeg',
      maxBytes: 100_000,
      expiresInSeconds: 300,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', new Blob([image], { type: 'image/jpeg' }), 'thumb.jpg');
    const posted = await fetch(target.url, { method: 'POST', body: form });
    expect(posted.status, await posted.text()).toBeLessThan(300);

    expect(await storage.head(key)).toEqual({ size: image.length, contentType: 'image/jpeg' });
    const url = await storage.downloadUrl(key, { kind: 'thumbnail', expiresInSeconds: 60 });
    const downloaded = await fetch(url);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(image)).toBe(true);
  });

  it('gives thumbnails a day-stable 7-day URL and lecture video a short one, both signed', async () => {
    const thumbnail = `courses/${COURSE}/thumbnail/u-z.jpg`;
    const first = await storage.downloadUrl(thumbnail, { kind: 'thumbnail', expiresInSeconds: 60 });
    const second = await storage.downloadUrl(thumbnail, { kind: 'thumbnail', expiresInSeconds: 60 });
    expect(first).toBe(second);
    expect(new URL(first).searchParams.get('X-Amz-Expires')).toBe(String(THUMBNAIL_URL_TTL_SECONDS));
    const lecture = await storage.downloadUrl(`courses/${COURSE}/lecture/u-z.mp4`, {
      kind: 'lecture',
      expiresInSeconds: 120,
    });
    expect(new URL(lecture).searchParams.get('X-Amz-Expires')).toBe('120');
    expect(new URL(lecture).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // A lecture key asked for as a thumbnail still gets the short expiry.
    const disguised = await storage.downloadUrl(`courses/${COURSE}/lecture/u-z.mp4`, {
      kind: 'thumbnail',
      expiresInSeconds: 120,
    });
    expect(new URL(disguised).searchParams.get('X-Amz-Expires')).toBe('120');
  });

  it('putStream uploads a multi-part-sized stream in parts, readable with Range', async () => {
    const key = `courses/${COURSE}/lecture/u-big.mp4`;
    const total = 2 * PART_SIZE + 12_345;
    const stored = await storage.putStream(key, videoStream(total), {
      contentType: 'video/mp4',
      maxBytes: 3 * PART_SIZE,
    });
    expect(stored).toEqual({ size: total, contentType: 'video/mp4' });
    expect((await storage.head(key))?.size).toBe(total);

    const url = await storage.downloadUrl(key, { kind: 'lecture', expiresInSeconds: 60 });
    const head = await fetch(url, { headers: { range: 'bytes=0-11' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-11/${total}`);
    expect(Buffer.from(await head.arrayBuffer()).equals(sampleVideo().subarray(0, 12))).toBe(true);
    const tail = await fetch(url, { headers: { range: `bytes=${total - 10}-` } });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
  });

  it('putStream of a small body is one PutObject', async () => {
    const key = `courses/${COURSE}/lecture/u-small.mp4`;
    const video = sampleVideo();
    await storage.putStream(key, Readable.from([video]), { contentType: 'video/mp4', maxBytes: 1_000_000 });
    const downloaded = await fetch(await storage.downloadUrl(key, { kind: 'lecture', expiresInSeconds: 60 }));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(video)).toBe(true);
  });

  it('putStream refuses oversize (after parts went up) and wrong bytes, leaving no object', async () => {
    const big = `courses/${COURSE}/lecture/u-too-big.mp4`;
    await expect(
      storage.putStream(big, videoStream(2 * PART_SIZE), {
        contentType: 'video/mp4',
        maxBytes: PART_SIZE + 10,
      }),
    ).rejects.toMatchObject({ status: 413 });
    expect(await storage.head(big)).toBeNull();

    const wrong = `courses/${COURSE}/lecture/u-wrong.mp4`;
    await expect(
      storage.putStream(wrong, Readable.from([sampleImage()]), {
        contentType: 'video/mp4',
        maxBytes: 1_000_000,
      }),
    ).rejects.toMatchObject({ status: 415 });
    expect(await storage.head(wrong)).toBeNull();
  });

  it('head, delete (missing too) and deletePrefix', async () => {
    const prefix = 'courses/33333333-3333-4333-8333-333333333333/';
    const keep = `courses/${COURSE}/thumbnail/u-keep.jpg`;
    const keys = [`${prefix}thumbnail/u-1.jpg`, `${prefix}lecture/u-2.jpg`, `${prefix}lecture/u-3.jpg`];
    for (const key of [...keys, keep]) {
      await storage.putStream(key, Readable.from([sampleImage()]), {
        contentType: 'image/jpeg',
        maxBytes: 100_000,
      });
    }
    expect((await keysUnder(prefix)).sort()).toEqual([...keys].sort());

    await storage.delete(keys[0] ?? '');
    expect(await storage.head(keys[0] ?? '')).toBeNull();
    await storage.delete(keys[0] ?? '');

    await storage.deletePrefix(prefix);
    expect(await keysUnder(prefix)).toEqual([]);
    expect(await storage.head(keep)).not.toBeNull();
    await expect(storage.deletePrefix('courses')).rejects.toThrow();
  });
});

describe('the app with STORAGE_DRIVER=s3', () => {
  let t: TestApp;
  let token: string;
  let courseId: string;

  beforeAll(async () => {
    t = await createTestApp({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const instructor = await createUser(t.db, { role: 'instructor' });
    token = (await login(t.app, instructor.email, instructor.password)).accessToken;
    courseId = (await createCourse(t.db, { instructorId: instructor.id })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands out a presigned POST target and streams /videos/upload into the bucket', async () => {
    const signature = await t.app.inject({
      url: `/api/v1/videos/signature?courseId=${courseId}&kind=thumbnail`,
      headers: bearer(token),
    });
    expect(signature.statusCode, signature.body).toBe(200);
    const body = signature.json();
    expect(body).toMatchObject({ apiKey: 's3', cloudName: BUCKET, uploadUrl: `${endpoint}/${BUCKET}` });
    expect(body.signature).toBe(body.fields['X-Amz-Signature']);
    expect(decodePolicy(body.fields).conditions).toContainEqual(['eq', '$Content-Type', 'image/jpeg']);

    const { payload, headers } = await multipartBody([
      ['title', 'From S3'],
      ['courseId', courseId],
      ['lecture', { data: sampleVideo(), contentType: 'video/mp4', filename: 'a.mp4' }],
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/videos/upload',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(await keysUnder(`courses/${courseId}/lecture/`)).toHaveLength(1);
    const videoUrl: string = upload.json().data.lecture.videoUrl;
    expect(videoUrl.startsWith(`${endpoint}/${BUCKET}/courses/${courseId}/lecture/`)).toBe(true);
    expect((await fetch(videoUrl)).status).toBe(200);
  });

  it('lets the browser reach the bucket through the CSP', async () => {
    const response = await t.app.inject({ url: '/api/v1/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${endpoint}`);
    expect(csp).toContain(`media-src 'self' blob: https: ${endpoint}`);
  });

  it('uploads the demo media the seed refers to, once', async () => {
    expect(await uploadMissingDemoMedia(t.storage)).toBe(DEMO_MEDIA_KEYS.length);
    expect(await uploadMissingDemoMedia(t.storage)).toBe(0);
    const thumbnail = DEMO_MEDIA_KEYS.find((key) => key.startsWith('demo/thumbnails/')) ?? '';
    expect(await t.storage.head(thumbnail)).toMatchObject({ contentType: 'image/png' });
  });

  it('does not serve /media/* itself (the bucket does)', async () => {
    const download = await t.app.inject({ url: '/api/v1/media/demo%2Fthumbnails%2Fa.jpg' });
    expect(download.statusCode).toBe(404);
    const { payload, headers } = await multipartBody([['key', 'x']]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/v1/media/upload', payload, headers });
    expect(upload.statusCode).toBe(404);
  });
});
