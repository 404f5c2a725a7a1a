/**
 * First-run setup (docs/decisions/0032-first-run-setup.md): while the server has no admin account, every
 * page leads to /setup. Each page load asks once, with a plain GET of `setup.status` over REST like the
 * session check (lib/auth.ts): this module is part of every first load, so it names the route through
 * the schema-free `rest-paths` and reads one boolean, without zod or the tRPC client. The page itself
 * (features/setup) reads the status again through tRPC, checked against the contract.
 *
 * The check never holds a page back: the page renders at once and is replaced by /setup only if the
 * answer says so, which happens on a new server only. No answer counts as "no setup needed".
 */
import { setupRedirect } from '@lectio/contracts/navigation';
import { API_PREFIX, REST_PATHS } from '@lectio/contracts/rest-paths';
import type { SetupStatus } from '@lectio/contracts/setup';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

let check: Promise<boolean> | null = null;

async function askServer(): Promise<boolean> {
  const response = await fetch(`${API_PREFIX}${REST_PATHS.setupStatus.path}`, {
    method: REST_PATHS.setupStatus.method,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return false;
  const body = (await response.json()) as Partial<SetupStatus> | null;
  return body?.needsSetup === true;
}

/** Whether the server still needs its first admin: asked once per page load, shared by every caller. */
export function setupNeeded(): Promise<boolean> {
  check ??= askServer().catch(() => false);
  return check;
}

/** The first admin exists now (the setup page created it): stop leading pages to /setup. */
export function markSetupDone(): void {
  check = Promise.resolve(false);
}

/** Sends every page but /setup to /setup while the server needs its first admin (the root layout). */
export function useFirstRunRedirect(): void {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    let current = true;
    void setupNeeded().then((needed) => {
      const target = setupRedirect(needed, pathname);
      if (current && target) void navigate({ href: target, replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate, pathname]);
}

/** Test hook: forget this page load's answer. */
export function resetSetupCheckForTests(): void {
  check = null;
}
