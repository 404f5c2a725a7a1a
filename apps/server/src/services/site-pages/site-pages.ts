/**
 * Site pages (issue 15, item 4): About, FAQ, Support, Privacy Policy and Terms. A page without a row in
 * `site_pages` shows its default text (default-pages.ts); an admin's save writes the row (the whole
 * title and text, last write wins), a reset deletes it. The Markdown is stored as the admin wrote it:
 * making it safe is the renderer's job (the web app renders no raw HTML and drops script URLs), so the
 * stored text never depends on one sanitiser's rules.
 */
import {
  SITE_PAGE_SLUGS,
  type SitePage,
  type SitePageAdmin,
  type SitePageSlug,
} from '@lectio/contracts/site-pages';
import { sitePages, users } from '@lectio/db';
import { eq } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context';
import { defaultSitePage } from './default-pages';

type SitePageContext = Pick<ServiceContext, 'db' | 'config'>;

interface SavedPage {
  slug: SitePageSlug;
  title: string;
  markdown: string;
  updatedAt: Date;
  updatedByName: string | null;
}

function present(ctx: SitePageContext, slug: SitePageSlug, saved: SavedPage | undefined): SitePageAdmin {
  if (!saved) {
    const fallback = defaultSitePage(slug, ctx.config);
    return { slug, ...fallback, edited: false, updatedAt: null, updatedBy: null };
  }
  return {
    slug,
    title: saved.title,
    markdown: saved.markdown,
    edited: true,
    updatedAt: saved.updatedAt.toISOString(),
    updatedBy: saved.updatedByName === null ? null : { name: saved.updatedByName },
  };
}

function savedPages(ctx: SitePageContext, slug?: SitePageSlug): Promise<SavedPage[]> {
  const query = ctx.db
    .select({
      slug: sitePages.slug,
      title: sitePages.title,
      markdown: sitePages.markdown,
      updatedAt: sitePages.updatedAt,
      updatedByName: users.name,
    })
    .from(sitePages)
    .leftJoin(users, eq(users.id, sitePages.updatedBy));
  return slug ? query.where(eq(sitePages.slug, slug)) : query;
}

/** A page as visitors read it: the saved edit or the default text (who saved it is not shown). */
export async function getSitePage(ctx: SitePageContext, slug: SitePageSlug): Promise<SitePage> {
  const [saved] = await savedPages(ctx, slug);
  const { updatedBy: _updatedBy, ...page } = present(ctx, slug, saved);
  return page;
}

/** Every page as it shows now, in the footer's order, for the admin's editor. */
export async function listSitePages(ctx: SitePageContext): Promise<SitePageAdmin[]> {
  const saved = new Map((await savedPages(ctx)).map((page) => [page.slug, page]));
  return SITE_PAGE_SLUGS.map((slug) => present(ctx, slug, saved.get(slug)));
}

/** Saves the page's title and text (input already trimmed and bounded by the contract). */
export async function updateSitePage(
  ctx: SitePageContext & Pick<ServiceContext, 'now'>,
  actor: Actor,
  slug: SitePageSlug,
  input: { title: string; markdown: string },
): Promise<SitePageAdmin> {
  const row = { title: input.title, markdown: input.markdown, updatedBy: actor.id, updatedAt: ctx.now() };
  await ctx.db
    .insert(sitePages)
    .values({ slug, ...row })
    .onConflictDoUpdate({ target: sitePages.slug, set: row });
  const [saved] = await savedPages(ctx, slug);
  return present(ctx, slug, saved);
}

/** Removes the saved edit: the page shows its default text again. */
export async function resetSitePage(ctx: SitePageContext, slug: SitePageSlug): Promise<SitePageAdmin> {
  await ctx.db.delete(sitePages).where(eq(sitePages.slug, slug));
  return present(ctx, slug, undefined);
}
