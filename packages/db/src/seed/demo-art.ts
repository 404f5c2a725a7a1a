/**
 * The demo's artwork, drawn as SVG and rendered to PNG with resvg and the Inter font (shipped as TTF by
 * @expo-google-fonts/inter, so the result is the same on every machine, whatever fonts it has):
 *   - course thumbnails: a card in the category's colours with its icon, the title, category and level,
 *     rendered by the demo seed (cached in the temp directory);
 *   - lecture slides: the frames of the demo lecture videos, rendered once by scripts/render-demo-media.ts
 *     and encoded with ffmpeg into the committed clips (decision 0057).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Category } from '@lectio/contracts/constants';
import { Resvg, type ResvgRenderOptions, renderAsync } from '@resvg/resvg-js';

export const ART_WIDTH = 640;
export const ART_HEIGHT = 360;

const FONT_FILES = ['400Regular/Inter_400Regular.ttf', '700Bold/Inter_700Bold.ttf'];

/**
 * The Inter files: next to the server bundle (its build copies them into dist/fonts, as it does the
 * migrations), else from the package.
 */
function fontFiles(): string[] {
  const bundled = fileURLToPath(new URL('./fonts', import.meta.url));
  if (existsSync(bundled)) return FONT_FILES.map((file) => `${bundled}/${file.split('/')[1]}`);
  const require = createRequire(import.meta.url);
  return FONT_FILES.map((file) => require.resolve(`@expo-google-fonts/inter/${file}`));
}

let fonts: string[] | undefined;

/** Text in Inter only (no system fonts: the same pixels on every machine). */
function resvgOptions(): ResvgRenderOptions {
  fonts ??= fontFiles();
  return {
    font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: 'Inter' },
    fitTo: { mode: 'original' },
  };
}

/** The SVG as a PNG. */
export function renderPng(svg: string): Buffer {
  return new Resvg(svg, resvgOptions()).render().asPng();
}

interface CategoryArt {
  /** Gradient from and to, and the accent for bars and bullets. */
  from: string;
  to: string;
  accent: string;
  /** Outline icon on a 24-unit grid. */
  icon: string;
}

