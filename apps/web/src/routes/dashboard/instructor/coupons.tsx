import { createFileRoute } from '@tanstack/react-router';
import { CouponsScreen } from '~/features/coupons/CouponsScreen';

export const Route = createFileRoute('/dashboard/instructor/coupons')({
  component: CouponsScreen,
});
