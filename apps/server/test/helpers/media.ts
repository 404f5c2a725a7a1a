/** Sample media from the demo seed (real mp4/jpeg bytes) and small helpers for storage tests. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_MEDIA_SOURCE_DIR } from '@lectio/db/seed/demo';

export const sampleVideo = () => readFileSync(path.join(DEMO_MEDIA_SOURCE_DIR, 'clip-testsrc-5s.mp4'));
export const sampleImage = () => readFileSync(path.join(DEMO_MEDIA_SOURCE_DIR, 'thumb-teal.jpg'));
/** 16 KB jpeg, larger than the small thumbnail limit some tests configure. */
export const largeSampleImage = () => readFileSync(path.join(DEMO_MEDIA_SOURCE_DIR, 'thumb-mandelbrot.jpg'));

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
