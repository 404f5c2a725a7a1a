import { useParams, useSearch } from '@tanstack/react-router';
import { CheckoutScreen } from './CheckoutScreen';

/** The three dashboards' checkout routes (student, instructor, admin): `/…/checkout/$id?coupon=CODE`. */
export type CheckoutRouteId =
  | '/dashboard/checkout/$id'
  | '/dashboard/instructor/checkout/$id'
  | '/dashboard/admin/checkout/$id';

export function CheckoutRoute({ from }: { from: CheckoutRouteId }) {
  const { id } = useParams({ from });
  const { coupon } = useSearch({ from });
  return <CheckoutScreen courseId={id} initialCoupon={coupon} />;
}
