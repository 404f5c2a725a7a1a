/**
 * Adaptive HLS from one uploaded video with the ffmpeg command line (issue 27 item 1): its public
 * interface is the program's options, so this module builds argument lists and reads ffprobe's JSON and
 * ffmpeg's `-progress` lines; nothing else of ffmpeg is assumed.
 *
 * - The ladder (HLS_LADDER) never goes above the source's height; a source smaller than the lowest rung
 *   gets one rendition at its own size.
 * - One ffmpeg run writes every rendition (fMP4 segments of SEGMENT_SECONDS, keyframes forced on the
 *   segment boundaries so renditions switch cleanly) and the master playlist:
 *   `master.m3u8`, `<name>/index.m3u8`, `<name>/init_<n>.mp4`, `<name>/seg_NNN.m4s`.
 * - A second run writes the poster (`poster.jpg`) and a sprite of seek-bar thumbnails (`thumbs.jpg`, at
 *   most THUMBNAIL_COLUMNS x THUMBNAIL_ROWS) with its WebVTT index (`thumbs.vtt`, `#xywh=` fragments).
 * - A file ffmpeg can't read rejects with ffmpeg's own last error line (FfmpegError), for the instructor.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface VideoProbe {
  width: number;
  height: number;
  durationSeconds: number;
  hasAudio: boolean;
}

export interface Rendition {
  /** The rendition's folder and label, e.g. `480p`. */
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}

/** The ladder's rungs, lowest first. */
export const HLS_LADDER: readonly { height: number; videoKbps: number }[] = [
  { height: 240, videoKbps: 400 },
  { height: 480, videoKbps: 1000 },
  { height: 720, videoKbps: 2500 },
  { height: 1080, videoKbps: 5000 },
];
export const SEGMENT_SECONDS = 4;
export const AUDIO_KBPS = 128;
export const THUMBNAIL_WIDTH = 160;
export const THUMBNAIL_COLUMNS = 10;
export const THUMBNAIL_ROWS = 10;
export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER_FILE = 'poster.jpg';
export const THUMBNAILS_FILE = 'thumbs.jpg';
export const THUMBNAILS_INDEX = 'thumbs.vtt';

/** ffmpeg or ffprobe failed: `message` is its last error line (what the instructor is shown). */
export class FfmpegError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegError';
  }
}

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/** The renditions for a source: every rung up to its height, or one at its own size below the lowest. */
export function ladderFor(source: Pick<VideoProbe, 'width' | 'height'>): Rendition[] {
  const rungs = HLS_LADDER.filter((rung) => rung.height <= source.height);
  const chosen =
    rungs.length > 0 ? rungs : [{ height: even(source.height), videoKbps: HLS_LADDER[0]?.videoKbps ?? 400 }];
  return chosen.map((rung) => ({
    name: `${rung.height}p`,
    height: rung.height,
    width: even((source.width * rung.height) / source.height),
    videoKbps: rung.videoKbps,
  }));
}

/** Runs a program to its end; rejects with its last stderr line when it fails. */
function run(
  program: string,
  args: readonly string[],
  options: { signal?: AbortSignal; onStdoutLine?: (line: string) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!options.onStdoutLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line);
    });
    // Only the tail matters (the error); a long run's log is not kept whole.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error) => reject(error));
    child.on('close', (code) => {
      if (code === 0) return resolve(stdout);
      const last =
        stderr.trim().split('\n').filter(Boolean).at(-1) ?? `${path.basename(program)} exited with ${code}`;
      reject(new FfmpegError(last.trim()));
    });
  });
}

/** ffprobe beside ffmpeg (Debian installs both in one package). */
export function ffprobeBeside(ffmpegPath: string): string {
  const directory = path.dirname(ffmpegPath);
  const name = path.basename(ffmpegPath).replace(/ffmpeg/, 'ffprobe');
  return directory === '.' ? name : path.join(directory, name);
}

export async function probeVideo(
  ffprobePath: string,
  input: string,
  signal?: AbortSignal,
): Promise<VideoProbe> {
  const output = await run(
    ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input],
    signal ? { signal } : {},
  );
  const parsed = JSON.parse(output) as {
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
    format?: { duration?: string };
  };
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video');
  if (!video?.width || !video.height) throw new FfmpegError('The file has no video stream.');
  const durationSeconds = Number(parsed.format?.duration ?? video.duration ?? 0);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new FfmpegError('The video’s length could not be read.');
  }
  return {
    width: video.width,
    height: video.height,
    durationSeconds,
    hasAudio: parsed.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
  };
}

