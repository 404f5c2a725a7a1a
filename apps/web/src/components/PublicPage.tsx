import type { ReactNode } from 'react';
import { PublicHeader } from '~/features/home/PublicHeader';

/** A simple public page frame: the public header and a titled main area. */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <PublicHeader />
      <main className="mx-auto max-w-4xl space-y-3 px-6 py-16">
        <h1 className="text-3xl font-bold">{title}</h1>
        <div className="text-slate-700 dark:text-slate-300">{children}</div>
      </main>
    </div>
  );
}
