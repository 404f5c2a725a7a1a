import { createFileRoute } from '@tanstack/react-router';
import { MyCertificatesScreen } from '~/features/certificates/MyCertificatesScreen';

export const Route = createFileRoute('/dashboard/certificates')({
  component: MyCertificatesScreen,
});
