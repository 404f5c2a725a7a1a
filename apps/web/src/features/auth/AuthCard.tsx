import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ThemeToggle } from '~/components/ThemeToggle';

/** The centred card the sign-in, sign-up, setup, password-reset and verification pages share. */
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

/** A card's news line (sent, verifying, verified), announced politely when it changes. */
export function CardStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}

export const linkClassName =
  'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/** The lines of links at the foot of a card ("Already have an account? Sign in", "Back to sign in"). */
export function AuthCardLinks({ children }: { children: ReactNode }) {
  return <div className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>;
}

interface CardLinkProps<TRouter extends RegisteredRouter = RegisteredRouter, TOptions = unknown> {
  /** The words before the link, if any ("Don't have an account?"). */
  lead?: string;
  /** Where it goes, as the router's link options (`{ to: '/signin' }`), checked against the routes. */
  link: ValidateLinkOptions<TRouter, TOptions>;
  children: ReactNode;
}

/** One line of `AuthCardLinks`: the lead-in, then the link. */
export function CardLink<TRouter extends RegisteredRouter, TOptions>(
  props: CardLinkProps<TRouter, TOptions>,
): ReactNode;
// The router's documented pattern: the generic signature checks the options, this one renders them.
export function CardLink({ lead, link, children }: CardLinkProps): ReactNode {
  return (
    <p>
      {lead ? `${lead} ` : null}
      <Link {...link} className={linkClassName}>
        {children}
      </Link>
    </p>
  );
}
