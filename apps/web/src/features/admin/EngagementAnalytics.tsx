/**
 * Engagement analytics (spec section 2): a spinner while loading, 'Failed to load analytics' on failure,
 * the active-users and session-time cards, and the popular-categories and drop-off bar charts.
 */
import type { Engagement } from '@lectio/contracts/admin';
import { CHART } from '@lectio/contracts/constants';
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { CardGrid } from '~/components/ui/Card';
import { StatGrid } from '~/components/ui/StatGrid';
import { SCREEN_TITLES } from '../dashboard/screen-titles';
import { engagementQuery } from './admin-queries';
import { ADMIN_TEXT } from './admin-text';
import { Chart } from './charts/Chart';
import { formatCount, formatPercent, formatSessionMinutes } from './format';

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex justify-center py-16">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-indigo-600 motion-reduce:animate-none dark:border-slate-700 dark:border-t-indigo-400"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

function Figures({ data }: { data: Engagement }) {
  return (
    <>
      <StatGrid
        columns={2}
        figures={[
          {
            label: ADMIN_TEXT.activeUsers,
            value: formatCount(data.activeUsers),
            hint: ADMIN_MESSAGES.activeUsersHint,
          },
          {
            label: ADMIN_TEXT.avgSessionTime,
            value: ADMIN_TEXT.minutes(formatSessionMinutes(data.avgSessionTime)),
            hint: ADMIN_MESSAGES.avgSessionHint,
          },
        ]}
      />
      <CardGrid>
        <Chart
          title={ADMIN_TEXT.popularCategories}
          kind="bar"
          rows={data.popularCategories}
          category={(row) => row.category}
          value={(row) => row.views}
          categoryLabel={ADMIN_TEXT.category}
          valueLabel={ADMIN_TEXT.views}
          integer
          height={CHART.analyticsHeightPx}
        />
        <Chart
          title={ADMIN_TEXT.dropOffPoints}
          kind="bar"
          rows={data.dropOffPoints}
          category={(row) => row.title}
          value={(row) => row.completionRate}
          categoryLabel={ADMIN_TEXT.courseOrLecture}
          valueLabel={ADMIN_TEXT.completionRate}
          formatValue={formatPercent}
          height={CHART.analyticsHeightPx}
        />
      </CardGrid>
    </>
  );
}

export function EngagementAnalytics() {
  const { data, isPending, isError } = useQuery(engagementQuery);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{SCREEN_TITLES.engagementAnalytics}</h1>
      {isPending ? (
        <Spinner label={ADMIN_TEXT.loading} />
      ) : isError ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {ADMIN_MESSAGES.analyticsLoadFailed}
        </p>
      ) : (
        <Figures data={data} />
      )}
    </div>
  );
}
