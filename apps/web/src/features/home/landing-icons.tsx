/**
 * The landing page's icons: small inline SVGs (no icon library, no requests), always decorative
 * (aria-hidden); the text next to each icon carries the meaning.
 */
import type { SellingPointIcon } from './home-text';

export type LandingIconName = SellingPointIcon | 'logo' | 'chevron-down' | 'menu' | 'close' | 'arrow-right';

/** Outline icons on a 24-unit grid, drawn with the current text colour. */
const OUTLINE_PATHS: Partial<Record<LandingIconName, string>> = {
  experts: 'M12 4 2 9l10 5 10-5-10-5Zm-6 7.5V16c0 1.7 2.7 3 6 3s6-1.3 6-3v-4.5M22 9v6',
  flexible: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2',
  anything: 'M4 5a2 2 0 0 1 2-2h13v15H6a2 2 0 0 0-2 2V5Zm0 15a2 2 0 0 0 2 2h13v-4M8 7h7',
  standards: 'M9 12l2 2 4-4m6 2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  'chevron-down': 'm6 9 6 6 6-6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  'arrow-right': 'M5 12h14m-5-5 5 5-5 5',
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
