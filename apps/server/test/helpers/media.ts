/** Sample media (real mp4/jpeg bytes) and small helpers for storage tests. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Upload samples, also used by the e2e specs and the benchmarks (the demo has its own media). */
export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures', import.meta.url));

/** A 5 s test clip (H.264 + AAC, fast start): short enough for a spec to watch to the end. */
export const sampleVideo = () => readFileSync(path.join(FIXTURES_DIR, 'sample-5s.mp4'));
/** 3 KB jpeg. */
export const sampleImage = () => readFileSync(path.join(FIXTURES_DIR, 'sample-thumbnail.jpg'));
/** 16 KB jpeg, larger than the small thumbnail limit some tests configure. */
export const largeSampleImage = () => readFileSync(path.join(FIXTURES_DIR, 'sample-thumbnail-16kb.jpg'));

/** Every file under a directory, relative paths, recursively (to prove nothing was left behind). */
export function listFiles(directory: string): string[] {
  try {
    return readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
