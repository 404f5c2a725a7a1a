import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '~/features/errors/NotFoundPage';
import { useFirstRunRedirect } from '~/lib/first-run';
import type { RouterContext } from '~/lib/router-context';
import { AppToaster } from '~/lib/toast';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // An unmatched path, or one a dashboard section doesn't serve, is "Page not found" (issue 15; the spec
  // showed the Unauthorized page, which now means only "not allowed").
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  useFirstRunRedirect();
  return (
    <>
      <Outlet />
      <AppToaster />
    </>
  );
}
