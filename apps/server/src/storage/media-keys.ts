/**
 * Object keys: `courses/{courseId}/{kind}/{uploaderId}-{random}.{ext}`, bound to a course and an uploader.
 * Every key that reaches a driver is validated first, so a key can never address anything outside the
 * media root (no `..`, no absolute paths, no backslashes, a small charset).
 */
import { randomBytes } from 'node:crypto';
import { badRequest } from '../lib/errors';
import type { MediaKind } from './storage-port';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  // A leading-alphanumeric segment can't be `.` or `..`; empty segments (`//`, leading `/`) fail too.
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

export function assertValidKey(key: string): string {
  if (!isValidKey(key)) throw badRequest('Invalid media key');
  return key;
}

/** A prefix ends with `/` and its segments follow the key rules. */
export function assertValidPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1))) throw badRequest('Invalid media prefix');
  return prefix;
}

const ID_PART = /^[A-Za-z0-9_-]{1,100}$/;

export function buildMediaKey(input: {
  courseId: string;
  kind: MediaKind;
  uploaderId: string;
  extension: string;
}): string {
  if (!ID_PART.test(input.courseId) || !ID_PART.test(input.uploaderId)) throw badRequest('Invalid id');
  const random = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `courses/${input.courseId}/${input.kind}/${input.uploaderId}-${random}.${input.extension}`;
}

/** A new avatar key of the user: `users/{userId}/avatar/{userId}-{random}.{ext}`. */
export function buildAvatarKey(userId: string, extension: string): string {
  if (!ID_PART.test(userId)) throw badRequest('Invalid id');
  const random = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `users/${userId}/avatar/${userId}-${random}.${extension}`;
}

const isAvatarKey = (segments: string[]) =>
  segments[0] === 'users' && segments.length === 4 && segments[2] === 'avatar';

/**
 * Thumbnails and avatars may be served to anyone; everything else (lecture video) needs a signed URL.
 * Demo seed thumbnails live under `demo/thumbnails/`.
 */
export function isPublicKey(key: string): boolean {
  if (!isValidKey(key)) return false;
  const segments = key.split('/');
  if (segments[0] === 'demo') return segments[1] === 'thumbnails' && segments.length === 3;
  if (isAvatarKey(segments)) return true;
  return segments[0] === 'courses' && segments.length === 4 && segments[2] === 'thumbnail';
}

/** The kind a key holds (public keys are images, a course's resource folder resources, else lecture video). */
export function kindOfKey(key: string): MediaKind {
  const segments = key.split('/');
  const isResource =
    (segments[0] === 'courses' && segments.length === 4 && segments[2] === 'resource') ||
    (segments[0] === 'demo' && segments.length === 3 && segments[1] === 'handouts');
  if (isResource) return 'resource';
  if (!isPublicKey(key)) return 'lecture';
  return isAvatarKey(key.split('/')) ? 'avatar' : 'thumbnail';
}

/**
 * A Content-Disposition that downloads under `fileName`: an ASCII fallback (quotes, backslashes and
 * control characters replaced) and the exact name percent-encoded (RFC 6266 / 5987).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
