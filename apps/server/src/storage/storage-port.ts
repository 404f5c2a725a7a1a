/**
 * The storage port: where course thumbnails and lecture videos live. Two drivers implement it, chosen by
 * STORAGE_DRIVER: `local` (files under DATA_DIR/media, served by this server with HMAC-signed URLs) and
 * `s3` (AWS S3, MinIO, R2: presigned POST uploads and presigned GET downloads).
 *
 * Keys are bound to a course and an uploader: courses/{courseId}/{kind}/{uploaderId}-{random}.{ext}; a
 * user's avatar to that user: users/{userId}/avatar/{userId}-{random}.{ext}. Thumbnails and avatars are
 * public; lecture video is only ever reachable through a short-lived signed URL.
 */
import type { Readable } from 'node:stream';

export type MediaKind = 'thumbnail' | 'lecture' | 'avatar' | 'resource';

/** Images anyone holding the URL may load (thumbnails, avatars); lecture video and resources need a signature. */
export const isPublicKind = (kind: MediaKind): boolean => kind !== 'lecture' && kind !== 'resource';

export interface UploadTargetRequest {
  key: string;
  kind: MediaKind;
  /** Exact content type the upload must declare (e.g. video/mp4); checked by the target. */
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}

/** What the browser needs to POST the file straight to storage (form fields first, then `file`). */
export interface UploadTarget {
  url: string;
  fields: Record<string, string>;
  key: string;
  expiresAt: Date;
}

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface StoragePort {
  readonly driver: 'local' | 's3';
  /** A public name for where files go ('lectio-local' or the bucket): the upload signature's cloudName. */
  readonly publicName: string;
  createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget>;
  /**
   * Streams a body into storage without holding it in memory. Rejects, leaving nothing behind, with 413
   * as soon as it passes maxBytes, 415 when its first bytes are not `contentType` (magic numbers), 400
   * when empty. Used by the multipart POST /videos/upload and the local driver's upload target.
   */
  putStream(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes: number },
  ): Promise<StoredObject>;
  /**
   * A URL the browser can fetch. Thumbnail and avatar keys asked for as such get a public (local) or
   * long-lived, day-stable presigned (s3) URL; anything else a signed URL valid expiresInSeconds.
   */
  downloadUrl(
    key: string,
    options: {
      kind: MediaKind;
      expiresInSeconds: number /** Download (attachment) under this name. */;
      fileName?: string;
    },
  ): Promise<string>;
  head(key: string): Promise<StoredObject | null>;
  /**
   * Copies a stored object to a local file (the transcoder reads the upload from disk). Rejects when the
   * key holds nothing.
   */
  copyToFile(key: string, file: string): Promise<void>;
  /**
   * Stores a file the server made itself (the transcoder's playlists, segments and images) under `key`,
   * with no upload checks: never for a user's bytes, which go through putStream.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Ignores a missing key. */
  delete(key: string): Promise<void>;
  /** Removes every object under the prefix, which must end with `/` (a deleted course's files). */
  deletePrefix(prefix: string): Promise<void>;
}

export const courseMediaPrefix = (courseId: string) => `courses/${courseId}/`;

/** The folder of a user's avatar images. */
export const avatarFolder = (userId: string) => `users/${userId}/avatar/`;
