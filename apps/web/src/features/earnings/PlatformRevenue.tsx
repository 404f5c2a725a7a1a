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
import { Card, CardGrid } from '~/components/ui/Card';
import { FiguresHeader } from '~/components/ui/FiguresHeader';
import { StatGrid } from '~/components/ui/StatGrid';
import { formatAmount } from '~/features/admin/format';
import { errorMessage } from '~/lib/api-errors';
import { toast } from '~/lib/toast';
import { trpc } from '~/lib/trpc';
import { platformRevenueQuery } from './earnings-queries';
import { EARNINGS_TEXT } from './earnings-text';
import { MonthlyAmountChart } from './MonthlyAmountChart';
import { AdminPayouts } from './OwedInstructors';

export function PlatformRevenue() {
  const revenue = useQuery(platformRevenueQuery);
  return (
    <div className="space-y-6">
      <FiguresHeader
        title={EARNINGS_TEXT.revenueTitle}
        subtitle={EARNINGS_TEXT.revenueSubtitle}
        query={revenue}
      />
      {revenue.data ? <RevenueBody data={revenue.data} /> : null}
    </div>
  );
}

function RevenueBody({ data }: { data: Revenue }) {
  return (
    <>
      <StatGrid
        figures={[
          {
            label: EARNINGS_TEXT.grossSales,
            value: formatAmount(data.grossSales),
            hint: EARNINGS_TEXT.grossSalesHint,
          },
          {
            label: EARNINGS_TEXT.commissionEarned,
            value: formatAmount(data.commissionEarned),
            hint: EARNINGS_TEXT.commissionHint,
          },
          {
            label: EARNINGS_TEXT.owed,
            value: formatAmount(data.owedToInstructors),
            hint: EARNINGS_TEXT.owedHint,
          },
          {
            label: EARNINGS_TEXT.paidOut,
            value: formatAmount(data.paidOut),
            hint: EARNINGS_TEXT.paidOutHint,
          },
        ]}
      />
      <StatGrid
        columns={2}
        figures={[
          {
            label: EARNINGS_TEXT.providerFees,
            value: formatAmount(data.providerFees),
            hint: EARNINGS_TEXT.providerFeesHint,
          },
          {
            label: EARNINGS_TEXT.refundedTotal,
            value: formatAmount(data.refunded),
            hint: EARNINGS_TEXT.refundedHint,
          },
        ]}
      />
      <CardGrid>
        <MonthlyAmountChart
          title={EARNINGS_TEXT.grossByMonth}
          months={data.months}
          amount={(month) => month.gross}
          amountLabel={EARNINGS_TEXT.grossSales}
        />
        <MonthlyAmountChart
          title={EARNINGS_TEXT.commissionByMonth}
          months={data.months}
          amount={(month) => month.commission}
          amountLabel={EARNINGS_TEXT.commission}
        />
      </CardGrid>
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
    <Card title={EARNINGS_TEXT.feeTitle}>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
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
    </Card>
  );
}
