/**
 * First-run setup (docs/decisions/0032-first-run-setup.md): while the server has no admin account, every
 * page leads to /setup. Each page load asks `setup.status` once, through the query cache with the same
 * tRPC options as the setup page (features/setup), which therefore reads the answer from the cache. The
 * tRPC client is imported lazily, so the entry bundle every page loads stays without it (lib/trpc.ts).
 *
 * The check never holds a page back: the page renders at once (the check starts once it has loaded) and is
 * replaced by /setup only if the answer says so, which happens on a new server only. No answer counts as "no setup needed". The setup
 * page puts `needsSetup: false` into the cache once it has created the first admin.
 */
import { setupRedirect } from '@lectio/contracts/navigation';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Whether the server still needs its first admin: asked once per page load (cached for good). */
export async function setupNeeded(queryClient: QueryClient): Promise<boolean> {
  const { trpc } = await import('./trpc');
  return queryClient
    .fetchQuery(trpc.setup.status.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }))
    .then(
      (status) => status.needsSetup,
      () => false,
    );
}

/** Sends every page but /setup to /setup while the server needs its first admin (the root layout). */
export function useFirstRunRedirect(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Asked once the router has loaded the page (its resolved location), so the question never joins the
  // batch of a page's first request, which index.html may have preloaded alone (/courses).
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  useEffect(() => {
    if (pathname === undefined) return;
    let current = true;
    void setupNeeded(queryClient).then((needed) => {
      const target = setupRedirect(needed, pathname);
      if (current && target) void navigate({ href: target, replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate, pathname, queryClient]);
}
