/**
 * The chaos tier (`pnpm test:chaos`): the built server under steady load while its PostgreSQL is stopped
 * and started, and while its connections are cut (test/chaos/, docs/decisions/0033). Kept out of the
 * default `vitest run`, whose files end in `.test.ts`. It needs a PostgreSQL installation (PG_BIN_DIR, else
 * the newest /usr/lib/postgresql/<version>/bin) and, as root, the `postgres` user: it creates a throwaway
 * server of its own in a temporary directory and never touches the machine's clusters.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/chaos/**/*.chaos.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-chaos.json' }]],
  },
});
