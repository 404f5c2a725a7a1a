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
import { TableHead } from '~/components/ui/TableHead';
import { StatusText } from '~/features/admin/AdminDashboard';
import { Chart } from '~/features/admin/charts/Chart';
import { formatAmount, formatCount } from '~/features/admin/format';
import { StatCard, StatCards } from '~/features/admin/StatCard';
import { instructorEarningsQuery } from './earnings-queries';
import { EARNINGS_TEXT } from './earnings-text';
import { InstructorPayouts, type OnboardingReturn } from './InstructorPayouts';
import { formatMonth, hasAny } from './month-format';

const panelClassName =
  'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';

export function InstructorEarnings({ onboarding }: { onboarding?: OnboardingReturn } = {}) {
  const { data, error, isFetching } = useQuery(instructorEarningsQuery);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{EARNINGS_TEXT.title}</h1>
          {data ? (
            <p className="max-w-3xl text-slate-700 dark:text-slate-300">
              {EARNINGS_TEXT.subtitle(data.feePercent)}
            </p>
          ) : null}
        </div>
        <p role="status" className="text-sm">
          <StatusText fetching={isFetching} error={error} />
        </p>
      </header>
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
      <StatCards>
        <StatCard
          label={EARNINGS_TEXT.balance}
          value={formatAmount(data.balance)}
          hint={EARNINGS_TEXT.balanceHint}
        />
        <StatCard
          label={EARNINGS_TEXT.pending}
          value={formatAmount(data.pending)}
          hint={EARNINGS_TEXT.pendingHint}
        />
        <StatCard
          label={EARNINGS_TEXT.available}
          value={formatAmount(data.available)}
          hint={EARNINGS_TEXT.availableHint}
        />
        <StatCard label={EARNINGS_TEXT.paid} value={formatAmount(data.paid)} hint={EARNINGS_TEXT.paidHint} />
      </StatCards>

      {data.sales === 0 ? (
        <section className={panelClassName} aria-labelledby="earnings-empty">
          <h2 id="earnings-empty" className="text-lg font-semibold">
            {EARNINGS_TEXT.emptyTitle}
          </h2>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{EARNINGS_TEXT.emptyBody}</p>
          <Link
            to="/dashboard/instructor/course-list"
            className="mt-4 inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700"
          >
            {EARNINGS_TEXT.emptyAction}
          </Link>
        </section>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2">
            <StatCard
              label={EARNINGS_TEXT.lifetime(EARNINGS_TEXT.sales(data.sales))}
              value={formatAmount(data.lifetimeEarnings)}
            />
            <StatCard label={EARNINGS_TEXT.refunded} value={formatAmount(data.refunded)} />
          </dl>
          <Chart
            title={EARNINGS_TEXT.byMonth}
            kind="bar"
            rows={hasAny(data.months, (month) => month.earnings) ? data.months : []}
            category={(month) => formatMonth(month.month)}
            value={(month) => month.earnings}
            categoryLabel={EARNINGS_TEXT.month}
            valueLabel={EARNINGS_TEXT.earnings}
            formatValue={formatAmount}
            height={280}
          />
          <section className={panelClassName} aria-labelledby="earnings-by-course">
            <h2 id="earnings-by-course" className="mb-3 text-lg font-semibold">
              {EARNINGS_TEXT.byCourse}
            </h2>
            <table className="hidden w-full text-left text-sm sm:table">
              <TableHead
                className="text-slate-600 dark:text-slate-400"
                columns={[
                  { label: EARNINGS_TEXT.course },
                  { label: EARNINGS_TEXT.salesColumn, numeric: true },
                  { label: EARNINGS_TEXT.gross, numeric: true },
                  { label: EARNINGS_TEXT.earnings, numeric: true },
                  { label: EARNINGS_TEXT.refundedColumn, numeric: true },
                ]}
              />
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {data.courses.map((course) => (
                  <tr key={course.courseId}>
                    <th scope="row" className="py-2 pr-4 font-medium">
                      {course.title ?? EARNINGS_TEXT.deletedCourse}
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatCount(course.sales)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatAmount(course.gross)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatAmount(course.earnings)}</td>
                    <td className="py-2 text-right tabular-nums">{formatAmount(course.refunded)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* On narrow screens each course is a short block instead of a five-column row. */}
            <ul className="divide-y divide-slate-200 sm:hidden dark:divide-slate-700">
              {data.courses.map((course) => (
                <li key={course.courseId} className="py-3">
                  <p className="font-medium">{course.title ?? EARNINGS_TEXT.deletedCourse}</p>
                  <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    <dt className="text-slate-600 dark:text-slate-400">{EARNINGS_TEXT.salesColumn}</dt>
                    <dd className="text-right tabular-nums">{formatCount(course.sales)}</dd>
                    <dt className="text-slate-600 dark:text-slate-400">{EARNINGS_TEXT.gross}</dt>
                    <dd className="text-right tabular-nums">{formatAmount(course.gross)}</dd>
                    <dt className="text-slate-600 dark:text-slate-400">{EARNINGS_TEXT.earnings}</dt>
                    <dd className="text-right tabular-nums">{formatAmount(course.earnings)}</dd>
                    <dt className="text-slate-600 dark:text-slate-400">{EARNINGS_TEXT.refundedColumn}</dt>
                    <dd className="text-right tabular-nums">{formatAmount(course.refunded)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </>
  );
}
