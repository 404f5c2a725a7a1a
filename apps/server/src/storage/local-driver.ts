/**
 * Local storage driver: files under DATA_DIR/media, served by this server. Upload targets and lecture
 * download URLs are HMAC-SHA256 signed with a key derived from the JWT secret (never the secret itself),
 * so the browser can POST a file to /api/v1/media/upload and play a video from /api/v1/media/{key}
 * without a session, exactly as it would against S3.
 *
 * Writes go to a temp file inside the media root (same filesystem) and are linked into place only after
 * the size and content checks passed; on any failure the temp file is removed, so a rejected upload leaves
 * nothing behind. A key is written once: linking fails when the key already holds a file (409), so an
 * upload signature replayed within its lifetime can't overwrite what its first use stored, however the
 * two uploads race (keys are random per signature; nothing legitimate writes a key twice).
 */

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { API_PREFIX } from '@lectio/contracts/rest';
import { conflict, forbidden } from '../lib/errors';
import { assertValidKey, assertValidPrefix, isPublicKey } from './media-keys';
import { contentTypeForKey } from './media-types';
import {
  isPublicKind,
  type MediaKind,
  type StoragePort,
  type StoredObject,
  type UploadTarget,
  type UploadTargetRequest,
} from './storage-port';
import { UploadGuard } from './upload-guard';
import { issueTimeSeconds } from './url-expiry';

/** Temp files live here: a leading dot can never appear in a valid key, so no key addresses them. */
export const LOCAL_TEMP_DIR = '.incoming';

export interface LocalDriverOptions {
  mediaDir: string;
  /** Origin the browser reaches this server on (config.publicUrl). */
  publicUrl: string;
  /** The JWT secret; a media-only signing key is derived from it. */
  secret: string;
  now?: () => Date;
}

export interface SignedUpload {
  key: string;
  contentType: string;
  maxBytes: number;
}

export const SIGNATURE_INVALID_MESSAGE = 'The upload signature is invalid or has expired';
export const DOWNLOAD_SIGNATURE_INVALID_MESSAGE = 'This media link is invalid or has expired';
export const KEY_TAKEN_MESSAGE = 'This upload signature has already been used';

export class LocalStorageDriver implements StoragePort {
  readonly driver = 'local' as const;
  readonly publicName = 'lectio-local';
  readonly mediaDir: string;
  private readonly signingKey: Buffer;
  private readonly publicUrl: string;
  private readonly now: () => Date;

  constructor(options: LocalDriverOptions) {
    this.mediaDir = path.resolve(options.mediaDir);
    this.publicUrl = options.publicUrl.replace(/\/$/, '');
    this.signingKey = createHmac('sha256', options.secret).update('lectio/media-signing/v1').digest();
    this.now = options.now ?? (() => new Date());
  }

  /** Absolute path of a key, refusing anything that would resolve outside the media root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(this.mediaDir, ...key.split('/'));
    if (!resolved.startsWith(this.mediaDir + path.sep)) throw forbidden('Invalid media key');
    return resolved;
  }

  private sign(...parts: (string | number)[]): string {
    return createHmac('sha256', this.signingKey).update(parts.join('\n')).digest('base64url');
  }

  private static sameSignature(expected: string, given: string): boolean {
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  async createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget> {
    assertValidKey(request.key);
    const expires = this.nowSeconds() + request.expiresInSeconds;
    const signature = this.sign('upload', request.key, request.contentType, request.maxBytes, expires);
    return {
      url: `${this.publicUrl}${API_PREFIX}/media/upload`,
      fields: {
        key: request.key,
        contentType: request.contentType,
        maxBytes: String(request.maxBytes),
        expires: String(expires),
        signature,
      },
      key: request.key,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Checks the signed upload fields (constant-time) and their expiry; 403 otherwise. */
  verifyUploadFields(fields: Record<string, string | undefined>): SignedUpload {
    const { key, contentType, maxBytes, expires, signature } = fields;
    if (!key || !contentType || !maxBytes || !expires || !signature)
      throw forbidden(SIGNATURE_INVALID_MESSAGE);
    const expected = this.sign('upload', key, contentType, maxBytes, expires);
    if (!LocalStorageDriver.sameSignature(expected, signature)) throw forbidden(SIGNATURE_INVALID_MESSAGE);
    if (!/^\d+$/.test(expires) || Number(expires) < this.nowSeconds())
      throw forbidden(SIGNATURE_INVALID_MESSAGE);
    if (!/^\d+$/.test(maxBytes)) throw forbidden(SIGNATURE_INVALID_MESSAGE);
    assertValidKey(key);
    return { key, contentType, maxBytes: Number(maxBytes) };
  }

  /** True when a download of `key` may be served: public thumbnail, or a valid unexpired signature. */
  verifyDownload(key: string, expires: string | undefined, signature: string | undefined): boolean {
    if (isPublicKey(key)) return true;
    if (!expires || !signature || !/^\d+$/.test(expires)) return false;
    if (!LocalStorageDriver.sameSignature(this.sign('download', key, expires), signature)) return false;
    return Number(expires) >= this.nowSeconds();
  }

  async putStream(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes: number },
  ): Promise<StoredObject> {
    const target = this.pathOf(key);
    const tempDir = path.join(this.mediaDir, LOCAL_TEMP_DIR);
    const temp = path.join(tempDir, `${randomBytes(16).toString('hex')}.part`);
    const guard = new UploadGuard(options.contentType, options.maxBytes);
    try {
      await mkdir(tempDir, { recursive: true });
      // Opened before streaming, so the file exists when the cleanup below runs: a lazily opened write
      // stream could create it only after an early refusal had already removed it.
      const handle = await open(temp, 'wx', 0o640);
      await pipeline(body, guard, handle.createWriteStream());
      await mkdir(path.dirname(target), { recursive: true });
      // link(), unlike rename(), refuses an existing target: atomically, never overwriting.
      await link(temp, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? conflict(KEY_TAKEN_MESSAGE) : error;
      });
      return { size: guard.bytes, contentType: options.contentType };
    } catch (error) {
      if (!body.destroyed) body.resume();
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** `fileName` rides along as `name`: the download route sends a resource as an attachment under it. */
  async downloadUrl(key: string, options: { kind: MediaKind; expiresInSeconds: number; fileName?: string }) {
    assertValidKey(key);
    const url = `${this.publicUrl}${API_PREFIX}/media/${encodeURIComponent(key)}`;
    if (isPublicKind(options.kind) && isPublicKey(key)) return url;
    const expires = issueTimeSeconds(this.nowSeconds(), options.expiresInSeconds) + options.expiresInSeconds;
    const name = options.fileName ? `&name=${encodeURIComponent(options.fileName)}` : '';
    return `${url}?expires=${expires}&signature=${this.sign('download', key, expires)}${name}`;
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeForKey(key) } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** A read stream over `[start, end]` (inclusive), for the download handler. */
  openRead(key: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.pathOf(key), range);
  }

  async copyToFile(key: string, file: string): Promise<void> {
    await copyFile(this.pathOf(key), file);
  }

  async putFile(key: string, file: string, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file, target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    const directory = this.pathOf(prefix.slice(0, -1));
    await rm(directory, { recursive: true, force: true });
  }
}
