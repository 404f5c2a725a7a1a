import { createFileRoute } from '@tanstack/react-router';
import { EngagementAnalytics } from '~/features/admin/EngagementAnalytics';

export const Route = createFileRoute('/dashboard/admin/engagement-analytics')({
  component: EngagementAnalytics,
});
