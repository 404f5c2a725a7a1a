/**
 * Reads an MP4/QuickTime file's duration while it streams past (the `mvhd` box inside `moov`), so the
 * multipart lecture upload stores the real length without a second read of the file. Top-level boxes
 * other than `moov` (the media data) are skipped without buffering; only `moov` itself is buffered, and
 * only up to MAX_MOOV_BYTES. Works whether `moov` comes first (fast start) or last. Anything it can't
 * parse (WebM, a truncated or odd file) simply yields null: the duration is a nicety, never a reason to
 * refuse an upload.
 */
import { Transform, type TransformCallback } from 'node:stream';

const MAX_MOOV_BYTES = 16 * 1024 * 1024;

export class Mp4DurationProbe extends Transform {
  /** Seconds (fractional), once `mvhd` was seen; null otherwise. */
  durationSeconds: number | null = null;
  private done = false;
  /** Bytes of the current box header collected so far. */
  private header = Buffer.alloc(0);
  /** Bytes still to skip in the current (non-moov) box. */
  private skip = 0;
  /** The moov box being collected, and how many bytes it needs. */
  private moov: Buffer[] | null = null;
  private moovCollected = 0;
  private moovNeeded = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.done) {
      try {
        this.scan(chunk);
      } catch {
        this.done = true;
      }
    }
    callback(null, chunk);
  }

  private scan(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length && !this.done) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - offset);
        this.skip -= n;
        offset += n;
        continue;
      }
      if (this.moov) {
        const n = Math.min(this.moovNeeded - this.moovCollected, chunk.length - offset);
        this.moov.push(chunk.subarray(offset, offset + n));
        this.moovCollected += n;
        offset += n;
        if (this.moovCollected === this.moovNeeded) {
          this.durationSeconds = durationFromMoov(Buffer.concat(this.moov));
          this.moov = null;
          this.done = true;
        }
        continue;
      }
      // Collect a box header: 8 bytes, or 16 when the 32-bit size is 1 (a 64-bit size follows).
      const want = this.header.length >= 8 && this.header.readUInt32BE(0) === 1 ? 16 : 8;
      const n = Math.min(want - this.header.length, chunk.length - offset);
      this.header = Buffer.concat([this.header, chunk.subarray(offset, offset + n)]);
      offset += n;
      if (this.header.length < want) continue;
      if (want === 8 && this.header.readUInt32BE(0) === 1) continue; // read the 64-bit size next
      const size32 = this.header.readUInt32BE(0);
      const type = this.header.toString('latin1', 4, 8);
      const size = size32 === 1 ? Number(this.header.readBigUInt64BE(8)) : size32;
      const headerLength = this.header.length;
      this.header = Buffer.alloc(0);
      if (size === 0 || size < headerLength) {
        // size 0: the box runs to the end of the file; a smaller size is corrupt. Either way: stop.
        this.done = true;
        return;
      }
      const body = size - headerLength;
      if (type === 'moov') {
        if (body > MAX_MOOV_BYTES) {
          this.done = true;
          return;
        }
        this.moov = [];
        this.moovCollected = 0;
        this.moovNeeded = body;
        if (body === 0) this.done = true;
      } else {
        this.skip = body;
      }
    }
  }
}

/** The movie duration from a `moov` box body: finds `mvhd` among its children. */
export function durationFromMoov(moov: Buffer): number | null {
  let offset = 0;
  while (offset + 8 <= moov.length) {
    const size = moov.readUInt32BE(offset);
    const type = moov.toString('latin1', offset + 4, offset + 8);
    if (size < 8 || offset + size > moov.length) return null;
    if (type === 'mvhd') return durationFromMvhd(moov.subarray(offset + 8, offset + size));
    offset += size;
  }
  return null;
}

function durationFromMvhd(body: Buffer): number | null {
  const version = body[0];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (body.length < 32) return null;
    timescale = body.readUInt32BE(20);
    duration = Number(body.readBigUInt64BE(24));
  } else {
    if (body.length < 20) return null;
    timescale = body.readUInt32BE(12);
    duration = body.readUInt32BE(16);
  }
  // All ones means "unknown" in both versions.
  if (timescale === 0 || duration === 0xffffffff || duration >= Number.MAX_SAFE_INTEGER) return null;
  return duration / timescale;
}
