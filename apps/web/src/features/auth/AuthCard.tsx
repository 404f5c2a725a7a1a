import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ThemeToggle } from '~/components/ThemeToggle';

/** The centred card the sign-in and sign-up pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between px-6 py-4">
        <Link to="/" className="text-xl font-bold text-indigo-700 dark:text-indigo-300">
          Lectio
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900">
          <h1 className="mb-6 text-2xl font-semibold">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

export const linkClassName =
  'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';
