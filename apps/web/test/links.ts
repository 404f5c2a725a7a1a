/** The href a typed link (lib/links.ts) resolves to in the app's route tree. */
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '~/router';

let router: ReturnType<typeof createAppRouter> | undefined;

export function hrefOf(link: { to: string; params?: Record<string, string> } | null): string | null {
  if (link === null) return null;
  router ??= createAppRouter({ history: createMemoryHistory() });
  return router.buildLocation(link as Parameters<typeof router.buildLocation>[0]).href;
}
