/**
 * A bar chart of one ledger amount by calendar month (the earnings and revenue screens). A year of zeros
 * shows the chart's empty state instead of a row of empty bars.
 */
import { Chart } from '~/features/admin/charts/Chart';
import { formatAmount } from '~/features/admin/format';
import { EARNINGS_TEXT } from './earnings-text';
import { formatMonth, hasAny } from './month-format';

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
      rows={hasAny(months, amount) ? months : []}
      category={(month) => formatMonth(month.month)}
      value={amount}
      categoryLabel={EARNINGS_TEXT.month}
      valueLabel={amountLabel}
      formatValue={formatAmount}
      height={280}
    />
  );
}
