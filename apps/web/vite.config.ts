/**
 * Vite build for @lectio/web. The router plugin must run before react() so that file routes are generated
 * and split before JSX is compiled. The theme boot script is injected into <head> from the same constants
 * the app uses, so the saved theme is applied before first paint without hand-copying the storage key.
 */

import { fileURLToPath } from 'node:url';
import { DEFAULT_THEME, THEME_STORAGE_KEY } from '@lectio/contracts/constants';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { LoadingScreen } from './src/components/LoadingScreen';
import { catalogueFirstPageUrl } from './src/features/catalog/catalogue-first-page';
import { themeBootScript } from './src/lib/theme-boot-script';
import { chunkReportPlugin } from './vite-plugins/chunk-report';
import { firstPaintPlugin } from './vite-plugins/first-paint';
import { precompressPlugin } from './vite-plugins/precompress';

const API_TARGET = 'http://127.0.0.1:3000';

/** The URL the app asks the anonymous catalogue's first page at, read from the tRPC client itself. */
const CATALOGUE_FIRST_PAGE_URL = await catalogueFirstPageUrl();

function themeBootPlugin(): Plugin {
  return {
    name: 'lectio-theme-boot',
    transformIndexHtml() {
      return [
        {
          tag: 'script',
          children: themeBootScript(THEME_STORAGE_KEY, DEFAULT_THEME),
          injectTo: 'head',
        },
      ];
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    themeBootPlugin(),
    firstPaintPlugin({
      loadingScreen: LoadingScreen,
      routeModules: {
        '/': 'src/routes/_entry/index.tsx?tsr-split=component',
        '/courses': 'src/routes/courses.tsx?tsr-split=component',
      },
      routeData: { '/courses': CATALOGUE_FIRST_PAGE_URL },
    }),
    precompressPlugin(),
    chunkReportPlugin(fileURLToPath(new URL('../..', import.meta.url))),
  ],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/trpc': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/trpc': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No modulepreload polyfill: browsers without native support (Firefox < 115, Safari < 17) still load
    // every chunk through its import, only without the early fetch; the polyfill cost 0.6 KB gzip on
    // every page, and the landing page's JavaScript budget is 150 KB (e2e/tests/budget.spec.ts).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // TanStack's store hook and the useSyncExternalStore shim under it, in one chunk: React Aria's
              // lazily loaded code uses the shim too, which would otherwise split it into a chunk of its
              // own that every page, the landing page included, downloads (decision 0058).
              name: 'store',
              test: /[\\/]node_modules[\\/](?:@tanstack[\\/]react-store|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
