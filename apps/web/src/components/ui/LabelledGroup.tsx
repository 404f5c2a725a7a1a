/**
 * A named group inside a page (a course section's heading, note and lessons): `role="group"` named by
 * its heading. Unlike `<section aria-labelledby>` it adds no landmark, so a course of twenty sections
 * doesn't fill a screen reader's landmark list; unlike `<fieldset>` it is not a set of form fields.
 */
import type { ReactNode } from 'react';

export function LabelledGroup({
  labelledBy,
  className,
  children,
}: {
  /** The id of the heading that names the group. */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: not form fields (fieldset), and no landmark (section)
    <div role="group" aria-labelledby={labelledBy} className={className}>
      {children}
    </div>
  );
}
