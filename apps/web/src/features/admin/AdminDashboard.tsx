/**
 * The admin dashboard (spec section 2, "Admin screens"): heading with a live status text, four figure
 * cards, the revenue and new-user charts, top courses and recent transactions from GET /admin/overview.
 */
import { CHART } from '@lectio/contracts/constants';
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card, CardGrid, CardList, FigureRow } from '~/components/ui/Card';
import { FiguresHeader } from '~/components/ui/FiguresHeader';
import { StatGrid } from '~/components/ui/StatGrid';
import { formatMonth } from '../earnings/month-format';
import { adminOverviewQuery } from './admin-queries';
import { ADMIN_TEXT } from './admin-text';
import { Chart } from './charts/Chart';
import { formatAmount, formatCount, formatDateTime, latestMonthRevenue } from './format';

export function AdminDashboard() {
  const overview = useQuery(adminOverviewQuery);
  const { data, error, isFetching, refetch } = overview;

  return (
    <div className="space-y-6">
      <FiguresHeader
        title={ADMIN_MESSAGES.dashboardTitle}
        subtitle={ADMIN_MESSAGES.dashboardSubtitle}
        query={overview}
      >
        {error && !isFetching ? (
          <button
            type="button"
            onClick={() => void refetch()}
            className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {ADMIN_TEXT.retry}
          </button>
        ) : null}
      </FiguresHeader>

      {data ? (
        <>
          <StatGrid
            figures={[
              { label: ADMIN_TEXT.totalCourses, value: formatCount(data.totalCourses) },
              { label: ADMIN_TEXT.totalStudents, value: formatCount(data.totalStudents) },
              { label: ADMIN_TEXT.totalInstructors, value: formatCount(data.totalInstructors) },
              {
                label: ADMIN_TEXT.monthlyRevenue,
                value: formatAmount(latestMonthRevenue(data.monthlyRevenue)?.revenue ?? 0),
                hint: ADMIN_TEXT.monthlyRevenueHint(
                  formatMonth(latestMonthRevenue(data.monthlyRevenue)?.month ?? ''),
                ),
              },
            ]}
          />

          <CardGrid>
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
          </CardGrid>

          <CardGrid>
            <Card title={ADMIN_TEXT.topCourses}>
              <CardList
                ordered
                items={data.topCourses}
                empty={ADMIN_TEXT.noTopCourses}
                row={(course) => (
                  <FigureRow
                    key={course.courseId}
                    figure={
                      <span className="shrink-0 text-sm font-semibold tabular-nums">
                        {ADMIN_TEXT.studentsCount(course.enrollments)}
                      </span>
                    }
                  >
                    <p className="truncate font-medium">{course.title}</p>
                    <p className="truncate text-sm text-slate-600 dark:text-slate-400">{course.instructor}</p>
                  </FigureRow>
                )}
              />
            </Card>

            <Card title={ADMIN_TEXT.recentTransactions}>
              <CardList
                items={data.recentTransactions}
                empty={ADMIN_TEXT.noTransactions}
                row={(transaction) => (
                  <FigureRow
                    key={transaction._id}
                    figure={
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
                    }
                  >
                    <p className="truncate font-medium">{transaction.course.title}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
                    </p>
                  </FigureRow>
                )}
              />
            </Card>
          </CardGrid>
        </>
      ) : null}
    </div>
  );
}
