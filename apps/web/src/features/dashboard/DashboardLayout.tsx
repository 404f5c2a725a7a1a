/**
 * The route component of /dashboard: the shell around the current screen. The guard itself runs in the
 * route's beforeLoad; this only reacts to the session ending while the user is here (sign-out, or a token
 * refresh that failed), sending them to /signin, with the page remembered unless they signed out.
 */
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { useSession } from '~/lib/session';
import { DashboardShell } from './DashboardShell';

export function DashboardLayout() {
  const { user, signedOutBy } = useSession();
  const href = useLocation({ select: (location) => location.href });
  if (!user) {
    return <Navigate to="/signin" search={signedOutBy === 'logout' ? {} : { from: href }} replace />;
  }
  return (
    <DashboardShell user={user}>
      <Outlet />
    </DashboardShell>
  );
}
