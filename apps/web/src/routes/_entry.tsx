import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '~/components/LoadingScreen';
import { entryGate } from '~/features/auth/route-guards';

/** The entry wrapper of /, /signin and /signup: 'Loading...' during the session check, then redirect or page. */
export const Route = createFileRoute('/_entry')({
  beforeLoad: entryGate,
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
});
