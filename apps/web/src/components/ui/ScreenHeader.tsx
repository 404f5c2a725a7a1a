/** A dashboard screen's title (its one h1) and the line that says what the screen is for. */
import type { ReactNode } from 'react';

export function ScreenHeader({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {intro ? <p className="text-slate-700 dark:text-slate-300">{intro}</p> : null}
    </div>
  );
}
