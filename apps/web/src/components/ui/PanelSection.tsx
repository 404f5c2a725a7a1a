/** A panel of a screen named by its heading (h2), with an optional line under it: a form, a state, a summary. */
import { type ReactNode, useId } from 'react';
import { panelClassName } from './ui-classes';

export function PanelSection({
  title,
  hint,
  className = 'space-y-3',
  children,
}: {
  title: ReactNode;
  /** What the panel is for, under its heading. */
  hint?: ReactNode;
  /** The spacing between the panel's parts. */
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${panelClassName} ${className}`}>
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h2>
        {hint ? <p className="text-sm text-slate-600 dark:text-slate-400">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}
