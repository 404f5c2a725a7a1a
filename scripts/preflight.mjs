#!/usr/bin/env node
/**
 * Run first by `pnpm test`: checks, before anything runs, that the machine has what the test tiers need
 * beyond Node and the npm packages, and says exactly what is missing (issue 24; decision 0049):
 *   - Chromium for the Playwright suite (CHROMIUM_PATH, or Debian's headless shell or chromium:
 *     e2e/chromium-paths.mjs);
 *   - HAProxy for the cluster tier (two instances behind a load balancer);
 *   - PostgreSQL's server programs (initdb, pg_ctl) for the chaos tier, which stops a throwaway cluster
 *     (PG_BIN_DIR, or /usr/lib/postgresql/<version>/bin);
 *   - ffmpeg and ffprobe for the HLS transcoder's tests (FFMPEG_PATH, or on PATH).
 * As root on Debian it installs what is missing with apt-get, as .ci/run does. Otherwise it prints the one
 * apt-get line to run and exits 1, within seconds. HAPROXY_BIN, CHROMIUM_PATH, FFMPEG_PATH and PG_BIN_DIR name your own;
 * PREFLIGHT_SKIP=1 skips the check.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PACKAGE, DEBIAN_CHROMIUMS } from '../e2e/chromium-paths.mjs';

if (process.env.PREFLIGHT_SKIP === '1') process.exit(0);

const onPath = (program) =>
  (process.env.PATH ?? '')
    .split(':')
    .concat(['/usr/sbin', '/sbin'])
    .some((dir) => dir && existsSync(join(dir, program)));

function postgresBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

const needs = [
  {
    what: 'Chromium (the Playwright suite)',
    package: CHROMIUM_PACKAGE,
    present: () =>
      (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) ||
      DEBIAN_CHROMIUMS.some((path) => existsSync(path)),
  },
  {
    what: 'HAProxy (the cluster tier)',
    package: 'haproxy',
    present: () => (process.env.HAPROXY_BIN && existsSync(process.env.HAPROXY_BIN)) || onPath('haproxy'),
  },
  {
    what: 'ffmpeg and ffprobe (the HLS transcoder)',
    package: 'ffmpeg',
    present: () =>
      (process.env.FFMPEG_PATH && existsSync(process.env.FFMPEG_PATH)) ||
      (onPath('ffmpeg') && onPath('ffprobe')),
  },
  {
    what: 'PostgreSQL server programs initdb and pg_ctl (the chaos tier)',
    package: 'postgresql',
    present: () => {
      const dir = postgresBinDir();
      return dir !== null && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
    },
  },
];

let missing = needs.filter((need) => !need.present());
if (missing.length === 0) process.exit(0);

const packages = missing.map((need) => need.package);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`[preflight] installing ${packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  const install =
    update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '-q', ...packages], { stdio: 'inherit', env })
      : update;
  missing = needs.filter((need) => !need.present());
  if (install.status === 0 && missing.length === 0) process.exit(0);
}

console.error('[preflight] `pnpm test` needs, besides Node and the npm packages:');
for (const need of missing) console.error(`  - ${need.what}`);
console.error(
  `[preflight] install them with:  sudo apt-get install -y ${missing.map((need) => need.package).join(' ')}`,
);
console.error(
  '[preflight] (or set CHROMIUM_PATH / PG_BIN_DIR to your own; PREFLIGHT_SKIP=1 skips this check)',
);
process.exit(1);
