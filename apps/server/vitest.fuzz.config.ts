/**
 * The fuzz tier (`pnpm test:fuzz`): generated requests at volume against every route and procedure
 * (test/fuzz/). Kept out of the default `vitest run`, whose files end in `.test.ts`, so the normal suite
 * stays fast. Needs a database like the integration tests (TEST_DATABASE_URL for PostgreSQL).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/fuzz/**/*.fuzz.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-fuzz.json' }]],
  },
});
