/**
 * Lets React Aria's links (a menu item or list option with an `href`) navigate through TanStack Router
 * instead of reloading the page. Each primitive wrapper here puts it around its own tree, so it loads with
 * the primitives that need it and not with every page.
 */
import { type LinkOptions, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';

/** The href TanStack Router would give a `<Link>` with these options. */
export function useLinkHref(): (options: LinkOptions) => string {
  const router = useRouter();
  return (options) => router.buildLocation(options).href;
}

export function AriaRouter({ children }: { children: ReactNode }) {
  const router = useRouter();
  return (
    <RouterProvider navigate={(href) => void router.navigate({ href })} useHref={(href) => href}>
      {children}
    </RouterProvider>
  );
}
