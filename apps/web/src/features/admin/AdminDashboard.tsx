/**
 * The admin dashboard (spec section 2, "Admin screens"): heading with a live status text, four figure
 * cards, the revenue and new-user charts, top courses and recent transactions from GET /admin/overview.
 */
import { CHART } from '@lectio/contracts/constants';
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '~/lib/api-errors';
import { formatMonth } from '../earnings/month-format';
import { adminOverviewQuery } from './admin-queries';
import { ADMIN_TEXT } from './admin-text';
import { Chart } from './charts/Chart';
import { formatAmount, formatCount, formatDateTime, latestMonthRevenue } from './format';
import { StatCard, StatCards } from './StatCard';

const panelClassName =
  'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';

/** 'Refreshing...' while loading, a warning with the error's message on error, otherwise 'Up to date'. */
export function StatusText({ fetching, error }: { fetching: boolean; error: unknown }) {
  if (fetching) {
    return <span className="text-slate-600 dark:text-slate-400">{ADMIN_MESSAGES.refreshing}</span>;
  }
  if (error) {
    return (
      <span className="font-medium text-amber-800 dark:text-amber-300">
        <span aria-hidden="true">⚠ </span>
        {errorMessage(error)}
      </span>
    );
  }
  return <span className="text-emerald-700 dark:text-emerald-400">{ADMIN_MESSAGES.upToDate}</span>;
}

export function AdminDashboard() {
  const { data, error, isFetching, refetch } = useQuery(adminOverviewQuery);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{ADMIN_MESSAGES.dashboardTitle}</h1>
          <p className="text-slate-700 dark:text-slate-300">{ADMIN_MESSAGES.dashboardSubtitle}</p>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <p role="status">
            <StatusText fetching={isFetching} error={error} />
          </p>
          {error && !isFetching ? (
            <button
              type="button"
              onClick={() => void refetch()}
              className="rounded-md border border-slate-300 px-3 py-1 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              {ADMIN_TEXT.retry}
            </button>
          ) : null}
        </div>
      </header>

      {data ? (
        <>
          <StatCards>
            <StatCard label={ADMIN_TEXT.totalCourses} value={formatCount(data.totalCourses)} />
            <StatCard label={ADMIN_TEXT.totalStudents} value={formatCount(data.totalStudents)} />
            <StatCard label={ADMIN_TEXT.totalInstructors} value={formatCount(data.totalInstructors)} />
            <StatCard
              label={ADMIN_TEXT.monthlyRevenue}
              value={formatAmount(latestMonthRevenue(data.monthlyRevenue)?.revenue ?? 0)}
              hint={ADMIN_TEXT.monthlyRevenueHint(
                formatMonth(latestMonthRevenue(data.monthlyRevenue)?.month ?? ''),
              )}
            />
          </StatCards>

          <div className="grid gap-6 xl:grid-cols-2">
            <Chart
              title={ADMIN_TEXT.revenueChart}
              kind="line"
              rows={data.monthlyRevenue}
              category={(row) => row._id}
              value={(row) => row.revenue}
              categoryLabel={ADMIN_TEXT.month}
              valueLabel={ADMIN_TEXT.revenue}
              formatValue={formatAmount}
              height={CHART.heightPx}
            />
            <Chart
              title={ADMIN_TEXT.newUsersChart}
              kind="bar"
              rows={data.newUsers}
              category={(row) => row._id}
              value={(row) => row.count}
              categoryLabel={ADMIN_TEXT.day}
              valueLabel={ADMIN_TEXT.newUsers}
              integer
              height={CHART.heightPx}
            />
          </div>

          {/* grid-cols-1 (minmax(0, 1fr)) lets the truncated titles shrink instead of widening the page. */}
          <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
            <section aria-labelledby="top-courses-heading" className={panelClassName}>
              <h2 id="top-courses-heading" className="mb-3 text-lg font-semibold">
                {ADMIN_TEXT.topCourses}
              </h2>
              {data.topCourses.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{ADMIN_TEXT.noTopCourses}</p>
              ) : (
                <ol className="divide-y divide-slate-200 dark:divide-slate-700">
                  {data.topCourses.map((course) => (
                    <li key={course.courseId} className="flex items-center justify-between gap-4 py-3">
                      <div className="min-w-0">
                        <p className="truncate font-medium">{course.title}</p>
                        <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                          {course.instructor}
                        </p>
                      </div>
                      <span className="shrink-0 text-sm font-semibold tabular-nums">
                        {ADMIN_TEXT.studentsCount(course.enrollments)}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>

            <section aria-labelledby="recent-transactions-heading" className={panelClassName}>
              <h2 id="recent-transactions-heading" className="mb-3 text-lg font-semibold">
                {ADMIN_TEXT.recentTransactions}
              </h2>
              {data.recentTransactions.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{ADMIN_TEXT.noTransactions}</p>
              ) : (
                <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                  {data.recentTransactions.map((transaction) => (
                    <li key={transaction._id} className="flex items-center justify-between gap-4 py-3">
                      <div className="min-w-0">
                        <p className="truncate font-medium">{transaction.course.title}</p>
                        <p className="text-sm text-slate-600 dark:text-slate-400">
                          <time dateTime={transaction.createdAt}>
                            {formatDateTime(transaction.createdAt)}
                          </time>
                        </p>
                      </div>
                      <span className="flex shrink-0 items-center gap-3">
                        <span className="font-semibold tabular-nums">{formatAmount(transaction.amount)}</span>
                        <Link
                          to="/dashboard/admin/refunds"
                          search={{ paymentId: transaction._id }}
                          aria-label={ADMIN_TEXT.refundTransaction(transaction.course.title)}
                          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                        >
                          {ADMIN_TEXT.refund}
                        </Link>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      ) : null}
    </div>
  );
}
