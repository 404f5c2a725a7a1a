/**
 * Direct uploads (spec section 4, "Course image update" and "Lecture video upload"): ask the API for a
 * short-lived upload target, POST the file straight to it with XMLHttpRequest (fetch has no upload
 * progress) reporting an integer percentage, and hand back the storage key to PATCH onto the course or
 * lecture. The target's form fields go first and the file last, as S3's presigned POST requires; the
 * local storage driver reads the same form.
 */
import { getUploadSignature, type MediaKind, type UploadSignature } from './course-admin-api';

/** An upload failure: the HTTP status (500 when there was none) and the message (spec section 8). */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

export const UPLOAD_FAILED_MESSAGE = 'Upload failed';
export const UPLOAD_ABORTED_MESSAGE = 'Upload cancelled';
const DEFAULT_UPLOAD_STATUS = 500;

export type ProgressListener = (percent: number) => void;

/** loaded/total as a whole percentage between 0 and 100. */
export function progressPercent(loaded: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/** The form the upload target expects: every signature field first, then the file as `file`. */
export function uploadForm(fields: Record<string, string>, file: Blob, fileName?: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (fileName === undefined) form.append('file', file);
  else form.append('file', file, fileName);
  return form;
}

function messageFrom(xhr: XMLHttpRequest): string {
  const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
  if (text) {
    try {
      const body = JSON.parse(text) as unknown;
      if (
        typeof body === 'object' &&
        body !== null &&
        'message' in body &&
        typeof body.message === 'string'
      ) {
        return body.message;
      }
    } catch {
      // S3 answers errors in XML: <Message>...</Message>.
      const match = /<Message>([^<]*)<\/Message>/.exec(text);
      if (match?.[1]) return match[1];
    }
  }
  return xhr.statusText || UPLOAD_FAILED_MESSAGE;
}

/**
 * POSTs the file to the target. Progress is reported as integers, never backwards, and 100 once the
 * storage has accepted the file. Resolves to the parsed JSON answer (the local driver's upload result),
 * or null for an empty one (S3 answers 204).
 */
export function uploadToTarget(
  target: Pick<UploadSignature, 'uploadUrl' | 'fields'>,
  file: File,
  options: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<unknown> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError(0, UPLOAD_ABORTED_MESSAGE));
      return;
    }
    const xhr = new XMLHttpRequest();
    let reported = -1;
    const report = (percent: number) => {
      if (percent <= reported) return;
      reported = percent;
      onProgress?.(percent);
    };
    const onAbortSignal = () => xhr.abort();

    xhr.open('POST', target.uploadUrl);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) report(progressPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbortSignal);
      if (xhr.status >= 200 && xhr.status < 300) {
        report(100);
        const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
        try {
          resolve(text ? (JSON.parse(text) as unknown) : null);
        } catch {
          resolve(null);
        }
        return;
      }
      reject(new UploadError(xhr.status || DEFAULT_UPLOAD_STATUS, messageFrom(xhr)));
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', onAbortSignal);
      reject(new UploadError(xhr.status || DEFAULT_UPLOAD_STATUS, messageFrom(xhr)));
    };
    xhr.onabort = () => {
      signal?.removeEventListener('abort', onAbortSignal);
      reject(new UploadError(0, UPLOAD_ABORTED_MESSAGE));
    };
    signal?.addEventListener('abort', onAbortSignal);
    report(0);
    xhr.send(uploadForm(target.fields, file, file.name));
  });
}

/**
 * Signature, then upload: resolves to the storage key to send as `public_id`. `contentType` names the
 * file's type when the browser doesn't (a `.py` or `.md` file often comes without one): the file is sent
 * declaring it, as the target requires.
 */
export async function uploadCourseMedia(
  request: { kind: MediaKind; courseId: string; file: File; contentType?: string },
  options: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<{ key: string }> {
  const contentType = request.contentType ?? request.file.type;
  const signature = await getUploadSignature({
    kind: request.kind,
    courseId: request.courseId,
    ...(contentType ? { contentType } : {}),
  });
  if (request.file.size > signature.maxBytes) {
    throw new UploadError(413, fileTooLargeMessage(signature.maxBytes));
  }
  const file =
    contentType && contentType !== request.file.type
      ? new File([request.file], request.file.name, { type: contentType })
      : request.file;
  await uploadToTarget(signature, file, options);
  return { key: signature.key };
}

export function fileTooLargeMessage(maxBytes: number): string {
  const megabytes = maxBytes / (1024 * 1024);
  return `The file is too large (at most ${megabytes >= 10 ? Math.round(megabytes) : megabytes.toFixed(1)} MB)`;
}

/**
 * A video file's length in seconds, read from its metadata with a hidden <video> element. Resolves to
 * null when the browser can't read it (an unsupported codec), so the upload can go ahead without it.
 */
export function readVideoDuration(file: Blob, timeoutMs = 15_000): Promise<number | null> {
  if (typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    const finish = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      finish(Number.isFinite(video.duration) && video.duration >= 0 ? video.duration : null);
    video.onerror = () => finish(null);
    video.src = url;
  });
}
