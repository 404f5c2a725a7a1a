/**
 * Landing page wording (spec section 1) and where each of its links goes (issue 15, item 4). The spec's
 * strings (menu labels, product names, hero headline, selling points, footer columns) are kept where they
 * are still true; its placeholders (the careers-page hero links and figures, Blog, the dropdown's demo
 * and sales actions) gave way to real destinations. The Product dropdown's items are in product-text.ts
 * (loaded with the dropdown's panel), the footer's in footer-text.ts (loaded with the footer), the
 * Trending section's in features/catalog/trending-text.ts, the Features page's in
 * features/site/features-text.ts.
 */
import type { Category } from '@lectio/contracts/constants';
import { linkOptions } from '@tanstack/react-router';

export const HOME_TEXT = {
  brand: 'Lectio',
  homeLink: 'Lectio home',
  mainNavigation: 'Main',
  logIn: 'Log in',
  signUp: 'Sign up',
  dashboard: 'Dashboard',
  headline: 'Start learning from best institutions',
  intro: 'Courses from experienced instructors, at your own pace.',
} as const;

/** The sections of the Features page (/features#<id>) that the landing page links to. */
export type FeatureSection =
  | 'how-it-works'
  | 'catalogue'
  | 'learning'
  | 'engagement'
  | 'instructors'
  | 'analytics'
  | 'security'
  | 'integrations'
  | 'automations'
  | 'self-hosting';

export const HEADER_TEXT = {
  product: 'Product',
  productMenu: 'Products',
  openMainMenu: 'Open main menu',
  closeMenu: 'Close menu',
  mainMenu: 'Main menu',
} as const;

/** The header's plain links (from 768 px; in the side dialog below that). */
export const HEADER_LINKS = [
  { label: 'Features', link: linkOptions({ to: '/features' }) },
  { label: 'Courses', link: linkOptions({ to: '/courses' }) },
  { label: 'About', link: linkOptions({ to: '/pages/$slug', params: { slug: 'about' } }) },
];

export const HERO_TEXT = {
  badge: 'new',
  badgeNote: 'Fresh courses every week',
  linksLabel: 'Get started',
  /** The ways in: the catalogue, teaching, how it works. */
  links: [
    { label: 'Browse courses', link: linkOptions({ to: '/courses' }) },
    { label: 'Become an instructor', link: linkOptions({ to: '/features', hash: 'instructors' }) },
    { label: 'How it works', link: linkOptions({ to: '/features', hash: 'how-it-works' }) },
  ],
  categoriesTitle: 'Popular categories',
  /** A few catalogue categories, each opening /courses filtered by it. */
  categories: [
    'Web Development',
    'Data Science',
    'Machine Learning',
    'Design',
    'Business',
    'DevOps',
  ] satisfies readonly Category[],
  statsLabel: 'Lectio in numbers',
  stats: {
    courses: 'Published courses',
    instructors: 'Instructors',
    learners: 'Learners',
    hours: 'Hours of video',
  },
  statsLoading: 'Loading the figures',
  /** Shown instead of the figures while nothing is published. */
  statsEmpty: 'No course is published yet: the catalogue is waiting for its first instructor.',
  statsEmptyLink: 'Teach the first course',
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

/** A figure as the hero shows it: the count grouped for en-IN ("1,280"). */
export function formatFigure(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/**
 * Seconds of video as hours: whole hours from 10 up, tenths below (rounded down, never overstated), and
 * "<0.1" for a few minutes, so a platform with some video never reads 0.
 */
export function formatVideoHours(seconds: number, locale: string): string {
  if (seconds <= 0) return '0';
  const hours = seconds / 3600;
  if (hours >= 10) return new Intl.NumberFormat(locale).format(Math.floor(hours));
  const tenths = Math.floor(hours * 10) / 10;
  if (tenths === 0) return '<0.1';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(tenths);
}
