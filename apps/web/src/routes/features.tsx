import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '~/components/LoadingScreen';
import { FeaturesPage } from '~/features/site/FeaturesPage';

/**
 * The Features page: what the product does, in sections the landing page links to (/features#analytics).
 * It waits for the session check, as the header offers Log in or the dashboard.
 */
export const Route = createFileRoute('/features')({
  beforeLoad: ({ context }) => context.session.whenChecked(),
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  component: FeaturesPage,
});
