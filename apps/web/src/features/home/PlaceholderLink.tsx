/**
 * A link of the landing page that has no destination yet (spec section 1: placeholders). It is a real,
 * focusable `<a href="#">` so it reads and tabs like the links it stands for, and its click is cancelled:
 * no navigation, no URL change, no jump to the top of the page. `onActivate` lets a menu close itself.
 */
import type { ReactNode } from 'react';

export function PlaceholderLink({
  children,
  className,
  onActivate,
  'aria-label': ariaLabel,
}: {
  children: ReactNode;
  className?: string;
  onActivate?: () => void;
  'aria-label'?: string;
}) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: the spec's placeholders are links that have no destination yet; they stay links (read, tab and will navigate like one) with the click cancelled.
    <a
      href="#"
      aria-label={ariaLabel}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onActivate?.();
      }}
    >
      {children}
    </a>
  );
}
