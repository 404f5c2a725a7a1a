import { createFileRoute } from '@tanstack/react-router';
import { UnauthorizedPage } from '~/features/errors/UnauthorizedPage';

export const Route = createFileRoute('/unauthorized')({
  component: UnauthorizedPage,
});
