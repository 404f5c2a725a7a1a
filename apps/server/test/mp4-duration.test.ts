/** The streaming MP4 duration probe: fast-start and moov-at-the-end files, any chunking, odd input. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEMO_MEDIA_SOURCE_DIR } from '@lectio/db/seed/demo';
import { DEMO_VIDEO_SECONDS } from '@lectio/db/seed/demo-videos';
import { describe, expect, it } from 'vitest';
import { durationFromMoov, Mp4DurationProbe } from '../src/storage/mp4-duration';
import { sampleImage, sampleVideo } from './helpers/media';

async function probe(chunks: Buffer[]): Promise<{ duration: number | null; bytes: number }> {
  const p = new Mp4DurationProbe();
  let bytes = 0;
  await pipeline(
    Readable.from(chunks),
    p,
    new Writable({
      write(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        cb();
      },
    }),
  );
  return { duration: p.durationSeconds, bytes };
}

function box(type: string, body: Buffer, largeSize = false): Buffer {
  if (largeSize) {
    const header = Buffer.alloc(16);
    header.writeUInt32BE(1, 0);
    header.write(type, 4, 'latin1');
    header.writeBigUInt64BE(BigInt(16 + body.length), 8);
    return Buffer.concat([header, body]);
  }
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(version === 1 ? 108 : 96);
  body[0] = version;
  if (version === 1) {
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(duration, 16);
  }
  return box('mvhd', body);
}

const split = (buffer: Buffer, size: number) =>
  Array.from({ length: Math.ceil(buffer.length / size) }, (_, i) =>
    buffer.subarray(i * size, (i + 1) * size),
  );

describe('Mp4DurationProbe', () => {
  it('reads the 5 s sample clip, whole or one byte at a time, and passes every byte through', async () => {
    const clip = sampleVideo();
    const whole = await probe([clip]);
    expect(whole.duration).toBeCloseTo(5, 1);
    expect(whole.bytes).toBe(clip.length);
    const bytewise = await probe(split(clip, 1));
    expect(bytewise.duration).toBeCloseTo(5, 1);
  });

  it('reads in every demo lecture video the length the demo seed stores for it', async () => {
    for (const [file, seconds] of Object.entries(DEMO_VIDEO_SECONDS)) {
      const { duration } = await probe([readFileSync(path.join(DEMO_MEDIA_SOURCE_DIR, file))]);
      expect(Math.round(duration ?? 0), file).toBe(seconds);
    }
  });

  it('finds moov after a large mdat (no fast start) without buffering the media, and 64-bit sizes', async () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
    const mdat = box('mdat', Buffer.alloc(3 * 1024 * 1024, 7), true);
    const moov = box('moov', Buffer.concat([mvhd(1, 90000, 90000 * 754.5), box('trak', Buffer.alloc(40))]));
    const file = Buffer.concat([ftyp, mdat, moov]);
    const result = await probe(split(file, 64 * 1024));
    expect(result.duration).toBe(754.5);
    expect(result.bytes).toBe(file.length);
  });

  it('gives null for files it cannot read (an image, a truncated moov, an unknown duration)', async () => {
    expect((await probe([sampleImage()])).duration).toBeNull();
    const moov = box('moov', mvhd(0, 1000, 5000));
    expect((await probe([moov.subarray(0, moov.length - 10)])).duration).toBeNull();
    expect(durationFromMoov(mvhd(0, 1000, 0xffffffff))).toBeNull();
    expect(durationFromMoov(mvhd(0, 0, 10))).toBeNull();
    expect(durationFromMoov(mvhd(0, 600, 1500))).toBe(2.5);
  });
});
