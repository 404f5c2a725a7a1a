import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A simple public page frame (logo header and a titled main area). */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4">
        <Link to="/" className="text-xl font-bold text-indigo-700 dark:text-indigo-300">
          Lectio
        </Link>
      </header>
      <main className="mx-auto max-w-4xl space-y-3 px-6 py-16">
        <h1 className="text-3xl font-bold">{title}</h1>
        <div className="text-slate-700 dark:text-slate-300">{children}</div>
      </main>
    </div>
  );
}
