#!/usr/bin/env node
/**
 * No import cycles in the web app or the server (issue 25): madge over each app's source with the app's
 * own tsconfig (so `~/` paths resolve). Part of `pnpm lint`, so CI runs it.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = [
  { name: 'apps/web', extensions: ['ts', 'tsx'] },
  { name: 'apps/server', extensions: ['ts'] },
];

let failed = false;
for (const app of apps) {
  const dir = join(root, app.name);
  process.chdir(dir);
  const result = await madge(join(dir, 'src'), {
    baseDir: dir,
    fileExtensions: app.extensions,
    tsConfig: join(dir, 'tsconfig.json'),
    excludeRegExp: [/\.test\.tsx?$/],
  });
  const cycles = result.circular();
  if (cycles.length > 0) {
    failed = true;
    console.error(`${app.name}: ${cycles.length} import cycle(s):`);
    for (const cycle of cycles) console.error(`  ${cycle.join(' > ')}`);
  } else {
    console.log(`${app.name}: no import cycles (${Object.keys(result.obj()).length} files)`);
  }
}
if (failed) process.exit(1);
