/**
 * S3 storage driver (AWS S3, MinIO, R2 through S3_ENDPOINT and S3_FORCE_PATH_STYLE).
 *
 * - Uploads: presigned POST whose policy pins the exact key (and its course/kind prefix), the Content-Type
 *   and a content-length-range of 1..maxBytes, expiring in at most 15 minutes. The browser posts straight
 *   to the bucket; the server never sees the bytes.
 * - Downloads: presigned GET. Lecture video gets the caller's short expiry. Thumbnails and avatars get a 7-day URL
 *   signed at the start of the current UTC day, so the URL stays identical for a day and browsers and CDNs
 *   can cache it, while the bucket stays entirely private (no public-read policy, never listable).
 * - putStream (the multipart POST /videos/upload): the guarded stream goes up in 8 MiB parts
 *   (CreateMultipartUpload/UploadPart), at most one part in memory; a body under one part is a single
 *   PutObject. Any failure aborts the multipart upload, so nothing is left behind.
 *
 * Browser-facing URLs are signed against S3_PUBLIC_ENDPOINT when set (e.g. http://localhost:9000 while
 * the server talks to http://minio:9000), since the host is part of the signature.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { pipeline as pipelinePromise } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidKey, assertValidPrefix, attachmentDisposition, isPublicKey } from './media-keys';
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

export interface S3DriverOptions {
  endpoint?: string | undefined;
  publicEndpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Bytes per multipart part (S3 requires >= 5 MiB except for the last one). */
  partSize?: number;
}

/** S3 refuses POST policies and presigned URLs beyond these; we stay well inside. */
export const MAX_UPLOAD_EXPIRY_SECONDS = 15 * 60;
export const THUMBNAIL_URL_TTL_SECONDS = 7 * 24 * 3600;
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

const startOfUtcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

function makeClient(options: S3DriverOptions, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: options.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // MinIO, R2 and older S3-compatibles reject the newer default CRC checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export class S3StorageDriver implements StoragePort {
  readonly driver = 's3' as const;
  readonly publicName: string;
  readonly bucket: string;
  /** Talks to the bucket from the server. */
  readonly client: S3Client;
  /** Signs the URLs handed to browsers (differs when S3_PUBLIC_ENDPOINT is set). */
  private readonly publicClient: S3Client;
  private readonly partSize: number;

  constructor(options: S3DriverOptions) {
    this.bucket = options.bucket;
    this.publicName = options.bucket;
    this.client = makeClient(options, options.endpoint);
    this.publicClient =
      options.publicEndpoint && options.publicEndpoint !== options.endpoint
        ? makeClient(options, options.publicEndpoint)
        : this.client;
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
  }

  async createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget> {
    assertValidKey(request.key);
    const expires = Math.min(request.expiresInSeconds, MAX_UPLOAD_EXPIRY_SECONDS);
    const prefix = request.key.slice(0, request.key.lastIndexOf('/') + 1);
    const expiresAt = new Date(Date.now() + expires * 1000);
    const post = await createPresignedPost(this.publicClient, {
      Bucket: this.bucket,
      Key: request.key,
      Conditions: [
        ['content-length-range', 1, request.maxBytes],
        ['eq', '$Content-Type', request.contentType],
        ['starts-with', '$key', prefix],
      ],
      Fields: { 'Content-Type': request.contentType },
      Expires: expires,
    });
    return { url: post.url, fields: post.fields, key: request.key, expiresAt };
  }

  async putStream(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes: number },
  ): Promise<StoredObject> {
    assertValidKey(key);
    const guard = new UploadGuard(options.contentType, options.maxBytes);
    // The callback form: errors on either side destroy both, and iterating `guard` rethrows them.
    pipeline(body, guard, () => {});

    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flushPart = async () => {
      const partBody = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (!uploadId) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            ContentType: options.contentType,
          }),
        );
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const uploaded = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: partBody,
        }),
      );
      parts.push({ ETag: uploaded.ETag, PartNumber });
    };

    try {
      for await (const chunk of guard as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= this.partSize) await flushPart();
      }
      if (!uploadId) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: Buffer.concat(pending, pendingBytes),
            ContentType: options.contentType,
          }),
        );
      } else {
        if (pendingBytes > 0) await flushPart();
        await this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
      return { size: guard.bytes, contentType: options.contentType };
    } catch (error) {
      guard.destroy();
      if (uploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => {});
      }
      throw error;
    }
  }

  async downloadUrl(
    key: string,
    options: { kind: MediaKind; expiresInSeconds: number; fileName?: string },
  ): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.fileName ? { ResponseContentDisposition: attachmentDisposition(options.fileName) } : {}),
    });
    if (isPublicKind(options.kind) && isPublicKey(key)) {
      return getSignedUrl(this.publicClient, command, {
        expiresIn: THUMBNAIL_URL_TTL_SECONDS,
        signingDate: startOfUtcDay(new Date()),
      });
    }
    const issuedAt = issueTimeSeconds(Date.now() / 1000, options.expiresInSeconds);
    return getSignedUrl(this.publicClient, command, {
      expiresIn: options.expiresInSeconds,
      signingDate: new Date(issuedAt * 1000),
    });
  }

  async head(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async copyToFile(key: string, file: string): Promise<void> {
    assertValidKey(key);
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!object.Body) throw new Error(`storage: ${key} has no body`);
    await pipelinePromise(object.Body as Readable, createWriteStream(file));
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a missing key, so deleting twice is fine.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: continuationToken,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  destroy(): void {
    this.client.destroy();
    if (this.publicClient !== this.client) this.publicClient.destroy();
  }
}
