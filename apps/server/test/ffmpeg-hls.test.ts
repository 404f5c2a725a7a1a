/**
 * The HLS transcoder (issue 27 item 1) against the real ffmpeg: a generated 6 s 640x360 clip with a tone
 * becomes a 240p rendition and a 360p one (never above the source), fMP4 segments of 4 s, a master
 * playlist naming both, a poster, a thumbnail sprite with its WebVTT index; progress rises to 1; a file
 * that is not a video fails with ffmpeg's own message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FfmpegError,
  ffprobeBeside,
  ladderFor,
  MASTER_PLAYLIST,
  POSTER_FILE,
  probeVideo,
  THUMBNAILS_FILE,
  THUMBNAILS_INDEX,
  thumbnailsVtt,
  transcodeToHls,
} from '../src/video/ffmpeg-hls';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
let work: string;
let clip: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'lectio-hls-'));
  clip = path.join(work, 'clip.mp4');
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=30:duration=6',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=6',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    clip,
  ]);
});

describe('the ladder', () => {
  it('keeps every rung up to the source height, with even widths at its aspect ratio', () => {
    expect(ladderFor({ width: 1920, height: 1080 }).map((r) => `${r.width}x${r.height}`)).toEqual([
      '426x240',
      '854x480',
      '1280x720',
      '1920x1080',
    ]);
    expect(ladderFor({ width: 640, height: 360 }).map((r) => r.name)).toEqual(['240p']);
    expect(ladderFor({ width: 1080, height: 1920 }).map((r) => `${r.width}x${r.height}`)).toEqual([
      '136x240',
      '270x480',
      '406x720',
      '608x1080',
    ]);
  });

  it('gives a source below the lowest rung one rendition at its own size', () => {
    expect(ladderFor({ width: 320, height: 180 })).toEqual([
      { name: '180p', width: 320, height: 180, videoKbps: 400 },
    ]);
  });
});

describe('transcodeToHls', () => {
  it('writes the renditions, the master playlist, the poster and the thumbnails, reporting progress', async () => {
    const outDir = mkdtempSync(path.join(work, 'out-'));
    const progress: number[] = [];
    const result = await transcodeToHls({
      ffmpegPath: FFMPEG,
      input: clip,
      outDir,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result.probe).toMatchObject({ width: 640, height: 360, hasAudio: true });
    expect(result.probe.durationSeconds).toBeCloseTo(6, 0);
    expect(result.renditions.map((r) => r.name)).toEqual(['240p']);

    const master = readFileSync(path.join(outDir, MASTER_PLAYLIST), 'utf8');
    expect(master).toMatch(
      /#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=426x240,CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"\n240p\/index\.m3u8/,
    );
    const media = readFileSync(path.join(outDir, '240p', 'index.m3u8'), 'utf8');
    expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media).toContain('#EXT-X-TARGETDURATION:4');
    // The init segment the playlist names (ffmpeg suffixes it with the stream's number when there are
    // several) is there beside the segments.
    const init = /#EXT-X-MAP:URI="(init(?:_\d+)?\.mp4)"/.exec(media)?.[1];
    expect(media.match(/^seg_\d{3}\.m4s$/gm)).toEqual(['seg_000.m4s', 'seg_001.m4s']);
    expect(readdirSync(path.join(outDir, '240p')).sort()).toEqual([
      'index.m3u8',
      init,
      'seg_000.m4s',
      'seg_001.m4s',
    ]);

    // The poster and the sprite are JPEGs; the sprite's index names a tile for every second.
    for (const file of [POSTER_FILE, THUMBNAILS_FILE]) {
      expect(readFileSync(path.join(outDir, file)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    const poster = await probeVideo(ffprobeBeside(FFMPEG), path.join(outDir, POSTER_FILE));
    expect([poster.width, poster.height]).toEqual([640, 360]);
    const thumbs = readFileSync(path.join(outDir, THUMBNAILS_INDEX), 'utf8');
    expect(result.thumbnailInterval).toBe(1);
    expect(thumbs.match(/-->/g)).toHaveLength(6);
    expect(thumbs).toContain('00:00:05.000 --> 00:00:06.000\nthumbs.jpg#xywh=800,0,160,90');

    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  }, 120_000);

  it('renders a 1080p source as four renditions', async () => {
    const source = path.join(work, 'tall.mp4');
    execFileSync(FFMPEG, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1920x1080:rate=30:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      source,
    ]);
    const outDir = mkdtempSync(path.join(work, 'out-'));
    const result = await transcodeToHls({ ffmpegPath: FFMPEG, input: source, outDir });
    expect(result.probe.hasAudio).toBe(false);
    const master = readFileSync(path.join(outDir, MASTER_PLAYLIST), 'utf8');
    expect(master.match(/RESOLUTION=\d+x\d+/g)).toEqual([
      'RESOLUTION=426x240',
      'RESOLUTION=854x480',
      'RESOLUTION=1280x720',
      'RESOLUTION=1920x1080',
    ]);
    // No audio track: the codecs name video only.
    expect(master).not.toContain('mp4a');
  }, 180_000);

  it('rejects a file that is not a video with ffmpeg’s message, and writes nothing', async () => {
    const bad = path.join(work, 'not-a-video.mp4');
    writeFileSync(bad, 'this is text, not a video');
    const outDir = mkdtempSync(path.join(work, 'out-'));
    const failure = transcodeToHls({ ffmpegPath: FFMPEG, input: bad, outDir });
    await expect(failure).rejects.toBeInstanceOf(FfmpegError);
    await expect(failure).rejects.toThrow(/Invalid data found when processing input/);
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe('thumbnailsVtt', () => {
  it('rows wrap after the sprite’s columns, and the last cue ends at the video’s end', () => {
    const vtt = thumbnailsVtt({ width: 1280, height: 720, durationSeconds: 23.5, hasAudio: true }, 2);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('00:00:20.000 --> 00:00:22.000\nthumbs.jpg#xywh=0,90,160,90');
    expect(vtt).toContain('00:00:22.000 --> 00:00:23.500\nthumbs.jpg#xywh=160,90,160,90');
  });
});
