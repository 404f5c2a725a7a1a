/**
 * The direct-upload helper: the form carries every signature field before the file, progress is reported
 * as whole, rising percentages ending at 100, and failures carry the status (default 500) and message.
 */

import { buildUploadSignature } from '@lectio/mocks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { FakeXhr } from '../../../test/fake-xhr';
import { makeUser } from '../../../test/fixtures';
import { setSession } from '../../lib/session';
import {
  progressPercent,
  readVideoDuration,
  UploadError,
  uploadCourseMedia,
  uploadForm,
  uploadToTarget,
} from './upload';

const target = {
  uploadUrl: '/api/v1/media/upload',
  fields: {
    key: 'courses/c1/thumbnail/u1-abc.jpg',
    'Content-Type': 'image/jpeg',
    policy: 'p',
    signature: 's',
  },
};
const file = () => new File([new Uint8Array(1000)], 'cover.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadForm', () => {
  it('puts every field first, in order, and the file last as "file"', () => {
    const form = uploadForm(target.fields, file(), 'cover.jpg');
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'policy', 'signature', 'file']);
    expect((form.get('file') as File).name).toBe('cover.jpg');
  });
});

describe('progressPercent', () => {
  it('is a whole number between 0 and 100', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(11, 10)).toBe(100);
  });
});

describe('uploadToTarget', () => {
  it('POSTs the form and reports integer progress that only rises, ending at 100', async () => {
    const seen: number[] = [];
    const done = uploadToTarget(target, file(), { onProgress: (percent) => seen.push(percent) });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/media/upload');
    expect([...(xhr.body as FormData).keys()].at(-1)).toBe('file');

    xhr.progress(123, 1000);
    xhr.progress(100, 1000); // out of order: ignored
    xhr.progress(333, 1000);
    xhr.progress(50, 0, false); // no length: ignored
    xhr.progress(999, 1000);
    xhr.respond(201, JSON.stringify({ public_id: 'k', secure_url: '/media/k', duration: null }));

    await expect(done).resolves.toEqual({ public_id: 'k', secure_url: '/media/k', duration: null });
    expect(seen).toEqual([0, 12, 33, 100]);
    expect(seen.every(Number.isInteger)).toBe(true);
  });

  it('accepts an empty success answer (S3 answers 204)', async () => {
    const done = uploadToTarget(target, file());
    FakeXhr.last?.respond(204);
    await expect(done).resolves.toBeNull();
  });

  it('fails with the status and the server message', async () => {
    const done = uploadToTarget(target, file());
    FakeXhr.last?.respond(413, JSON.stringify({ message: 'File too large', code: 'PAYLOAD_TOO_LARGE' }));
    await expect(done).rejects.toMatchObject({ name: 'UploadError', status: 413, message: 'File too large' });
  });

  it("reads S3's XML error message", async () => {
    const done = uploadToTarget(target, file());
    FakeXhr.last?.respond(
      403,
      '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Policy expired</Message></Error>',
    );
    await expect(done).rejects.toMatchObject({ status: 403, message: 'Policy expired' });
  });

  it('defaults the status to 500 when the request never got an answer', async () => {
    const done = uploadToTarget(target, file());
    FakeXhr.last?.onerror?.();
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 500, message: 'Upload failed' });
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const done = uploadToTarget(target, file(), { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ message: 'Upload cancelled' });
  });
});

describe('uploadCourseMedia', () => {
  // media.uploadSignature is for instructors (the mocks refuse anonymous calls with 401, as the server).
  beforeEach(() => {
    const instructor = makeUser({ role: 'instructor' });
    setSession({ role: instructor.role, accessToken: 'instructor-token', userData: instructor });
    api.signIn('instructor-token', instructor);
  });

  it('asks for a signature for the kind, course and content type, then uploads to it', async () => {
    api.answer(
      'media.uploadSignature',
      buildUploadSignature({
        kind: 'thumbnail',
        courseId: 'c1',
        uploadUrl: '/api/v1/media/upload',
        fields: target.fields,
        key: 'courses/c1/thumbnail/u1-abc.jpg',
        maxBytes: 5_000_000,
      }),
    );
    const progress: number[] = [];
    const done = uploadCourseMedia(
      { kind: 'thumbnail', courseId: 'c1', file: file() },
      { onProgress: (percent) => progress.push(percent) },
    );
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last?.respond(201, '{}');
    await expect(done).resolves.toEqual({ key: 'courses/c1/thumbnail/u1-abc.jpg' });
    expect(api.calls('media.uploadSignature')).toHaveLength(1);
    expect(api.calls('media.uploadSignature')[0]?.input).toEqual({
      kind: 'thumbnail',
      courseId: 'c1',
      contentType: 'image/jpeg',
    });
    expect(FakeXhr.last?.url).toBe('/api/v1/media/upload');
    expect(progress.at(-1)).toBe(100);
  });

  it('refuses a file over the limit before uploading', async () => {
    api.answer(
      'media.uploadSignature',
      buildUploadSignature({ courseId: 'c1', fields: {}, key: 'k', maxBytes: 10 }),
    );
    await expect(uploadCourseMedia({ kind: 'lecture', courseId: 'c1', file: file() })).rejects.toMatchObject({
      status: 413,
    });
    expect(FakeXhr.last).toBeNull();
  });
});

describe('readVideoDuration', () => {
  it("reads the duration from a hidden video element's metadata", async () => {
    const created: HTMLVideoElement[] = [];
    const createElement = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const element = createElement(tag);
      if (tag === 'video') created.push(element as HTMLVideoElement);
      return element;
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const done = readVideoDuration(new Blob(['x'], { type: 'video/mp4' }));
    const video = created[0] as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { value: 7.04 });
    video.onloadedmetadata?.(new Event('loadedmetadata'));
    await expect(done).resolves.toBe(7.04);
  });
});
