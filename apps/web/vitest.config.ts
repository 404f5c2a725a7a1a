/** Unit and component tests: jsdom, no router plugin (the committed routeTree.gen.ts is used as is). */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/e2e/**', '**/*.spec.ts'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
