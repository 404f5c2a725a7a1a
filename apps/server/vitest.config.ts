import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Every /api/v1 answer the tests get is checked against the OpenAPI document.
    setupFiles: ['test/setup/api-conformance.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share their worker's modules (decision 0084): each builds its own app on its own database
    // (test/helpers/test-app.ts), no file replaces a module or a global, and the two that listen on
    // `process` remove their listeners. Evaluating the server's modules once per file was half the tier.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines, which left the
    // cores 40-50% idle on PostgreSQL (a test mostly waits for the database, another process) and 30% on
    // PGlite. Two per core on PostgreSQL and one per core on PGlite, which runs inside the worker, keep
    // them busy (decision 0086).
    maxWorkers: process.env.TEST_DATABASE_URL ? availableParallelism() * 2 : availableParallelism(),
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
