/**
 * The 'Product' dropdown's items (spec section 1: Analytics, Engagement, Security, Integrations and
 * Automations, each with a one-line description) and its two actions, with where each leads. Only the
 * dropdown's panel and the side dialog import this module: both are loaded when first wanted, so the
 * landing page's first load carries none of it.
 */
import type { SitePageSlug } from '@lectio/contracts/site-pages';
import type { FeatureSection } from './home-text';

export type ProductIcon = 'analytics' | 'engagement' | 'security' | 'integrations' | 'automations';

/** The 'Product' dropdown's five items, each leading to its section of the Features page. */
export const PRODUCT_ITEMS: readonly {
  name: string;
  description: string;
  icon: ProductIcon;
  section: FeatureSection;
}[] = [
  {
    name: 'Analytics',
    description: 'Enrollments, revenue, completion and where students drop off',
    icon: 'analytics',
    section: 'analytics',
  },
  {
    name: 'Engagement',
    description: 'Reviews, instructor replies and notifications that keep learners going',
    icon: 'engagement',
    section: 'engagement',
  },
  {
    name: 'Security',
    description: 'Hashed passwords, card payments through Stripe and role-based access',
    icon: 'security',
    section: 'security',
  },
  {
    name: 'Integrations',
    description: 'Stripe, S3-compatible storage, SMTP e-mail and a documented REST API',
    icon: 'integrations',
    section: 'integrations',
  },
  {
    name: 'Automations',
    description: 'Receipts, certificates and notifications that go out on their own',
    icon: 'automations',
    section: 'automations',
  },
];

export type ProductActionIcon = 'play' | 'phone';

/** The dropdown's two footer actions: one to the Features page, one to a site page. */
export const PRODUCT_ACTIONS: readonly (
  | { name: string; icon: ProductActionIcon; section: FeatureSection }
  | { name: string; icon: ProductActionIcon; page: SitePageSlug }
)[] = [
  { name: 'How it works', icon: 'play', section: 'how-it-works' },
  { name: 'Contact us', icon: 'phone', page: 'support' },
];
