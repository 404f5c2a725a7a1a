/** A list with nothing in it yet: what that means, and where to go from here (a link styled as an action). */
import type { ReactNode } from 'react';

export function EmptyState({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <p className="text-slate-700 dark:text-slate-300">{message}</p>
      {children}
    </div>
  );
}
