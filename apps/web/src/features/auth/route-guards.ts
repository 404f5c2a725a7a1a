/**
 * The two route gates (spec sections 2 and 6), run in beforeLoad once the start-up session check settled:
 * the entry wrapper of /, /signin and /signup, and the guard of the three /dashboard sections.
 */
import {
  entryRedirect,
  guardDecision,
  sectionForPath,
  sectionServesPath,
} from '@lectio/contracts/navigation';
import { notFound, type ParsedLocation, redirect } from '@tanstack/react-router';
import type { RouterContext } from '~/lib/router-context';

/** A signed-in user is sent to their area by `entryRedirect`; anyone else sees the public page. */
export async function entryGate({ context }: { context: RouterContext }): Promise<void> {
  await context.session.whenChecked();
  const target = entryRedirect(context.session.get().user);
  if (target) throw redirect({ href: target, replace: true });
}

/**
 * Not signed in: /signin, remembering the page. Signed in without one of the section's permissions:
 * /unauthorized. A path inside a section that the section does not serve: the Unauthorized page.
 */
export async function dashboardGate({
  context,
  location,
}: {
  context: RouterContext;
  location: ParsedLocation;
}): Promise<void> {
  await context.session.whenChecked();
  const decision = guardDecision(location.pathname, context.session.get().user);
  if (decision.kind === 'redirect') {
    if (decision.to === '/signin') {
      throw redirect({ to: '/signin', search: { from: location.href }, replace: true });
    }
    throw redirect({ href: decision.to, replace: true });
  }
  const section = sectionForPath(location.pathname);
  if (section && !sectionServesPath(section, location.pathname)) throw notFound();
}