/** ffmpeg's arguments for the whole ladder in one run (exported for the tests and the bench). */
export function hlsArguments(
  input: string,
  outDir: string,
  probe: VideoProbe,
  renditions: readonly Rendition[],
): string[] {
  const n = renditions.length;
  const split = `[0:v]split=${n}${renditions.map((_, i) => `[s${i}]`).join('')}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=w=${r.width}:h=${r.height}[v${i}]`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  for (const [i] of renditions.entries()) args.push('-map', `[v${i}]`);
  // One audio copy per rendition: each variant stream carries its own.
  if (probe.hasAudio) for (const _ of renditions) args.push('-map', '0:a:0');
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
  for (const [i, r] of renditions.entries()) {
    args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.07)}k`);
    args.push(`-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
  }
  args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
  if (probe.hasAudio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2');
  const streams = renditions
    .map((r, i) => (probe.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`))
    .join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    path.join(outDir, '%v', 'seg_%03d.m4s'),
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    streams,
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, '%v', 'index.m3u8'),
  );
  return args;
}

export interface HlsResult {
  probe: VideoProbe;
  renditions: Rendition[];
  /** Seconds between two seek-bar thumbnails. */
  thumbnailInterval: number;
}

/**
 * Transcodes `input` into `outDir` (which must exist and be empty): the ladder, the master playlist, the
 * poster and the thumbnails. `onProgress` gets the fraction done (0-1) as ffmpeg reports it.
 */
export async function transcodeToHls(options: {
  ffmpegPath: string;
  input: string;
  outDir: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<HlsResult> {
  const { ffmpegPath, input, outDir, onProgress, signal } = options;
  const probe = await probeVideo(ffprobeBeside(ffmpegPath), input, signal);
  const renditions = ladderFor(probe);
  const total = probe.durationSeconds * 1_000_000;
  await run(ffmpegPath, hlsArguments(input, outDir, probe, renditions), {
    ...(signal ? { signal } : {}),
    onStdoutLine: (line) => {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match && onProgress) onProgress(Math.min(1, Number(match[1]) / total));
    },
  });
  const thumbnailInterval = await writePosterAndThumbnails(ffmpegPath, input, outDir, probe, signal);
  onProgress?.(1);
  return { probe, renditions, thumbnailInterval };
}

const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  const ms = Math.round((seconds - whole) * 1000);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms).padStart(3, '0')}`;
};

/** The seek-bar thumbnails' WebVTT: one cue per interval, pointing at its tile of the sprite. */
export function thumbnailsVtt(probe: VideoProbe, interval: number, spriteUrl = THUMBNAILS_FILE): string {
  const width = THUMBNAIL_WIDTH;
  const height = even((THUMBNAIL_WIDTH * probe.height) / probe.width);
  const count = Math.min(
    THUMBNAIL_COLUMNS * THUMBNAIL_ROWS,
    Math.max(1, Math.ceil(probe.durationSeconds / interval)),
  );
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < count; i++) {
    const start = i * interval;
    const end = Math.min(probe.durationSeconds, (i + 1) * interval);
    const x = (i % THUMBNAIL_COLUMNS) * width;
    const y = Math.floor(i / THUMBNAIL_COLUMNS) * height;
    cues.push(`${clock(start)} --> ${clock(end)}`, `${spriteUrl}#xywh=${x},${y},${width},${height}`, '');
  }
  return cues.join('\n');
}

async function writePosterAndThumbnails(
  ffmpegPath: string,
  input: string,
  outDir: string,
  probe: VideoProbe,
  signal?: AbortSignal,
): Promise<number> {
  // At most a sprite's worth of thumbnails, one every whole second or more.
  const interval = Math.max(1, Math.ceil(probe.durationSeconds / (THUMBNAIL_COLUMNS * THUMBNAIL_ROWS)));
  const posterAt = Math.min(1, probe.durationSeconds / 2);
  const posterHeight = Math.min(probe.height, 720);
  const quiet = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];
  const runOptions = signal ? { signal } : {};
  await run(
    ffmpegPath,
    [
      ...quiet,
      '-ss',
      String(posterAt),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `scale=-2:${even(posterHeight)}`,
      '-q:v',
      '3',
      path.join(outDir, POSTER_FILE),
    ],
    runOptions,
  );
  await run(
    ffmpegPath,
    [
      ...quiet,
      '-i',
      input,
      '-frames:v',
      '1',
      '-q:v',
      '5',
      '-vf',
      `fps=1/${interval},scale=${THUMBNAIL_WIDTH}:-2,tile=${THUMBNAIL_COLUMNS}x${THUMBNAIL_ROWS}`,
      path.join(outDir, THUMBNAILS_FILE),
    ],
    runOptions,
  );
  await writeFile(path.join(outDir, THUMBNAILS_INDEX), thumbnailsVtt(probe, interval));
  return interval;
}
