/**
 * Renders one component inside a minimal router (memory history at `path`), for components that use
 * Link or router hooks but don't need the app's route tree. Resolves once the component is on screen.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { queryClient } from '~/lib/query-client';

export async function renderWithRouter(ui: ReactNode, path = '/') {
  const rootRoute = createRootRoute({ component: () => <div data-testid="router-ready">{ui}</div> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {/* biome-ignore lint/suspicious/noExplicitAny: a one-route test router is not the app's registered router type. */}
      <RouterProvider router={router as any} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('router-ready');
  return { router, user, ...view };
}
