/**
 * A pass-through stream every stored upload goes through, whichever the driver: it counts bytes and fails
 * with 413 as soon as the body passes maxBytes (so an oversize upload is cut off mid-stream, never
 * buffered), and checks the first bytes against the declared content type (415 on a mismatch). Only the
 * first few bytes are held back, until they can be sniffed.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { AppError, badRequest } from '../lib/errors';
import { bytesMatchContentType, SNIFF_BYTES } from './media-types';

export const uploadTooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${maxBytes} bytes`);
export const unsupportedMediaType = (contentType: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `The file content is not ${contentType}`);
export const emptyUpload = () => badRequest('The file is empty');

export class UploadGuard extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private sniffed = false;

  constructor(
    private readonly contentType: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(uploadTooLarge(this.maxBytes));
    } else if (this.sniffed) {
      callback(null, chunk);
    } else {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < SNIFF_BYTES) callback();
      else this.releaseHead(callback);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes === 0) callback(emptyUpload());
    else if (!this.sniffed) this.releaseHead(callback);
    else callback();
  }

  private releaseHead(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.sniffed = true;
    if (bytesMatchContentType(head, this.contentType)) callback(null, head);
    else callback(unsupportedMediaType(this.contentType));
  }
}
