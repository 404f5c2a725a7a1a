import { createFileRoute } from '@tanstack/react-router';
import { ReportedReviews } from '~/features/reviews/ReportedReviews';

export const Route = createFileRoute('/dashboard/admin/reviews')({
  component: ReportedReviews,
});
