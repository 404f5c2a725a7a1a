/**
 * Precompressed static files (apps/server/src/plugins/web-app.ts): the build's `.br` / `.gz` siblings are
 * sent to clients that accept them, with Content-Encoding and Vary; index.html (every client route) too;
 * hashed assets are cached for a year, index.html is revalidated. API responses are never compressed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/lib/content-encoding';
import { createTestApp, type TestApp } from './helpers/test-app';

const INDEX_HTML = `<!doctype html><html lang="en"><head><script>document.documentElement.dataset.x="1"</script><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const APP_JS = `console.log(${JSON.stringify('lectio '.repeat(200))});`;
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(50)}</svg>`;

let prod: TestApp;
let distDir: string;
/** The production app's log lines (LOG_LEVEL info, as deployed). */
const logLines: string[] = [];

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lectio-web-dist-'));
  const assets = path.join(distDir, 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(assets, 'app-abc.js'), APP_JS);
  // Marked so a test can tell which file was sent, not only how it was encoded.
  writeFileSync(path.join(assets, 'app-abc.js.br'), brotliCompressSync(`${APP_JS}//br`));
  writeFileSync(path.join(assets, 'app-abc.js.gz'), gzipSync(`${APP_JS}//gz`));
  // Only a gzip variant: a brotli client gets gzip.
  writeFileSync(path.join(assets, 'logo-abc.svg'), LOGO_SVG);
  writeFileSync(path.join(assets, 'logo-abc.svg.gz'), gzipSync(LOGO_SVG));
  prod = await createTestApp(
    {
      NODE_ENV: 'production',
      WEB_DIST_DIR: distDir,
      ALLOW_INSECURE_HTTP: 'true',
      PAYMENT_PROVIDER: 'test',
      LOG_LEVEL: 'info',
    },
    undefined,
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});

afterAll(async () => {
  await prod.close();
  rmSync(distDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return prod.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

describe('hashed assets', () => {
  it('sends the .br file to a client that accepts brotli', async () => {
    const response = await get('/assets/app-abc.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${APP_JS}//br`);
  });

  it('sends the .gz file to a gzip-only client, and to one that refuses brotli with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/app-abc.js', accept);
      expect(response.headers['content-encoding'], accept).toBe('gzip');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(gunzipSync(response.rawPayload).toString(), accept).toBe(`${APP_JS}//gz`);
    }
  });

  it('sends the plain file, still with Vary, when the client accepts no compression', async () => {
    for (const accept of [undefined, 'identity']) {
      const response = await get('/assets/app-abc.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.body).toBe(APP_JS);
    }
  });

  it('falls back to gzip when a file has no brotli variant', async () => {
    const response = await get('/assets/logo-abc.svg', 'br, gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(gunzipSync(response.rawPayload).toString()).toBe(LOGO_SVG);
  });
});

describe('index.html for client routes', () => {
  it('is compressed for clients that accept it and never cached without revalidation', async () => {
    const brotli = await get('/courses', 'gzip, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(INDEX_HTML);
    // The CSP still allows the inline theme script of the file that was sent.
    expect(String(brotli.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/);

    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX_HTML);

    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(INDEX_HTML);
  });
});

describe('API responses', () => {
  it('are not compressed (no per-request compression on the server)', async () => {
    const response = await get('/api/v1/health', 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.1, gzip;q=0.9', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['gzip;q=0', null],
    ['', null],
  ])('%j -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it('reads a missing header as no compression', () => {
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('logging', () => {
  it('does not log requests for static files at info level; API requests still are', async () => {
    logLines.length = 0;
    expect((await get('/assets/app-abc.js', 'br')).statusCode).toBe(200);
    expect((await get('/assets/logo-abc.svg')).statusCode).toBe(200);
    const aboutAssets = logLines.filter((line) => line.includes('/assets/'));
    expect(aboutAssets, 'log lines about static files').toEqual([]);
    expect((await get('/api/v1/health')).statusCode).toBe(200);
    expect(logLines.some((line) => line.includes('/api/v1/health'))).toBe(true);
  });
});
