/**
 * Real status codes for web pages (issue 29 item 4, decision 0091): every page gets the same app shell,
 * with 200 for a page the web app serves, 404 for an unknown path, a missing or unpublished course and an
 * unknown site page, 410 for a deleted course; the guarded /dashboard pages stay 200. HEAD answers alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createCourse, createUser } from '@lectio/db/seed/factories';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebApp, registerWebApp } from '../src/plugins/web-app';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

const INDEX_HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lectio-status-'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

async function expectShell(url: string, status: number) {
  for (const method of ['GET', 'HEAD'] as const) {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode, `${method} ${url}`).toBe(status);
    expect(response.headers['content-type'], `${method} ${url}`).toMatch(/^text\/html/);
    expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-cache');
    if (method === 'GET') expect(response.body, url).toBe(INDEX_HTML);
  }
}

describe('public pages', () => {
  it('answers 200 with the shell for each page the web app serves', async () => {
    const course = await createCourse(t.db);
    for (const url of [
      '/',
      '/courses',
      '/courses?page=2',
      '/courses/',
      '/features',
      `/course/${course.id}`,
      '/pages/about',
      '/pages/terms',
      '/certificates/3f1c2d9e-0000-4000-8000-000000000000',
      '/signin',
      '/signup?from=%2Fdashboard',
      '/reset-password?token=x',
      '/verify-email',
      '/setup',
      '/unauthorized',
      '/unsubscribe',
    ]) {
      await expectShell(url, 200);
    }
  });

  it('keeps every /dashboard page at 200 (the client guard decides who sees it)', async () => {
    for (const url of [
      '/dashboard',
      '/dashboard/admin',
      '/dashboard/instructor/course-list',
      '/dashboard/no-such',
    ]) {
      await expectShell(url, 200);
    }
  });

  it('answers 404 with the same shell for an unknown path', async () => {
    for (const url of ['/no-such-page', '/courses/extra', '/course', '/course/1/2', '/pagesx/about']) {
      await expectShell(url, 404);
    }
  });

  it('sends the compressed shell with the 404 as with the 200', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });
});

describe('courses and site pages', () => {
  it('answers 404 for a course that does not exist, is not a uuid, or is not published', async () => {
    const draft = await createCourse(t.db, { isPublished: false });
    for (const url of [
      '/course/5b1b7f3e-9d2a-4c8e-8f1a-0a0a0a0a0a0a',
      '/course/not-a-uuid',
      `/course/${draft.id}`,
    ]) {
      await expectShell(url, 404);
    }
  });

  it('answers 410 for a deleted course, once its instructor deleted it', async () => {
    const instructor = await createUser(t.db, { role: 'instructor' });
    const course = await createCourse(t.db, { instructorId: instructor.id });
    await expectShell(`/course/${course.id}`, 200);
    const { accessToken } = await login(t.app, instructor.email, instructor.password);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/courses/${course.id}`,
      headers: bearer(accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    await expectShell(`/course/${course.id}`, 410);
    await expectShell(`/course/${course.id.toUpperCase()}`, 410);
  });

  it('answers 404 for an unknown site page', async () => {
    await expectShell('/pages/nope', 404);
    await expectShell('/pages/About', 404);
  });

  it('still answers JSON 404 for unknown API paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('when the status lookup fails', () => {
  it('still sends the shell, with 503 so that crawlers come back', async () => {
    const app = Fastify({ logger: false });
    await registerWebApp(app, distDir, loadWebApp(distDir), async () => {
      throw new Error('database unavailable');
    });
    const response = await app.inject({ method: 'GET', url: '/course/5b1b7f3e-9d2a-4c8e-8f1a-0a0a0a0a0a0a' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe(INDEX_HTML);
    await app.close();
  });
});
