/** The site pages (sitePages.*): each page at its default text, overridable field by field. */
import type { SitePage, SitePageAdmin, SitePageSlug } from '@lectio/contracts/site-pages';

const TITLES: Record<SitePageSlug, string> = {
  about: 'About Lectio',
  faq: 'Frequently asked questions',
  support: 'Support',
  privacy: 'Privacy policy',
  terms: 'Terms of use',
};

export function buildSitePage(overrides: Partial<SitePage> = {}): SitePage {
  const slug = overrides.slug ?? 'about';
  return {
    slug,
    title: TITLES[slug],
    markdown: `## ${TITLES[slug]}\n\nLectio is a course marketplace. See the [catalogue](/courses).`,
    edited: false,
    updatedAt: null,
    ...overrides,
  };
}

export function buildSitePageAdmin(overrides: Partial<SitePageAdmin> = {}): SitePageAdmin {
  return { ...buildSitePage(overrides), updatedBy: null, ...overrides };
}

/** Every page at its default text, in the footer's order. */
export function buildSitePageList(): { pages: SitePageAdmin[] } {
  const slugs: SitePageSlug[] = ['about', 'faq', 'support', 'privacy', 'terms'];
  return { pages: slugs.map((slug) => buildSitePageAdmin({ slug })) };
}
