/**
 * The admin's payouts on the revenue screen (issue 14, item 2): what the platform owes each instructor
 * (`payouts.owed`: balance, pending, available, paid so far, payout account) with a button that pays what
 * is available (`payouts.pay`), enabled only when there is something to pay and the instructor's payout
 * account can receive it; and the recent payouts of everyone.
 */
import type { OwedInstructor } from '@lectio/contracts/payouts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Card } from '~/components/ui/Card';
import { actionClassName, errorTextClassName } from '~/components/ui/ui-classes';
import { formatAmount } from '~/features/admin/format';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { invalidateAfterPayout, owedQuery } from './earnings-queries';
import { PAYOUT_ACCOUNT_LABEL, PAYOUTS_TEXT } from './earnings-text';
import { PayoutHistory } from './PayoutHistory';

const termClassName = 'text-slate-600 dark:text-slate-400';

/**
 * Whether to offer a payout: something is available and the instructor has a payout account. An account
 * shown as not ready may have finished onboarding at the provider since it was last read: the server
 * re-reads it before paying and answers why not (409) if it still can't take transfers.
 */
export function canPay(instructor: OwedInstructor): boolean {
  return instructor.available > 0 && instructor.account !== null;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className={termClassName}>{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function OwedItem({ instructor }: { instructor: OwedInstructor }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const pay = useMutation(
    trpc.payouts.pay.mutationOptions({
      onSuccess: async (result) => {
        if (result.payout.status === 'paid') toast.success(result.message);
        else toast(result.message);
        await invalidateAfterPayout(queryClient);
      },
      onError: (failure) => setError(errorMessage(failure)),
    }),
  );
  const amount = formatAmount(instructor.available);
  const why =
    instructor.available <= 0
      ? PAYOUTS_TEXT.nothingAvailableYet
      : instructor.account === null
        ? PAYOUTS_TEXT.noPayoutAccount
        : null;
  const whyId = `owed-why-${instructor.instructorId}`;
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-semibold">{instructor.name}</p>
          <p className="break-all text-sm text-slate-600 dark:text-slate-400">{instructor.email}</p>
        </div>
        <button
          type="button"
          disabled={!canPay(instructor) || pay.isPending}
          aria-label={PAYOUTS_TEXT.payTo(amount, instructor.name)}
          aria-describedby={why ? whyId : undefined}
          onClick={() => {
            setError(null);
            pay.mutate({ instructorId: instructor.instructorId });
          }}
          className={actionClassName('primary', 'small')}
        >
          {pay.isPending ? PAYOUTS_TEXT.paying : PAYOUTS_TEXT.pay(amount)}
        </button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 xl:grid-cols-5">
        <Figure label={PAYOUTS_TEXT.balance}>{formatAmount(instructor.balance)}</Figure>
        <Figure label={PAYOUTS_TEXT.pending}>{formatAmount(instructor.pending)}</Figure>
        <Figure label={PAYOUTS_TEXT.available}>{amount}</Figure>
        <Figure label={PAYOUTS_TEXT.paid}>{formatAmount(instructor.paid)}</Figure>
        <Figure label={PAYOUTS_TEXT.account}>
          {PAYOUT_ACCOUNT_LABEL[instructor.account?.status ?? 'none']}
        </Figure>
      </dl>
      {why ? (
        <p id={whyId} className="text-sm text-slate-700 dark:text-slate-300">
          {why}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={errorTextClassName}>
          {error}
        </p>
      ) : null}
    </li>
  );
}

function OwedList() {
  const { data, error, isPending } = useQuery(owedQuery);
  if (isPending) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {PAYOUTS_TEXT.owedLoading}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className={errorTextClassName}>
        {errorMessage(error)}
      </p>
    );
  }
  if (data.instructors.length === 0) {
    return <p className="text-slate-700 dark:text-slate-300">{PAYOUTS_TEXT.owedEmpty}</p>;
  }
  return (
    <>
      <ul aria-label={PAYOUTS_TEXT.owedList} className="divide-y divide-slate-200 dark:divide-slate-700">
        {data.instructors.map((instructor) => (
          <OwedItem key={instructor.instructorId} instructor={instructor} />
        ))}
      </ul>
      {data.total > data.instructors.length ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {PAYOUTS_TEXT.owedShown(data.instructors.length, data.total)}
        </p>
      ) : null}
    </>
  );
}

export function AdminPayouts() {
  return (
    <>
      <Card
        title={PAYOUTS_TEXT.owedTitle}
        intro={<p className="mt-1 mb-2 text-slate-700 dark:text-slate-300">{PAYOUTS_TEXT.owedIntro}</p>}
      >
        <OwedList />
      </Card>
      <Card title={PAYOUTS_TEXT.recentTitle}>
        <PayoutHistory view="admin" />
      </Card>
    </>
  );
}
