import { createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '~/features/checkout/CheckoutScreen';

export const Route = createFileRoute('/dashboard/admin/checkout/$id')({
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { id } = Route.useParams();
  return <CheckoutScreen courseId={id} />;
}
