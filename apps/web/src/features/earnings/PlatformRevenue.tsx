/**
 * The admin's revenue screen (`/dashboard/admin/revenue`, issue 14 item 2): gross sales, commission
 * earned, provider fees, refunds, what instructors are owed and what was paid out, by month too, from
 * `earnings.platform` (the ledger); the commission for new sales (`earnings.setFeePercent`); and the
 * payouts: what each instructor is owed, paying them, and the recent payouts (AdminPayouts).
 */
import type { PlatformRevenue as Revenue } from '@lectio/contracts/earnings';
import { EARNINGS_MESSAGES } from '@lectio/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '~/components/TextField';
import { StatusText } from '~/features/admin/AdminDashboard';
import { Chart } from '~/features/admin/charts/Chart';
import { formatAmount } from '~/features/admin/format';
import { StatCard, StatCards } from '~/features/admin/StatCard';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { platformRevenueQuery } from './earnings-queries';
import { EARNINGS_TEXT } from './earnings-text';
import { formatMonth, hasAny } from './month-format';
import { AdminPayouts } from './OwedInstructors';

export function PlatformRevenue() {
  const { data, error, isFetching } = useQuery(platformRevenueQuery);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{EARNINGS_TEXT.revenueTitle}</h1>
          <p className="text-slate-700 dark:text-slate-300">{EARNINGS_TEXT.revenueSubtitle}</p>
        </div>
        <p role="status" className="text-sm">
          <StatusText fetching={isFetching} error={error} />
        </p>
      </header>
      {data ? <RevenueBody data={data} /> : null}
    </div>
  );
}

function RevenueBody({ data }: { data: Revenue }) {
  return (
    <>
      <StatCards>
        <StatCard
          label={EARNINGS_TEXT.grossSales}
          value={formatAmount(data.grossSales)}
          hint={EARNINGS_TEXT.grossSalesHint}
        />
        <StatCard
          label={EARNINGS_TEXT.commissionEarned}
          value={formatAmount(data.commissionEarned)}
          hint={EARNINGS_TEXT.commissionHint}
        />
        <StatCard
          label={EARNINGS_TEXT.owed}
          value={formatAmount(data.owedToInstructors)}
          hint={EARNINGS_TEXT.owedHint}
        />
        <StatCard
          label={EARNINGS_TEXT.paidOut}
          value={formatAmount(data.paidOut)}
          hint={EARNINGS_TEXT.paidOutHint}
        />
      </StatCards>
      <dl className="grid gap-4 sm:grid-cols-2">
        <StatCard
          label={EARNINGS_TEXT.providerFees}
          value={formatAmount(data.providerFees)}
          hint={EARNINGS_TEXT.providerFeesHint}
        />
        <StatCard
          label={EARNINGS_TEXT.refundedTotal}
          value={formatAmount(data.refunded)}
          hint={EARNINGS_TEXT.refundedHint}
        />
      </dl>
      <div className="grid gap-6 xl:grid-cols-2">
        <Chart
          title={EARNINGS_TEXT.grossByMonth}
          kind="bar"
          rows={hasAny(data.months, (month) => month.gross) ? data.months : []}
          category={(month) => formatMonth(month.month)}
          value={(month) => month.gross}
          categoryLabel={EARNINGS_TEXT.month}
          valueLabel={EARNINGS_TEXT.grossSales}
          formatValue={formatAmount}
          height={280}
        />
        <Chart
          title={EARNINGS_TEXT.commissionByMonth}
          kind="bar"
          rows={hasAny(data.months, (month) => month.commission) ? data.months : []}
          category={(month) => formatMonth(month.month)}
          value={(month) => month.commission}
          categoryLabel={EARNINGS_TEXT.month}
          valueLabel={EARNINGS_TEXT.commission}
          formatValue={formatAmount}
          height={280}
        />
      </div>
      <FeeForm current={data.feePercent} />
      <AdminPayouts />
    </>
  );
}

function FeeForm({ current }: { current: number }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(current));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const mutation = useMutation(
    trpc.earnings.setFeePercent.mutationOptions({
      onSuccess: async (result) => {
        toast.success(EARNINGS_MESSAGES.feePercentSaved(result.feePercent));
        await queryClient.invalidateQueries(trpc.earnings.platform.queryFilter());
      },
      onError: (error) => {
        toast.error(errorMessage(error));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    const percent = Number(text);
    if (!/^\d{1,3}$/.test(text) || percent > 100) {
      setFieldError(EARNINGS_MESSAGES.feePercentInvalid);
      return;
    }
    setFieldError(undefined);
    mutation.mutate({ percent });
  };

  return (
    <section
      aria-labelledby="fee-title"
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="fee-title" className="text-lg font-semibold">
        {EARNINGS_TEXT.feeTitle}
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
        <div className="w-48">
          <TextField
            id="platform-fee"
            label={EARNINGS_TEXT.feeLabel}
            inputMode="numeric"
            value={value}
            onValueChange={setValue}
            error={fieldError}
          />
        </div>
        <button
          type="submit"
          disabled={mutation.isPending}
          className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {mutation.isPending ? EARNINGS_TEXT.feeSaving : EARNINGS_TEXT.feeSave}
        </button>
      </form>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{EARNINGS_TEXT.feeHelp}</p>
    </section>
  );
}
