import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Every /api/v1 answer the tests get is checked against the OpenAPI document.
    setupFiles: ['test/setup/api-conformance.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
