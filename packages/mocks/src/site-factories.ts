/**
 * The landing page's figures and social profiles (platform.*) and the site pages (sitePages.*):
 * realistic answers, overridable field by field like the other factories.
 */
import type { PlatformStats, SocialLinks } from '@lectio/contracts/platform';
import type { SitePage, SitePageAdmin, SitePageSlug } from '@lectio/contracts/site-pages';

const COUNTED_AT = '2025-03-03T09:00:00.000Z';

export function buildPlatformStats(overrides: Partial<PlatformStats> = {}): PlatformStats {
  return {
    courses: 42,
    instructors: 9,
    learners: 1280,
    videoSeconds: 351_000,
    countedAt: COUNTED_AT,
    ...overrides,
  };
}

/** No profile configured (the default of a new server): the footer hides its Follow Us row. */
export function buildSocialLinks(links: SocialLinks['links'] = []): SocialLinks {
  return { links };
}

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
