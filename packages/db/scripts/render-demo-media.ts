/**
 * Renders the demo lecture videos into src/seed/media and writes their lengths into
 * src/seed/demo-videos.ts (decision 0057). Run it after changing a demo lecture's slides, and commit both:
 *
 *   pnpm --filter @lectio/db render:demo-media        (needs ffmpeg and ffprobe on PATH)
 *
 * The seed only copies these files; it never runs ffmpeg. Each video is a title slide (course, lecture,
 * "Lecture n of m · instructor") followed by the lecture's points appearing one at a time, with a
 * progress bar along the bottom and a quiet tone: 640x360 at 1 frame per second, H.264 and mono AAC,
 * about 55 KB each (2 MB for the 38 lectures). Takes about 5 minutes. The slides are drawn by seed/demo-art.ts, like the thumbnails.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_COURSES, DEMO_MEDIA_SOURCE_DIR, demoLecturesOf } from '../src/seed/demo';
import { ART_HEIGHT, ART_WIDTH, CATEGORY_ART, renderPng, slideSvg } from '../src/seed/demo-art';

const MANIFEST = fileURLToPath(new URL('../src/seed/demo-videos.ts', import.meta.url));
const TITLE_SECONDS = 8;
const PROGRESS_BAR_PX = 8;

/** Seconds each point stays on before the next appears: 10 to 26, varied so the lectures differ in length. */
const secondsPerPoint = (courseIndex: number, position: number) =>
  10 + ((courseIndex * 7 + position * 11) % 17);

/** A volume expression: a decaying tone at the start of each slide, silence elsewhere. */
function chimes(durations: number[]): string {
  const starts = durations.map((_, index) => durations.slice(0, index).reduce((a, b) => a + b, 0));
  return starts.map((start) => `between(t,${start},${start + 1.5})*0.05*exp(-2*(t-${start}))`).join('+');
}

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });

function probeSeconds(file: string): number {
  const out = run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(out.toString().trim());
}

const work = mkdtempSync(path.join(tmpdir(), 'lectio-demo-media-'));
const seconds: Record<string, number> = {};
const started = performance.now();
try {
  for (const old of readdirSync(DEMO_MEDIA_SOURCE_DIR)) unlinkSync(path.join(DEMO_MEDIA_SOURCE_DIR, old));
  for (const [courseIndex, course] of DEMO_COURSES.entries()) {
    const lectures = demoLecturesOf(course);
    for (const lecture of lectures) {
      const base = {
        courseTitle: course.title,
        category: course.category,
        lectureTitle: lecture.title,
        byline: `Lecture ${lecture.position} of ${lectures.length} · ${DEMO_ACCOUNTS[course.instructor].name}`,
      };
      const perPoint = secondsPerPoint(courseIndex, lecture.position);
      const slides = [
        { points: [] as string[], seconds: TITLE_SECONDS },
        ...lecture.points.map((_, index) => ({
          points: lecture.points.slice(0, index + 1),
          seconds: perPoint,
        })),
      ];
      const total = slides.reduce((sum, slide) => sum + slide.seconds, 0);
      const list = ['ffconcat version 1.0'];
      for (const [index, slide] of slides.entries()) {
        const png = path.join(work, `slide-${index}.png`);
        writeFileSync(png, renderPng(slideSvg({ ...base, points: slide.points })));
        list.push(`file '${png}'`, `duration ${slide.seconds}`);
      }
      // The concat demuxer honours the last duration only when the file is listed once more.
      list.push(`file '${path.join(work, `slide-${slides.length - 1}.png`)}'`);
      const listFile = path.join(work, 'slides.txt');
      writeFileSync(listFile, `${list.join('\n')}\n`);
      const output = path.join(DEMO_MEDIA_SOURCE_DIR, lecture.file);
      const accent = CATEGORY_ART[course.category].accent.replace('#', '0x');
      run('ffmpeg', [
        ...['-y', '-v', 'error'],
        ...['-f', 'concat', '-safe', '0', '-i', listFile],
        ...['-f', 'lavfi', '-i', `color=c=${accent}:s=${ART_WIDTH}x${PROGRESS_BAR_PX}:r=1`],
        ...['-f', 'lavfi', '-i', 'sine=frequency=392:sample_rate=8000'],
        '-filter_complex',
        [
          `[0:v]fps=1,format=yuv420p[slides]`,
          `[slides][1:v]overlay=x='-w+w*t/${total}':y=${ART_HEIGHT - PROGRESS_BAR_PX}:eval=frame[v]`,
          // A soft tone of a second and a half at each slide change, silence between (silence costs no bits).
          `[2:a]volume='${chimes(slides.map((slide) => slide.seconds))}':eval=frame[a]`,
        ].join(';'),
        ...['-map', '[v]', '-map', '[a]', '-t', String(total)],
        // One keyframe: slide changes are cheap P-frames (the background stays), and seeking decodes at most
        // a couple of hundred tiny frames.
        ...['-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'stillimage', '-crf', '32'],
        ...['-g', '600', '-x264-params', 'scenecut=0'],
        ...['-pix_fmt', 'yuv420p', '-r', '1'],
        ...['-c:a', 'aac', '-q:a', '0.1', '-ar', '8000', '-ac', '1'],
        ...['-movflags', '+faststart', output],
      ]);
      seconds[lecture.file] = Math.round(probeSeconds(output));
      if (seconds[lecture.file] !== total)
        throw new Error(`${lecture.file}: rendered ${probeSeconds(output)} s, expected ${total} s`);
      console.log(`${lecture.file}: ${total} s, ${(statSync(output).size / 1024).toFixed(0)} KB`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const entries = Object.entries(seconds).map(([file, value]) => `  '${file}': ${value},`);
writeFileSync(
  MANIFEST,
  [
    '/** Generated by scripts/render-demo-media.ts: each demo lecture video and its length in whole seconds (ffprobe). */',
    'export const DEMO_VIDEO_SECONDS: Readonly<Record<string, number>> = {',
    ...entries,
    '};',
    '',
  ].join('\n'),
);
const totalBytes = readdirSync(DEMO_MEDIA_SOURCE_DIR).reduce(
  (sum, file) => sum + statSync(path.join(DEMO_MEDIA_SOURCE_DIR, file)).size,
  0,
);
console.log(
  `${entries.length} videos, ${(totalBytes / 1024).toFixed(0)} KB in all, ` +
    `${Object.values(seconds).reduce((a, b) => a + b, 0)} s of video, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
