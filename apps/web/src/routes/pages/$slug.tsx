import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '~/components/LoadingScreen';
import { SitePageView } from '~/features/site/SitePageView';

/**
 * A site page (About, FAQ, Support, Privacy Policy, Terms); the server says which slugs exist. It waits
 * for the session check: the header offers Log in or the dashboard, and a read started during the check
 * would be dropped with the query cache when the session starts.
 */
export const Route = createFileRoute('/pages/$slug')({
  beforeLoad: ({ context }) => context.session.whenChecked(),
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  component: SitePageRoute,
});

function SitePageRoute() {
  const { slug } = Route.useParams();
  return <SitePageView slug={slug} />;
}
