/**
 * A bar chart of money by calendar month from the ledger's months (the instructor's earnings, the
 * platform's gross sales and commission). Months that are all zero show the chart's empty state.
 */
import { Chart } from '~/features/admin/charts/Chart';
import { formatAmount } from '~/features/admin/format';
import { EARNINGS_TEXT } from './earnings-text';
import { formatMonth } from './month-format';

const HEIGHT_PX = 280;

export function MonthlyAmountChart<Month extends { month: string }>({
  title,
  months,
  amount,
  amountLabel,
}: {
  title: string;
  months: readonly Month[];
  amount: (month: Month) => number;
  amountLabel: string;
}) {
  return (
    <Chart
      title={title}
      kind="bar"
      rows={months}
      category={(month) => formatMonth(month.month)}
      value={amount}
      categoryLabel={EARNINGS_TEXT.month}
      valueLabel={amountLabel}
      formatValue={formatAmount}
      height={HEIGHT_PX}
    />
  );
}
