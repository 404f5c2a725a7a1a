/**
 * The footer's wording and links (spec section 1, issue 15 item 4): the Courses column, the Resources
 * column of site pages, Follow Us and the copyright line. Only the footer imports it; on the landing
 * page the footer is loaded when it nears the viewport.
 */
import type { Category } from '@lectio/contracts/constants';
import type { SocialNetwork } from '@lectio/contracts/platform';
import type { SitePageSlug } from '@lectio/contracts/site-pages';

export const FOOTER_TEXT = {
  tagline: 'Learn from the best institutions, at your own pace.',
  coursesTitle: 'Courses',
  /** Each Courses entry opens the catalogue filtered by the closest category. */
  courses: [
    { label: 'Data Science', category: 'Data Science' },
    { label: 'Web Development', category: 'Web Development' },
    { label: 'AI & Machine Learning', category: 'Machine Learning' },
    { label: 'UI/UX Design', category: 'Design' },
  ] satisfies readonly { label: string; category: Category }[],
  resourcesTitle: 'Resources',
  /** The site pages (/pages/<slug>); the spec's Blog had no page and is gone. */
  resources: [
    { label: 'About', page: 'about' },
    { label: 'FAQs', page: 'faq' },
    { label: 'Support', page: 'support' },
    { label: 'Privacy Policy', page: 'privacy' },
    { label: 'Terms', page: 'terms' },
  ] satisfies readonly { label: string; page: SitePageSlug }[],
  features: 'Features',
  followUs: 'Follow Us',
  /** The networks' names, for the icon links' accessible names. */
  social: {
    facebook: 'Facebook',
    x: 'X',
    linkedin: 'LinkedIn',
    youtube: 'YouTube',
  } satisfies Record<SocialNetwork, string>,
  copyright: (year: number) => `© ${year} Lectio. All rights reserved.`,
} as const;
