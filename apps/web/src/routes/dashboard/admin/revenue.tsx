import { createFileRoute } from '@tanstack/react-router';
import { PlatformRevenue } from '~/features/earnings/PlatformRevenue';

export const Route = createFileRoute('/dashboard/admin/revenue')({
  component: PlatformRevenue,
});
