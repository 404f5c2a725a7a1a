/**
 * The route component of /dashboard: the shell around the current screen. The guard itself runs in the
 * route's beforeLoad; this only reacts to the session ending while the user is here (sign-out, or a token
 * refresh that failed), sending them to /signin, with the page remembered unless they signed out.
 *
 * The redirect is one imperative navigation when the user disappears, not a <Navigate> rendered on every
 * pass: while /signin is loading this layout is still mounted and the router's location already points
 * at /signin, so a re-rendered <Navigate from={location}> would chase its own URL, nesting `from` forever.
 */
import { Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EmailVerificationBanner } from '~/features/account/EmailVerificationBanner';
import { useSession } from '~/lib/session';
import { DashboardShell } from './DashboardShell';

export function DashboardLayout() {
  const { user, signedOutBy } = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  const signedIn = user !== null;

  useEffect(() => {
    if (signedIn) return;
    // The page the user was on: the last location that finished loading.
    const from = (router.state.resolvedLocation ?? router.state.location).href;
    void navigate({ to: '/signin', search: signedOutBy === 'logout' ? {} : { from }, replace: true });
  }, [signedIn, signedOutBy, navigate, router]);

  if (!user) return null;
  return (
    <DashboardShell user={user}>
      <EmailVerificationBanner />
      <Outlet />
    </DashboardShell>
  );
}
