/** The app's router: the generated file-route tree plus the session and query client as context. */
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { sessionStore } from './lib/session';
import { routeTree } from './routeTree.gen';

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    context: { session: sessionStore, queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
