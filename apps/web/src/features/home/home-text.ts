/**
 * Landing page wording (spec section 1). The spec's strings (menu labels, product names, hero headline,
 * links, stats, selling points, footer columns) are the contract; the one-line descriptions, blurbs and
 * section headings are ours. The Trending section's wording lives in features/catalog/trending-text.ts.
 */
import type { Category } from '@lectio/contracts/constants';

export const HOME_TEXT = {
  brand: 'Lectio',
  homeLink: 'Lectio home',
  mainNavigation: 'Main',
  logIn: 'Log in',
  headline: 'Start learning from best institutions',
  intro: 'Courses from experienced instructors, at your own pace.',
} as const;

export const HEADER_TEXT = {
  product: 'Product',
  productMenu: 'Products',
  openMainMenu: 'Open main menu',
  closeMenu: 'Close menu',
  mainMenu: 'Main menu',
} as const;

export type ProductIcon = 'analytics' | 'engagement' | 'security' | 'integrations' | 'automations';

/** The 'Product' dropdown's five items, each with its one-line description. */
export const PRODUCT_ITEMS: readonly { name: string; description: string; icon: ProductIcon }[] = [
  {
    name: 'Analytics',
    description: 'Get a better understanding of your learning progress',
    icon: 'analytics',
  },
  {
    name: 'Engagement',
    description: 'Learn together with instructors and other students',
    icon: 'engagement',
  },
  { name: 'Security', description: 'Your account and payments are kept safe and private', icon: 'security' },
  {
    name: 'Integrations',
    description: 'Connect your courses with the tools you already use',
    icon: 'integrations',
  },
  {
    name: 'Automations',
    description: 'Reminders and progress tracking that run on their own',
    icon: 'automations',
  },
];

export type ProductActionIcon = 'play' | 'phone';

/** The dropdown's two footer actions. */
export const PRODUCT_ACTIONS: readonly { name: string; icon: ProductActionIcon }[] = [
  { name: 'Watch demo', icon: 'play' },
  { name: 'Contact sales', icon: 'phone' },
];

/** The header's three plain links (placeholders). */
export const HEADER_LINKS = ['Features', 'Marketplace', 'Company'] as const;

export const HERO_TEXT = {
  badge: 'new',
  badgeNote: 'Fresh courses every week',
  linksLabel: 'About Lectio',
  links: ['Open roles', 'Internship program', 'Our values', 'Meet our leadership'],
  statsLabel: 'Lectio in numbers',
  /** Static sample figures (spec section 9): label (dt) and value (dd). */
  stats: [
    { label: 'Offices', value: '12' },
    { label: 'Colleagues', value: '300+' },
    { label: 'Hours per week', value: '40' },
    { label: 'Paid time off', value: 'Unlimited' },
  ],
} as const;

export type SellingPointIcon = 'experts' | 'flexible' | 'anything' | 'standards';

export const SELLING_POINTS_TEXT = {
  title: 'Why learn with Lectio',
  intro: 'Everything you need to pick up a new skill, in one place.',
  points: [
    {
      title: 'Learn with Experts',
      description: 'Courses built and taught by instructors who work in the field every day.',
      icon: 'experts',
    },
    {
      title: 'Flexible Learning',
      description: 'Watch lectures whenever it suits you; your progress is saved as you go.',
      icon: 'flexible',
    },
    {
      title: 'Learn Anything',
      description: 'From web development to data science, design and business.',
      icon: 'anything',
    },
    {
      title: 'Industrial Standards',
      description: 'Up-to-date material that follows the practices companies use today.',
      icon: 'standards',
    },
  ] satisfies readonly { title: string; description: string; icon: SellingPointIcon }[],
} as const;

export type SocialIcon = 'facebook' | 'x' | 'linkedin' | 'youtube';

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
  resources: ['Blog', 'FAQs', 'Support', 'Privacy Policy'],
  followUs: 'Follow Us',
  social: [
    { name: 'Facebook', icon: 'facebook' },
    { name: 'X', icon: 'x' },
    { name: 'LinkedIn', icon: 'linkedin' },
    { name: 'YouTube', icon: 'youtube' },
  ] satisfies readonly { name: string; icon: SocialIcon }[],
  copyright: (year: number) => `© ${year} Lectio. All rights reserved.`,
} as const;
