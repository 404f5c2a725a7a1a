import { createFileRoute } from '@tanstack/react-router';
import { CouponsScreen } from '~/features/coupons/CouponsScreen';

/** Coupons (features/coupons): an admin sees every coupon and may make one for any course or every course. */
export const Route = createFileRoute('/dashboard/admin/coupons')({
  component: CouponsScreen,
});
