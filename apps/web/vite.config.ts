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
import { themeBootScript } from './src/lib/theme-boot-script';

const API_TARGET = 'http://127.0.0.1:3000';

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
  },
});
