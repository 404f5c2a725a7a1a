/** sitePages.*: the footer's Resources pages, read by anyone and edited by admins. */
import { operations } from '@lectio/contracts/api';
import { SITE_PAGE_MESSAGES } from '@lectio/contracts/messages';
import {
  getSitePage,
  listSitePages,
  resetSitePage,
  updateSitePage,
} from '../../services/site-pages/site-pages';
import { implement } from '../build-router';

export const sitePageProcedures = implement(operations.sitePages, {
  async get({ ctx, input }) {
    return { page: await getSitePage(ctx.services, input.slug) };
  },
  async list({ ctx }) {
    return { pages: await listSitePages(ctx.services) };
  },
  async update({ ctx, input: { slug, ...page } }) {
    const saved = await updateSitePage(ctx.services, ctx.actor, slug, page);
    return { message: SITE_PAGE_MESSAGES.saved(saved.title), page: saved };
  },
  async reset({ ctx, input }) {
    const page = await resetSitePage(ctx.services, input.slug);
    return { message: SITE_PAGE_MESSAGES.reset(page.title), page };
  },
});
