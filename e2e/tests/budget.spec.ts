/**
 * The landing page's performance budget (issue 6), checked in CI against the production build:
 * everything `/` loads until the network is idle (entry, preloads, lazily loaded route chunks, CSS) may
 * weigh at most 150 KB of JavaScript and 30 KB of CSS, gzipped (node zlib, level 9; KB = 1024 bytes).
 * CSS inlined into the HTML (the build puts the app's stylesheet in a `<style>`) counts as CSS.
 * Charts (echarts), Stripe, the lecture player and the dashboard screens must not load at all: the build's
 * chunk report (apps/web/vite-plugins/chunk-report.ts) says which chunk holds which modules. The figures
 * and the per-file list are printed and attached to the report.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '../test';

const KB = 1024;
const JS_BUDGET_BYTES = 150 * KB;
const CSS_BUDGET_BYTES = 30 * KB;

const CHUNK_REPORT = fileURLToPath(new URL('../../apps/web/dist/.vite/chunks.json', import.meta.url));

/** Modules that only screens behind the landing page need; none may be in a chunk `/` loads. */
const LAZY_ONLY: { what: string; pattern: RegExp }[] = [
  { what: 'charts (echarts)', pattern: /^node_modules\/(?:echarts|zrender|echarts-for-react)\// },
  { what: 'Stripe', pattern: /^node_modules\/@stripe\// },
  { what: 'the lecture player', pattern: /^apps\/web\/src\/features\/learning\/.*Player/ },
  {
    what: 'dashboard screens',
    pattern:
      /^apps\/web\/src\/features\/(?:dashboard|admin|course-admin|checkout)\/|^apps\/web\/src\/routes\/dashboard\/.*\?tsr-split/,
  },
];

type ChunkReport = Record<string, { modules: string[] }>;

interface LoadedAsset {
  kind: 'js' | 'css';
  path: string;
  bytes: number;
  gzipBytes: number;
  /** What the server actually sent: its Content-Encoding and Content-Length. */
  contentEncoding: string | null;
  transferBytes: number | null;
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

test('the landing page loads at most 150 KB of JavaScript and 30 KB of CSS (gzip), nothing lazy-only', async ({
  page,
}, testInfo) => {
  expect(existsSync(CHUNK_REPORT), `${CHUNK_REPORT} is written by the web build`).toBe(true);
  const chunkReport = JSON.parse(readFileSync(CHUNK_REPORT, 'utf8')) as ChunkReport;

  const pending: Promise<LoadedAsset | null>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const contentType = response.headers()['content-type'] ?? '';
    if (/text\/html/.test(contentType) && response.status() === 200) {
      pending.push(
        response.text().then((html) => {
          const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
            .map((match) => match[1])
            .join('\n');
          if (!css) return null;
          const body = Buffer.from(css, 'utf8');
          return {
            kind: 'css',
            path: `${url.pathname} (inline <style>)`,
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            contentEncoding: response.headers()['content-encoding'] ?? null,
            transferBytes: null,
          };
        }),
      );
      return;
    }
    const kind = /javascript/.test(contentType) ? 'js' : /text\/css/.test(contentType) ? 'css' : null;
    if (!kind || response.status() !== 200) return;
    pending.push(
      response.body().then((body) => {
        const headers = response.headers();
        return {
          kind,
          path: url.pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          contentEncoding: headers['content-encoding'] ?? null,
          transferBytes: headers['content-length'] ? Number(headers['content-length']) : null,
        };
      }),
    );
  });

  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Start learning from best institutions' }),
  ).toBeVisible();
  const trending = page.getByRole('region', { name: 'Trending Courses' });
  await expect(trending.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const assets = (await Promise.all(pending)).filter((asset): asset is LoadedAsset => asset !== null);
  const total = (kind: LoadedAsset['kind']) =>
    assets.filter((asset) => asset.kind === kind).reduce((sum, asset) => sum + asset.gzipBytes, 0);
  const jsBytes = total('js');
  const cssBytes = total('css');

  const lines = [
    `Landing page (/) initial load, gzip level 9: JavaScript ${kb(jsBytes)} of ${kb(JS_BUDGET_BYTES)}, CSS ${kb(cssBytes)} of ${kb(CSS_BUDGET_BYTES)}`,
    ...assets
      .toSorted((a, b) => b.gzipBytes - a.gzipBytes)
      .map(
        (asset) =>
          `  ${asset.kind.padEnd(3)} ${kb(asset.gzipBytes).padStart(9)} gzip ${kb(asset.bytes).padStart(9)} raw  sent ${asset.contentEncoding ?? 'plain'}${asset.transferBytes === null ? '' : ` ${kb(asset.transferBytes)}`}  ${asset.path}`,
      ),
  ];
  console.log(lines.join('\n'));
  await testInfo.attach('landing-budget.txt', { body: lines.join('\n'), contentType: 'text/plain' });

  expect(assets.some((asset) => asset.kind === 'js')).toBe(true);
  expect(assets.some((asset) => asset.kind === 'css')).toBe(true);
  expect(jsBytes, 'landing JavaScript, gzip').toBeLessThanOrEqual(JS_BUDGET_BYTES);
  expect(cssBytes, 'landing CSS, gzip').toBeLessThanOrEqual(CSS_BUDGET_BYTES);

  const lazyOnlyLoaded = assets
    .filter((asset) => asset.kind === 'js')
    .flatMap((asset) => {
      const modules = chunkReport[asset.path.replace(/^\//, '')]?.modules;
      if (!modules) return [`${asset.path}: not in the build's chunk report (stale dist?)`];
      return LAZY_ONLY.flatMap(({ what, pattern }) =>
        modules
          .filter((module) => pattern.test(module))
          .map((module) => `${asset.path}: ${what} (${module})`),
      );
    });
  expect(lazyOnlyLoaded, 'chunks of lazily loaded screens requested by /').toEqual([]);

  // The server sends the build's precompressed brotli files (apps/server/src/plugins/web-app.ts); the build
  // skips a variant that would not be smaller, which only happens to files of a few hundred bytes.
  expect(
    assets.filter((asset) => asset.bytes > KB && asset.contentEncoding !== 'br').map((asset) => asset.path),
    'assets over 1 KB sent without brotli',
  ).toEqual([]);
});
