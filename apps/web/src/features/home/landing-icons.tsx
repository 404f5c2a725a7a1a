/**
 * The landing page's icons: small inline SVGs (no icon library, no requests), always decorative
 * (aria-hidden); the text next to each icon carries the meaning.
 */
import type { ProductActionIcon, ProductIcon, SellingPointIcon, SocialIcon } from './home-text';

export type LandingIconName =
  | ProductIcon
  | ProductActionIcon
  | SellingPointIcon
  | SocialIcon
  | 'logo'
  | 'chevron-down'
  | 'menu'
  | 'close'
  | 'arrow-right';

/** Outline icons on a 24-unit grid, drawn with the current text colour. */
const OUTLINE_PATHS: Partial<Record<LandingIconName, string>> = {
  analytics: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  engagement: 'M8 10h8M8 14h5m-9 6 3-3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3H7a3 3 0 0 0-3 3v13Z',
  security: 'M12 3 4 6v6c0 4.5 3.4 8.1 8 9 4.6-.9 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4',
  integrations:
    'M14 4a2 2 0 1 0-4 0v2H6v4h2a2 2 0 1 1 0 4H6v4h4v-2a2 2 0 1 1 4 0v2h4v-4h-2a2 2 0 1 1 0-4h2V6h-4V4Z',
  automations: 'M4 4v5h5M20 20v-5h-5M5.5 15a7 7 0 0 0 12.9 1.5M18.5 9A7 7 0 0 0 5.6 7.5',
  play: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2-12.5v7l6-3.5-6-3.5Z',
  phone: 'M5 3h3l2 5-2.5 1.5a11 11 0 0 0 5 5L14 12l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2Z',
  experts: 'M12 4 2 9l10 5 10-5-10-5Zm-6 7.5V16c0 1.7 2.7 3 6 3s6-1.3 6-3v-4.5M22 9v6',
  flexible: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2',
  anything: 'M4 5a2 2 0 0 1 2-2h13v15H6a2 2 0 0 0-2 2V5Zm0 15a2 2 0 0 0 2 2h13v-4M8 7h7',
  standards: 'M9 12l2 2 4-4m6 2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  'chevron-down': 'm6 9 6 6 6-6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  'arrow-right': 'M5 12h14m-5-5 5 5-5 5',
};

/** Filled brand marks for the Follow Us row. */
const FILLED_PATHS: Partial<Record<LandingIconName, string>> = {
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z',
  x: 'M4 4h4.5l4 5.6L17.5 4H20l-6.3 7.2L20.5 20H16l-4.3-6-5.3 6H4l6.6-7.5L4 4Z',
  linkedin:
    'M5 9h3v11H5V9Zm1.5-5a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5ZM10 9h3v1.6c.5-.9 1.7-1.8 3.4-1.8 3.2 0 3.6 2.1 3.6 4.8V20h-3v-5.6c0-1.3 0-3-1.8-3s-2.2 1.4-2.2 2.9V20h-3V9Z',
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z',
};

export function LandingIcon({ name, className = 'h-6 w-6' }: { name: LandingIconName; className?: string }) {
  if (name === 'logo') {
    return (
      <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path d="M9 8h4v12h10v4H9V8Z" className="fill-white" />
      </svg>
    );
  }
  const filled = FILLED_PATHS[name];
  if (filled) {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
        <path d={filled} />
      </svg>
    );
  }
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={OUTLINE_PATHS[name]} />
    </svg>
  );
}