export const CATEGORY_ART: Record<Category, CategoryArt> = {
  'Web Development': {
    from: '#312e81',
    to: '#6366f1',
    accent: '#a5b4fc',
    icon: 'M3 5h18v14H3zM3 9h18M8 13l-2 2 2 2m8-4 2 2-2 2m-5 1 2-6',
  },
  'Mobile Development': {
    from: '#134e4a',
    to: '#14b8a6',
    accent: '#99f6e4',
    icon: 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm4 17h2',
  },
  'Backend Development': {
    from: '#0c4a6e',
    to: '#0ea5e9',
    accent: '#bae6fd',
    icon: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  },
  'Data Science': {
    from: '#78350f',
    to: '#f59e0b',
    accent: '#fde68a',
    icon: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  },
  'Machine Learning': {
    from: '#4c1d95',
    to: '#a855f7',
    accent: '#e9d5ff',
    icon: 'M12 5a3 3 0 1 0-6 0 3 3 0 0 0 6 0Zm6 7a3 3 0 1 0-6 0 3 3 0 0 0 6 0Zm-6 7a3 3 0 1 0-6 0 3 3 0 0 0 6 0ZM9 8v8m2.5-5.5-1 .5m1 1.5-1 .5',
  },
  DevOps: {
    from: '#064e3b',
    to: '#10b981',
    accent: '#a7f3d0',
    icon: 'M21 12a9 9 0 0 1-15.5 6.2M3 12A9 9 0 0 1 18.5 5.8M18 2v4h-4M6 22v-4h4',
  },
  Design: {
    from: '#831843',
    to: '#ec4899',
    accent: '#fbcfe8',
    icon: 'M12 21a9 9 0 1 1 9-9c0 2-1.5 3-3 3h-2a2 2 0 0 0-1 3.7c.6.6.3 2.3-3 2.3ZM7.5 11h.01M10 7h.01M15 7.5h.01',
  },
  Business: {
    from: '#1e3a8a',
    to: '#3b82f6',
    accent: '#bfdbfe',
    icon: 'M3 8h18v12H3zM8 8V5a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v3M3 13h18',
  },
  Marketing: {
    from: '#7c2d12',
    to: '#f97316',
    accent: '#fed7aa',
    icon: 'M3 10v4h3l6 5V5L6 10H3Zm13-1a4 4 0 0 1 0 6m3-9a8 8 0 0 1 0 12',
  },
  General: {
    from: '#334155',
    to: '#64748b',
    accent: '#e2e8f0',
    icon: 'M4 5a2 2 0 0 1 2-2h13v15H6a2 2 0 0 0-2 2V5Zm0 15a2 2 0 0 0 2 2h13v-4',
  },
  Cybersecurity: {
    from: '#7f1d1d',
    to: '#ef4444',
    accent: '#fecaca',
    icon: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Zm-3 9 2 2 4-4',
  },
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Words into lines of at most `maxChars` characters (an estimate of Inter's width at the size used). */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function textLines(
  lines: string[],
  {
    x,
    y,
    size,
    lineHeight,
    weight,
    fill,
  }: { x: number; y: number; size: number; lineHeight: number; weight: number; fill: string },
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * lineHeight}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** The track of the progress bar the videos draw over the slide's bottom 8 px. */
const progressTrack = `<rect x="0" y="${ART_HEIGHT - 8}" width="${ART_WIDTH}" height="8" fill="#0f172a" fill-opacity="0.45"/>`;

function background(art: CategoryArt): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#bg)"/>
<circle cx="590" cy="40" r="150" fill="#ffffff" fill-opacity="0.07"/>
<circle cx="620" cy="330" r="90" fill="#ffffff" fill-opacity="0.05"/>`;
}

/** Slides are darker than thumbnails, for the text; all of a video's slides share it (cheap P-frames). */
const slideShade = `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="#0f172a" fill-opacity="0.35"/>`;

function icon(art: CategoryArt, x: number, y: number, size: number): string {
  const scale = size / 24;
  return `<g transform="translate(${x} ${y}) scale(${scale})"><path d="${art.icon}" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

/**
 * A course's thumbnail: its category's colours and icon, the title, the category and the level. Flat
 * colours, no gradient: about 20 KB as PNG instead of 95 KB.
 */
export function thumbnailSvg(course: { title: string; category: Category; level: string }): string {
  const art = CATEGORY_ART[course.category];
  const title = wrapWords(course.title, 22).slice(0, 3);
  const titleTop = 292 - (title.length - 1) * 46;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">
<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${art.from}"/>
<circle cx="600" cy="30" r="170" fill="${art.to}" fill-opacity="0.55"/>
<circle cx="630" cy="340" r="80" fill="${art.to}" fill-opacity="0.3"/>
<rect x="40" y="40" width="72" height="72" rx="18" fill="#ffffff" fill-opacity="0.16"/>
${icon(art, 54, 54, 44)}
${textLines([course.category.toUpperCase()], { x: 132, y: 72, size: 18, lineHeight: 0, weight: 700, fill: art.accent })}
${textLines([course.level], { x: 132, y: 100, size: 18, lineHeight: 0, weight: 400, fill: '#ffffff' })}
${textLines(title, { x: 40, y: titleTop, size: 40, lineHeight: 46, weight: 700, fill: '#ffffff' })}
</svg>`;
}

const thumbnailCacheDir = path.join(tmpdir(), 'lectio-demo-thumbnails');

/**
 * The thumbnail as PNG, rendered off the main thread, and kept in a cache in the system's temp directory
 * (keyed by the SVG's hash): rendering takes 40 to 120 ms a thumbnail on these machines, and every test
 * file that seeds the demo would pay it again.
 */
export async function thumbnailPng(course: {
  title: string;
  category: Category;
  level: string;
}): Promise<Buffer> {
  const svg = thumbnailSvg(course);
  const cached = path.join(
    thumbnailCacheDir,
    `${createHash('sha256').update(svg).digest('hex').slice(0, 32)}.png`,
  );
  try {
    return await readFile(cached);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const png = (await renderAsync(svg, resvgOptions())).asPng();
  // Written aside and renamed: a concurrent reader sees the whole file or none.
  await mkdir(thumbnailCacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}.${randomUUID()}`;
  await writeFile(partial, png);
  await rename(partial, cached);
  return png;
}

export interface Slide {
  courseTitle: string;
  category: Category;
  lectureTitle: string;
  /** "Lecture 2 of 5 · Priya Sharma" */
  byline: string;
  /** The points shown so far; none on the title slide. */
  points: string[];
}

/**
 * A lecture slide, 640x360: the title slide (no points) names the course, the lecture and the instructor;
 * the others list the points revealed so far under the lecture's title. The bottom 8 px are left for the
 * progress bar ffmpeg draws over the video.
 */
export function slideSvg(slide: Slide): string {
  const art = CATEGORY_ART[slide.category];
  const header = `${icon(art, 32, 24, 22)}${textLines([slide.courseTitle], { x: 64, y: 41, size: 15, lineHeight: 0, weight: 700, fill: art.accent })}`;
  if (slide.points.length === 0) {
    const title = wrapWords(slide.lectureTitle, 26).slice(0, 3);
    const top = 190 - ((title.length - 1) * 48) / 2;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">
${background(art)}
${slideShade}
${header}
${textLines(title, { x: 32, y: top, size: 40, lineHeight: 48, weight: 700, fill: '#ffffff' })}
${textLines([slide.byline], { x: 32, y: top + (title.length - 1) * 48 + 48, size: 18, lineHeight: 0, weight: 400, fill: '#ffffff' })}
${progressTrack}
</svg>`;
  }
  const heading = wrapWords(slide.lectureTitle, 34).slice(0, 2);
  let y = 92 + heading.length * 34 + 16;
  const points = slide.points
    .map((point) => {
      const lines = wrapWords(point, 46).slice(0, 2);
      const bullet = `<circle cx="44" cy="${y - 7}" r="5" fill="${art.accent}"/>${textLines(lines, { x: 62, y, size: 21, lineHeight: 28, weight: 400, fill: '#ffffff' })}`;
      y += lines.length * 28 + 16;
      return bullet;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">
${background(art)}
${slideShade}
${header}
${textLines(heading, { x: 32, y: 92, size: 28, lineHeight: 34, weight: 700, fill: '#ffffff' })}
${points}
${progressTrack}
</svg>`;
}
