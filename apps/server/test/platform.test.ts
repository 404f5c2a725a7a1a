/** Error shape, 404s, OpenAPI, the API reference, the served web app and its security headers. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { restRoutes } from '@lectio/contracts/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('errors', () => {
  it('unknown /api paths get a 404 JSON in the common shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/v1/nope not found', code: 'NOT_FOUND' });
  });

  it('unknown tRPC procedures get a 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/trpc/nope.nothing' });
    expect(response.statusCode).toBe(404);
  });

  it('validation failures list the field issues', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'password', message: 'Password is required' }],
    });
  });
});

describe('health', () => {
  it('reports the database as reachable, over REST and tRPC', async () => {
    const rest = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(rest.json()).toEqual({ status: 'ok', database: 'ok', version: t.config.version });
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/meta.health' });
    expect(trpc.json().result.data).toEqual({ status: 'ok', database: 'ok', version: t.config.version });
  });
});

describe('OpenAPI', () => {
  it('documents every route of the table at /api/v1/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const operationIds = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(operationIds.sort()).toEqual(restRoutes.map((route) => route.name).sort());
    expect(doc.paths['/api/v1/courses/coures-overview']?.get?.operationId).toBe('courses.overview');
  });

  it('renders a reference at /api/docs without inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Lectio API reference');
    expect(page.body).toContain('<script src="/api/docs/reference.js">');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/reference.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('/api/v1/openapi.json');
  });
});

describe('production behaviour', () => {
  let prod: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = path.join(t.config.dataDir, 'web-dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><script>document.documentElement.dataset.x="1"</script><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(distDir, 'assets', 'app-abc.js'), 'console.log(1)');
    prod = await createTestApp(
      {
        NODE_ENV: 'production',
        WEB_DIST_DIR: distDir,
        PUBLIC_URL: 'https://lectio.example',
        PAYMENT_PROVIDER: 'test',
      },
      (app) => {
        app.get('/api/v1/__boom', async () => {
          throw new Error('database password is hunter2');
        });
      },
    );
  });
  afterAll(async () => {
    await prod.close();
  });

  it('serves the web app with history fallback for client routes', async () => {
    // An unknown page gets the same shell with a 404 (decision 0091; public-pages-status.test.ts).
    for (const [url, status] of [
      ['/', 200],
      ['/dashboard/admin', 200],
      ['/course/123?x=1', 404],
      ['/no-such-page', 404],
    ] as const) {
      const response = await prod.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await prod.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const apiMiss = await prod.app.inject({ method: 'GET', url: '/api/v1/missing' });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.json().code).toBe('NOT_FOUND');
  });

  it('sends security headers with a CSP that allows exactly the inline theme script', async () => {
    const response = await prod.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it("lets a page opened on another address than PUBLIC_URL load the media, whose URLs name PUBLIC_URL's origin", async () => {
    // `pnpm start` names http://localhost:3000; a browser on http://127.0.0.1:3000 got every thumbnail and
    // video blocked by the CSP ('No Image Available', a preview that never loads).
    const mediaUrl = await prod.storage.downloadUrl('demo/videos/x.mp4', {
      kind: 'lecture',
      expiresInSeconds: 60,
    });
    const origin = new URL(mediaUrl).origin;
    const response = await prod.app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1:3000' } });
    const directives = String(response.headers['content-security-policy']).split('; ');
    for (const name of ['img-src', 'media-src'])
      expect(directives.find((d) => d.startsWith(`${name} `))?.split(' ')).toContain(origin);
  });

  it('marks the refresh cookie Secure when served over https', async () => {
    const response = await prod.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: 'P', email: 'p@example.com', password: 'secret12', confirmPassword: 'secret12' },
    });
    expect(response.statusCode).toBe(201);
    const login = await prod.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'p@example.com', password: 'secret12' },
    });
    expect(String(login.headers['set-cookie'])).toContain('Secure');
  });

  it('hides internal error details in production', async () => {
    const response = await prod.app.inject({ method: 'GET', url: '/api/v1/__boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  });
});
