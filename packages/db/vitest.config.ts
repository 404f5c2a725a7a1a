import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    // The first test file may have to build the PostgreSQL template or the PGlite dump.
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
