/**
 * Site pages (sitePages.*): every slug reads its default text until an admin saves one; the edit shows
 * to everyone, a reset brings the default back. Only admins edit; bad input is a 400 that changes
 * nothing. The Markdown is stored as written (the web app renders it without raw HTML or script URLs).
 */
import type { AppRouter } from '@lectio/contracts/api';
import { SITE_PAGE_LIMITS, SITE_PAGE_SLUGS } from '@lectio/contracts/site-pages';
import { sitePages } from '@lectio/db';
import type { inferRouterOutputs } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

type Page = inferRouterOutputs<AppRouter>['sitePages']['get']['page'];

let t: TestApp;
let admin: SignedInUser;
let instructor: SignedInUser;
let student: SignedInUser;

const read = async (slug: string): Promise<Page> => {
  const response = await api.get(t, `/site-pages/${slug}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { page: Page }).page;
};

beforeAll(async () => {
  t = await createTestApp(
    { REFUND_WINDOW_DAYS: '14', REFUND_MAX_PROGRESS: '25', SELLER_NAME: 'Acme Academy' },
    undefined,
    { clock: new Date('2026-05-04T10:00:00.000Z') },
  );
  admin = await signIn(t, 'admin', { name: 'Ada Admin' });
  instructor = await signIn(t, 'instructor');
  student = await signIn(t, 'student');
});

afterAll(async () => {
  await t?.close();
});

describe('default texts', () => {
  it.each(SITE_PAGE_SLUGS)('%s has a title and Markdown text before anyone edits it', async (slug) => {
    const page = await read(slug);
    expect(page).toMatchObject({ slug, edited: false, updatedAt: null });
    expect(page.title.length).toBeGreaterThan(0);
    expect(page.markdown.length).toBeGreaterThan(200);
    expect(page).not.toHaveProperty('updatedBy');
  });

  it('say what this server is configured with (seller, refund rule), and make nothing up', async () => {
    expect((await read('about')).title).toBe('About Acme Academy');
    const faq = await read('faq');
    expect(faq.markdown).toContain('within 14 days of buying and while you have completed less than 25%');
    const privacy = await read('privacy');
    expect(privacy.markdown).toContain('Stripe');
    expect(privacy.markdown).toContain('refresh cookie');
    for (const slug of SITE_PAGE_SLUGS) {
      const { markdown } = await read(slug);
      // No invented contact details: no phone numbers, no e-mail addresses.
      expect(markdown).not.toMatch(/\+?\d[\d ()-]{7,}\d/);
      expect(markdown).not.toMatch(/[\w.]+@[\w-]+\.\w+/);
    }
  });

  it('are shareable by caches for a few seconds when anonymous', async () => {
    const response = await api.get(t, '/site-pages/terms');
    expect(response.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=10, stale-while-revalidate=0',
    );
  });

  it('an unknown page is a 400 naming the slug field', async () => {
    const response = await api.get(t, '/site-pages/blog');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ issues: [{ path: 'slug', message: 'There is no such page' }] });
  });
});

describe('editing', () => {
  const markdown =
    '# Questions\n\n<script>alert(1)</script>\n\n[Click me](javascript:alert(1)) and [the catalogue](/courses).';

  it('an admin saves a page; everyone then reads the edit, and the admin list says who saved it', async () => {
    const response = await api.put(t, '/site-pages/faq', { title: '  Questions  ', markdown }, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Questions saved',
      page: {
        slug: 'faq',
        title: 'Questions',
        markdown,
        edited: true,
        updatedAt: '2026-05-04T10:00:00.000Z',
        updatedBy: { name: 'Ada Admin' },
      },
    });
    // Stored as written: sanitising is the renderer's job, so no rule here can be bypassed or drift.
    expect(await read('faq')).toEqual({
      slug: 'faq',
      title: 'Questions',
      markdown,
      edited: true,
      updatedAt: '2026-05-04T10:00:00.000Z',
    });
    const overTrpc = trpcData<{ page: Page }>(await trpcQuery(t, 'sitePages.get', { slug: 'faq' }));
    expect(overTrpc.page.markdown).toBe(markdown);

    const list = await api.get(t, '/site-pages', admin);
    expect(list.statusCode).toBe(200);
    const pages = (list.json() as { pages: Page[] }).pages;
    expect(pages.map((page) => page.slug)).toEqual([...SITE_PAGE_SLUGS]);
    expect(pages.find((page) => page.slug === 'faq')).toMatchObject({
      edited: true,
      updatedBy: { name: 'Ada Admin' },
    });
    expect(pages.find((page) => page.slug === 'about')).toMatchObject({ edited: false, updatedBy: null });
  });

  it('a second save replaces the first (one row per page)', async () => {
    t.advanceClock(60_000);
    const response = await api.put(t, '/site-pages/faq', { title: 'FAQ', markdown: 'Short answers.' }, admin);
    expect(response.statusCode).toBe(200);
    expect(await read('faq')).toMatchObject({
      title: 'FAQ',
      markdown: 'Short answers.',
      updatedAt: '2026-05-04T10:01:00.000Z',
    });
    expect(await t.db.select().from(sitePages)).toHaveLength(1);
  });

  it('a reset brings the default text back', async () => {
    const response = await api.delete(t, '/site-pages/faq', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Frequently asked questions is back to the default text',
      page: { slug: 'faq', edited: false, updatedAt: null, updatedBy: null },
    });
    expect(await read('faq')).toMatchObject({ title: 'Frequently asked questions', edited: false });
    expect(await t.db.select().from(sitePages)).toHaveLength(0);
  });
});

describe('refused', () => {
  const valid = { title: 'Hacked', markdown: 'Hacked' };

  it.each([
    ['a visitor', null, 401],
    ['a student', 'student', 403],
    ['an instructor', 'instructor', 403],
  ] as const)('%s can neither list, save nor reset pages (%s)', async (_label, role, status) => {
    const actor = role === 'student' ? student : role === 'instructor' ? instructor : null;
    expect((await api.get(t, '/site-pages', actor)).statusCode).toBe(status);
    expect((await api.put(t, '/site-pages/about', valid, actor)).statusCode).toBe(status);
    expect((await api.delete(t, '/site-pages/about', actor)).statusCode).toBe(status);
    expect(await read('about')).toMatchObject({ edited: false });
  });

  it.each([
    ['an unknown page', '/site-pages/blog', valid, 'slug', 'There is no such page'],
    ['a blank title', '/site-pages/about', { title: '   ', markdown: 'Text' }, 'title', 'Title is required'],
    ['blank text', '/site-pages/about', { title: 'About', markdown: ' \n ' }, 'markdown', 'Text is required'],
    [
      'a title over the limit',
      '/site-pages/about',
      { title: 'x'.repeat(SITE_PAGE_LIMITS.titleMaxLength + 1), markdown: 'Text' },
      'title',
      'Title must be at most 120 characters',
    ],
    [
      'text over the limit',
      '/site-pages/about',
      { title: 'About', markdown: 'x'.repeat(SITE_PAGE_LIMITS.markdownMaxLength + 1) },
      'markdown',
      'Text must be at most 60,000 characters',
    ],
    ['a NUL character', '/site-pages/about', { title: 'About', markdown: 'a\u0000b' }, 'markdown', undefined],
  ] as const)('%s is a 400 that changes nothing', async (_label, url, body, field, message) => {
    const response = await api.put(t, url, body, admin);
    expect(response.statusCode).toBe(400);
    const issue = (response.json() as { issues: { path: string; message: string }[] }).issues.find(
      (candidate) => candidate.path === field,
    );
    expect(issue).toBeDefined();
    if (message) expect(issue?.message).toBe(message);
    expect(await t.db.select().from(sitePages)).toHaveLength(0);
  });

  it('the longest title and text allowed are saved whole', async () => {
    const title = 't'.repeat(SITE_PAGE_LIMITS.titleMaxLength);
    const markdown = 'm'.repeat(SITE_PAGE_LIMITS.markdownMaxLength);
    expect((await api.put(t, '/site-pages/terms', { title, markdown }, admin)).statusCode).toBe(200);
    expect(await read('terms')).toMatchObject({ title, markdown, edited: true });
  });
});
