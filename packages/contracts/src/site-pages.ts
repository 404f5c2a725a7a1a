/**
 * Site pages (issue 15, item 4): the footer's Resources as admin-editable Markdown pages, rendered
 * sanitised. Each slug has a default text in the server; a saved edit replaces it, and resetting the
 * page removes the edit so the default shows again.
 *
 * The web app imports this module's types only (`import type`): its schemas stay out of the public
 * pages' bundles.
 */
import { z } from 'zod';
import { SITE_PAGE_MESSAGES, VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { PUBLIC, requires } from './permissions.js';
import { dateTimeString, inputString } from './schema-formats.js';

/** The pages there are; `/pages/{slug}` shows one. The database checks a row's slug against this list. */
export const SITE_PAGE_SLUGS = ['about', 'faq', 'support', 'privacy', 'terms'] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

export const SITE_PAGE_LIMITS = {
  titleMaxLength: 120,
  /** About 10,000 words: a long privacy policy fits, a pasted book does not. */
  markdownMaxLength: 60_000,
} as const;

export const sitePageSchema = z
  .object({
    slug: z.enum(SITE_PAGE_SLUGS),
    title: z.string(),
    /** The page's text as Markdown. Clients render it without raw HTML and without script URLs. */
    markdown: z.string(),
    /** False while the page shows the server's default text. */
    edited: z.boolean(),
    /** When an admin last saved it; null for the default text. */
    updatedAt: dateTimeString().nullable(),
  })
  .meta({ id: 'SitePage' });
export type SitePage = z.infer<typeof sitePageSchema>;

/** A page as the admin's editor lists it: also who saved it last (null for the default or a deleted admin). */
export const sitePageAdminSchema = sitePageSchema
  .extend({ updatedBy: z.object({ name: z.string() }).nullable() })
  .meta({ id: 'SitePageAdmin' });
export type SitePageAdmin = z.infer<typeof sitePageAdminSchema>;

export function isSitePageSlug(value: unknown): value is SitePageSlug {
  return typeof value === 'string' && (SITE_PAGE_SLUGS as readonly string[]).includes(value);
}

/** A path parameter, so a string (one of SITE_PAGE_SLUGS; anything else is a 400). */
const slugInput = () =>
  inputString({ error: SITE_PAGE_MESSAGES.unknownPage })
    .refine(isSitePageSlug, SITE_PAGE_MESSAGES.unknownPage)
    .meta({ description: `The page: ${SITE_PAGE_SLUGS.join(', ')}` });

export const updateSitePageRequestSchema = z.object({
  title: inputString({ error: SITE_PAGE_MESSAGES.titleRequired })
    .trim()
    .min(1, SITE_PAGE_MESSAGES.titleRequired)
    .max(SITE_PAGE_LIMITS.titleMaxLength, VALIDATION.tooLong('Title', SITE_PAGE_LIMITS.titleMaxLength)),
  markdown: inputString({ error: SITE_PAGE_MESSAGES.textRequired })
    .trim()
    .min(1, SITE_PAGE_MESSAGES.textRequired)
    .max(SITE_PAGE_LIMITS.markdownMaxLength, VALIDATION.tooLong('Text', SITE_PAGE_LIMITS.markdownMaxLength)),
});
export type UpdateSitePageRequest = z.input<typeof updateSitePageRequestSchema>;

const ADMIN = requires('all');

export const sitePageOperations = defineOperations({
  get: {
    kind: 'query',
    access: PUBLIC,
    summary: 'A site page (About, FAQ, Support, Privacy Policy, Terms): the saved edit or the default text',
    input: z.object({ slug: slugInput() }),
    output: z.object({ page: sitePageSchema }),
    rest: { method: 'GET', path: '/site-pages/{slug}' },
    // A slug of `.` or `..` is resolved away by the URL itself: no such route, 404.
    errors: ['NOT_FOUND'],
    // No stale-while-revalidate: a visitor's browser asks again and sees an admin's edit at once.
    cache: { sMaxAge: 10, staleWhileRevalidate: 0 },
  },
  list: {
    kind: 'query',
    access: ADMIN,
    summary: 'Every site page as it shows now, for the admin’s editor',
    output: z.object({ pages: z.array(sitePageAdminSchema) }),
    rest: { method: 'GET', path: '/site-pages' },
  },
  update: {
    kind: 'mutation',
    access: ADMIN,
    summary: 'Save a site page’s title and Markdown text',
    description:
      'The text is stored as sent (trimmed). Raw HTML in it is never rendered by the web app, and links ' +
      'other than http(s), mailto and relative ones are dropped, whoever wrote them.',
    input: z.object({ slug: slugInput() }).extend(updateSitePageRequestSchema.shape),
    output: z.object({ message: z.string(), page: sitePageAdminSchema }),
    rest: { method: 'PUT', path: '/site-pages/{slug}' },
    // A slug of `.` or `..` is resolved away by the URL itself: no such route, 404.
    errors: ['NOT_FOUND'],
  },
  reset: {
    kind: 'mutation',
    access: ADMIN,
    summary: 'Put a site page back to the server’s default text (the saved edit is removed)',
    input: z.object({ slug: slugInput() }),
    output: z.object({ message: z.string(), page: sitePageAdminSchema }),
    rest: { method: 'DELETE', path: '/site-pages/{slug}' },
    // A slug of `.` or `..` is resolved away by the URL itself: no such route, 404.
    errors: ['NOT_FOUND'],
  },
});
