import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { UnauthorizedPage } from '~/features/errors/UnauthorizedPage';
import { useFirstRunRedirect } from '~/lib/first-run';
import type { RouterContext } from '~/lib/router-context';
import { AppToaster } from '~/lib/toast';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Any unmatched path shows the Unauthorized page (spec section 2).
  notFoundComponent: UnauthorizedPage,
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
