import { createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '~/features/checkout/CheckoutScreen';
import { validateCouponSearch } from '~/lib/coupon-search';

export const Route = createFileRoute('/dashboard/checkout/$id')({
  validateSearch: validateCouponSearch,
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { id } = Route.useParams();
  const { coupon } = Route.useSearch();
  return <CheckoutScreen courseId={id} initialCoupon={coupon} />;
}
