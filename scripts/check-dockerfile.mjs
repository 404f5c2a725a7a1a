#!/usr/bin/env node
/**
 * Every file the Dockerfile copies from the build context is in the repository. The image can't be built
 * on these machines (no registry for base images), so this is what catches a COPY of a file that was
 * removed or renamed (it caught `.npmrc`). A source counts when git tracks it or, for a folder, anything
 * below it. Part of `pnpm lint`, so CI runs it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const inRepository = (source) =>
  tracked.some((file) => file === source || file.startsWith(`${source.replace(/\/$/, '')}/`));

const missing = [];
for (const [index, line] of readFileSync(join(root, 'Dockerfile'), 'utf8').split('\n').entries()) {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'COPY') continue;
  const args = words.slice(1).filter((word) => !word.startsWith('--'));
  // From another stage (--from=...): not the build context.
  if (words.some((word) => word.startsWith('--from='))) continue;
  for (const source of args.slice(0, -1)) {
    if (!inRepository(source)) missing.push(`Dockerfile:${index + 1}: COPY ${source}: not in the repository`);
  }
}
if (missing.length > 0) {
  console.error(missing.join('\n'));
  process.exit(1);
}
console.log('Dockerfile: every COPY source is in the repository');
