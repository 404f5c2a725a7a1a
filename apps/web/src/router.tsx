/** The app's router: the generated file-route tree plus the session and query client as context. */
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { sessionStore } from './lib/session';
import { routeTree } from './routeTree.gen';

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  let resolved = false;
  const router = createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    context: { session: sessionStore, queryClient, isFirstLoad: () => !resolved },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
  const stopWatching = router.subscribe('onResolved', () => {
    resolved = true;
    stopWatching();
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
