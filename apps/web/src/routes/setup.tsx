import { createFileRoute } from '@tanstack/react-router';
import { SetupPage } from '~/features/setup/SetupPage';

/** First-run setup: the first admin account of a new server (features/setup). */
export const Route = createFileRoute('/setup')({
  component: SetupPage,
});
