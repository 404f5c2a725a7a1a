/**
 * The instructor's earnings page (`{base}/earnings`, issue 14 item 2): balance, pending, available and
 * paid out; lifetime earnings and refunds; a chart by month and the sales of each course, all from
 * `earnings.instructor` (the ledger). A new instructor sees what will appear here and a way to their courses.
 * Below, the payouts: the payout account and the payouts made (InstructorPayouts); `onboarding` is how the
 * payment provider's onboarding came back here (`?onboarding=`).
 */
import type { InstructorEarnings as Earnings } from '@lectio/contracts/earnings';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card } from '~/components/ui/Card';
import { FiguresHeader } from '~/components/ui/FiguresHeader';
import { StackedTable } from '~/components/ui/StackedTable';
import { StatGrid } from '~/components/ui/StatGrid';
import { formatAmount, formatCount } from '~/features/admin/format';
import { instructorEarningsQuery } from './earnings-queries';
import { EARNINGS_TEXT } from './earnings-text';
import { InstructorPayouts, type OnboardingReturn } from './InstructorPayouts';
import { MonthlyAmountChart } from './MonthlyAmountChart';

export function InstructorEarnings({ onboarding }: { onboarding?: OnboardingReturn } = {}) {
  const earnings = useQuery(instructorEarningsQuery);
  const { data } = earnings;
  return (
    <div className="space-y-6">
      <FiguresHeader
        title={EARNINGS_TEXT.title}
        subtitle={data ? EARNINGS_TEXT.subtitle(data.feePercent) : undefined}
        query={earnings}
      />
      {data ? (
        <>
          <EarningsBody data={data} />
          <InstructorPayouts summary={data.payoutAccount} onboarding={onboarding} />
        </>
      ) : null}
    </div>
  );
}

function EarningsBody({ data }: { data: Earnings }) {
  return (
    <>
      <StatGrid
        figures={[
          {
            label: EARNINGS_TEXT.balance,
            value: formatAmount(data.balance),
            hint: EARNINGS_TEXT.balanceHint,
          },
          {
            label: EARNINGS_TEXT.pending,
            value: formatAmount(data.pending),
            hint: EARNINGS_TEXT.pendingHint,
          },
          {
            label: EARNINGS_TEXT.available,
            value: formatAmount(data.available),
            hint: EARNINGS_TEXT.availableHint,
          },
          { label: EARNINGS_TEXT.paid, value: formatAmount(data.paid), hint: EARNINGS_TEXT.paidHint },
        ]}
      />

      {data.sales === 0 ? (
        <Card
          title={EARNINGS_TEXT.emptyTitle}
          intro={<p className="mt-1 text-slate-700 dark:text-slate-300">{EARNINGS_TEXT.emptyBody}</p>}
        >
          <Link
            to="/dashboard/instructor/course-list"
            className="mt-4 inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700"
          >
            {EARNINGS_TEXT.emptyAction}
          </Link>
        </Card>
      ) : (
        <>
          <StatGrid
            columns={2}
            figures={[
              {
                label: EARNINGS_TEXT.lifetime(EARNINGS_TEXT.sales(data.sales)),
                value: formatAmount(data.lifetimeEarnings),
              },
              { label: EARNINGS_TEXT.refunded, value: formatAmount(data.refunded) },
            ]}
          />
          <MonthlyAmountChart
            title={EARNINGS_TEXT.byMonth}
            months={data.months}
            amount={(month) => month.earnings}
            amountLabel={EARNINGS_TEXT.earnings}
          />
          <Card title={EARNINGS_TEXT.byCourse}>
            <StackedTable
              breakpoint="sm"
              rows={data.courses}
              rowKey={(course) => course.courseId}
              columns={[
                {
                  label: EARNINGS_TEXT.course,
                  cell: (course) => course.title ?? EARNINGS_TEXT.deletedCourse,
                },
                {
                  label: EARNINGS_TEXT.salesColumn,
                  numeric: true,
                  cell: (course) => formatCount(course.sales),
                },
                { label: EARNINGS_TEXT.gross, numeric: true, cell: (course) => formatAmount(course.gross) },
                {
                  label: EARNINGS_TEXT.earnings,
                  numeric: true,
                  cell: (course) => formatAmount(course.earnings),
                },
                {
                  label: EARNINGS_TEXT.refundedColumn,
                  numeric: true,
                  cell: (course) => formatAmount(course.refunded),
                },
              ]}
            />
          </Card>
        </>
      )}
    </>
  );
}
