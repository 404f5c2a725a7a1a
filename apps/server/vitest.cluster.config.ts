/**
 * The cluster tier (`pnpm test:cluster`): two processes of the built server behind HAProxy on one
 * PostgreSQL database and one media directory (test/cluster/). Kept out of the default `vitest run`, whose
 * files end in `.test.ts`: it needs HAProxy and a PostgreSQL server where it may create a database
 * (CLUSTER_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/cluster/**/*.cluster.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-cluster.json' }]],
  },
});
