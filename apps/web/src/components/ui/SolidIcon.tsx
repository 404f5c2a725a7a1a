/**
 * A decorative solid icon on a 20-unit grid, filled with the current text colour (aria-hidden: the text
 * beside it carries the meaning). The path fills even-odd, so shapes with holes (a padlock) keep them.
 */
export function SolidIcon({ d, className = 'h-4 w-4' }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path fillRule="evenodd" clipRule="evenodd" d={d} />
    </svg>
  );
}

/** The chevron of a menu button or a disclosure (turned over while open). */
export function ChevronDownIcon({ className }: { className?: string }) {
  return (
    <SolidIcon
      d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
      className={className}
    />
  );
}
