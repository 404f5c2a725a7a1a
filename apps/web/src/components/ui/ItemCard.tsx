/**
 * One entry of a list of cards (a purchase, a refund, an application, a certificate): an article named by
 * its heading, the lines under the heading, a badge at the right (its state), then the rest of the card.
 */
import type { ReactNode } from 'react';
import { panelClassName } from './ui-classes';

export function ItemCard({
  headingId,
  heading,
  level = 2,
  details,
  badge,
  className = 'space-y-3',
  children,
}: {
  headingId: string;
  heading: ReactNode;
  /** h2 in a screen's list, h3 in a list under its own h2. */
  level?: 2 | 3;
  /** The lines under the heading (who, when, how much). */
  details?: ReactNode;
  badge?: ReactNode;
  /** The spacing between the card's parts. */
  className?: string;
  children?: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article aria-labelledby={headingId} className={`${panelClassName} ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <Heading
            id={headingId}
            className="break-words text-lg font-semibold text-slate-900 dark:text-slate-100"
          >
            {heading}
          </Heading>
          {details}
        </div>
        {badge}
      </div>
      {children}
    </article>
  );
}
