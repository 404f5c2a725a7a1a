import type { ReactNode } from 'react';

/**
 * A decorative outline icon on a 24-unit grid, drawn with the current text colour (aria-hidden: the
 * text beside it carries the meaning). `d` is the path; other shapes go in as children.
 */
export function OutlineIcon({
  d,
  className = 'h-5 w-5',
  strokeWidth = 2,
  children,
}: {
  d?: string | undefined;
  className?: string;
  strokeWidth?: number;
  children?: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {d ? <path d={d} /> : null}
      {children}
    </svg>
  );
}
