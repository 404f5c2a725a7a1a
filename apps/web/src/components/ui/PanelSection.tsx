/** A panel of a screen named by its heading (h2): a form, a state, a summary. */
import { type ReactNode, useId } from 'react';
import { panelClassName } from './ui-classes';

export function PanelSection({
  title,
  className = 'space-y-3',
  children,
}: {
  title: ReactNode;
  /** The spacing between the panel's parts. */
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${panelClassName} ${className}`}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      {children}
    </section>
  );
}
