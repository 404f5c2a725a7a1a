import { createFileRoute } from '@tanstack/react-router';
import { PurchasesScreen } from '~/features/refunds/PurchasesScreen';

export const Route = createFileRoute('/dashboard/purchases')({
  component: PurchasesScreen,
});
