import { createFileRoute } from '@tanstack/react-router';
import { CheckoutRoute } from '~/features/checkout/CheckoutRoute';
import { validateCouponSearch } from '~/lib/coupon-search';

export const Route = createFileRoute('/dashboard/admin/checkout/$id')({
  validateSearch: validateCouponSearch,
  component: () => <CheckoutRoute from={Route.id} />,
});
