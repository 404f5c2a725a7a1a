/**
 * Playwright configuration for the Lectio end-to-end suite.
 *
 * `scripts/run-e2e.mjs` builds the web app, boots one production server per worker, each on a free port
 * with a fresh PGlite data directory, and passes them in E2E_SERVERS; run through it (`pnpm test:e2e`).
 * Specs import `test` from `e2e/test.ts`, which points each worker's `baseURL` at its own server.
 * Running `playwright test` directly works against one server already listening at E2E_BASE_URL.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { DEBIAN_CHROMIUMS } from './chromium-paths.mjs';
import { startedServers } from './worker-servers';

/**
 * CHROMIUM_PATH, else Debian's headless shell or chromium, else undefined (Playwright's own browser,
 * which cannot be downloaded on these machines). run-e2e.mjs applies the same order and installs
 * Debian's if needed.
 */
function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  return DEBIAN_CHROMIUMS.find((path) => existsSync(path));
}

const executablePath = chromiumExecutable();

export default defineConfig({
  testDir: './tests',
  // Playwright empties outputDir at the start of a run: keep it apart from results.json and server.log.
  outputDir: './test-results/artifacts',
  // A worker per server (each worker's specs run against its own server and data, e2e/test.ts); a file's
  // tests run in order in one worker.
  workers: Math.max(startedServers().length, 1),
  fullyParallel: false,
  // Flaky tests are bugs to fix, not to retry away.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Whole-test budget. The longest flows (buy, watch and complete a course) take ~10 s on a quiet machine;
  // on these shared hosts everything has been seen to run 3x slower, so 60 s keeps them clear of it.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    // Port 3000 is the server's default, for `playwright test` against a running `pnpm start`.
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    screenshot: 'only-on-failure',
    // A failed test's trace, with a DOM snapshot per action but no screencast: recording the film of
    // every test took a sixth to a quarter of the suite's time on these machines (decision 0085).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
