/** The refunds calls as TanStack Query options from the tRPC proxy (decision 0040). */
import type { RefundState } from '@lectio/contracts/refunds';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';

export const REFUNDS_PER_PAGE = 20;

export function myPurchasesQuery() {
  return trpc.refunds.mine.queryOptions(undefined, { refetchOnMount: 'always' });
}

export function adminRefundsQuery(status: RefundState | undefined) {
  return trpc.refunds.list.infiniteQueryOptions(
    { limit: REFUNDS_PER_PAGE, ...(status ? { status } : {}) },
    { getNextPageParam: (page) => page.nextCursor, refetchOnMount: 'always' },
  );
}

export function refundablePaymentQuery(paymentId: string) {
  return trpc.refunds.payment.queryOptions({ paymentId }, { enabled: paymentId !== '', retry: false });
}

/**
 * After a refund or a decision: the refunds, the purchases, and what a refund changes elsewhere (the
 * student's courses, the admin's figures).
 */
export function invalidateAfterRefund(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries(trpc.refunds.pathFilter()),
    client.invalidateQueries(trpc.admin.pathFilter()),
    client.invalidateQueries(trpc.courses.pathFilter()),
  ]);
}

/** A refund call succeeded (a refund, a request, a decision): the server's message, then the refetch. */
export async function announceRefund(client: QueryClient, result: { message: string }): Promise<void> {
  toast.success(result.message);
  await invalidateAfterRefund(client);
}
