/**
 * Unit and component tests: jsdom, no router plugin (the committed routeTree.gen.ts is used as is).
 *
 * Two projects (decision 0084): a test file that replaces modules or globals (`vi.mock`, `vi.stubGlobal`,
 * fake timers...) runs isolated, in a fresh module graph of its own; every other file shares its worker's
 * modules and jsdom with the files before it (`isolate: false`), which halves the tier's time.
 * test/setup.ts runs for every file and resets what the app keeps at module level before every test.
 */
import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'];
/** What a file does that would leak into, or be defeated by, files sharing its module graph. */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|resetModules)\(/;
const root = fileURLToPath(new URL('.', import.meta.url));
const isolatedFiles = globSync(TEST_FILES, { cwd: root }).filter((file) =>
  NEEDS_ISOLATION.test(readFileSync(path.join(root, file), 'utf8')),
);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores (one here), which left the cores 55-80% idle:
    // many tests wait on real timers and `waitFor` polls. One more than the cores was the fastest measured
    // (decision 0086).
    maxWorkers: availableParallelism() + 1,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: TEST_FILES,
          exclude: [...configDefaults.exclude, ...isolatedFiles],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolatedFiles } },
    ],
  },
});
