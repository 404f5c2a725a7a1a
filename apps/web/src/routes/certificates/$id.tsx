import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '~/components/LoadingScreen';
import { CertificateVerificationPage } from '~/features/certificates/CertificateVerificationPage';

/**
 * The public verification page of a certificate (the address printed on it). It waits for the session
 * check: an admin sees the revocation reason and the revoke form.
 */
export const Route = createFileRoute('/certificates/$id')({
  beforeLoad: ({ context }) => context.session.whenChecked(),
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
  component: CertificateRoute,
});

function CertificateRoute() {
  const { id } = Route.useParams();
  return <CertificateVerificationPage id={id} />;
}
