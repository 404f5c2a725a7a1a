import { createFileRoute } from '@tanstack/react-router';
import { AdminRefunds } from '~/features/refunds/AdminRefunds';

/** Refunds (features/refunds); `?paymentId=` (from the dashboard's transactions) fills in the payment to refund. */
export const Route = createFileRoute('/dashboard/admin/refunds')({
  validateSearch: (search: Record<string, unknown>): { paymentId?: string } =>
    typeof search.paymentId === 'string' && search.paymentId !== '' ? { paymentId: search.paymentId } : {},
  component: AdminRefundsRoute,
});

function AdminRefundsRoute() {
  const { paymentId } = Route.useSearch();
  return <AdminRefunds paymentId={paymentId ?? ''} />;
}
