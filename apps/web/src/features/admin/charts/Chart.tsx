/**
 * The dashboards' chart card (a components/ui Card): title, the chart itself (echarts, loaded lazily from
 * ./EChart so the library stays out of the entry bundle and out of the admin screens' own chunk), and for
 * assistive technology an accessible name, a short summary and the same data as a visually hidden table.
 * Animation is off in tests and for users who prefer reduced motion.
 */
import { Component, lazy, type ReactNode, Suspense, useId, useMemo } from 'react';
import { Card } from '~/components/ui/Card';
import { useTheme } from '~/lib/theme';
import { ADMIN_TEXT } from '../admin-text';
import { buildChartOption, type ChartKind } from './chart-option';

const EChart = lazy(() => import('./EChart'));

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** Shows the fallback when the chart chunk fails to load (offline, new deploy); the table still has the data. */
class ChartErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Rows of the hidden data table, keyed by category (repeated categories get a counter). */
function tableRows(categories: readonly string[], values: readonly number[]) {
  const seen = new Map<string, number>();
  return categories.map((category, position) => {
    const occurrence = (seen.get(category) ?? 0) + 1;
    seen.set(category, occurrence);
    return { key: `${category}#${occurrence}`, category, value: values[position] ?? 0 };
  });
}

export interface ChartProps<T> {
  title: string;
  kind: ChartKind;
  rows: readonly T[];
  category: (row: T) => string;
  value: (row: T) => number;
  categoryLabel: string;
  valueLabel: string;
  /** How a value reads in the tooltip and the data table (default: as is). */
  formatValue?: (value: number) => string;
  /** The values are counts: whole-number ticks. */
  integer?: boolean;
  height: number;
}

export function Chart<T>({
  title,
  kind,
  rows,
  category,
  value,
  categoryLabel,
  valueLabel,
  formatValue = String,
  integer = false,
  height,
}: ChartProps<T>) {
  const summaryId = useId();
  const dark = useTheme() === 'dark';
  const categories = rows.map(category);
  const values = rows.map(value);
  const categoriesKey = categories.join('\u0000');
  const points = tableRows(categories, values);
  const valuesKey = values.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined keys stand for the arrays' contents.
  const option = useMemo(
    () =>
      buildChartOption(
        { kind, categories, values, seriesName: valueLabel, integer, formatValue },
        { dark, animation: import.meta.env.MODE !== 'test' && !prefersReducedMotion() },
      ),
    [kind, categoriesKey, valuesKey, valueLabel, integer, formatValue, dark],
  );

  return (
    <Card title={title}>
      {/* Nothing to draw: no rows, or every value zero (an axis of zeros says nothing; issue 15). */}
      {values.every((point) => point === 0) ? (
        <p
          className="flex items-center justify-center text-sm text-slate-600 dark:text-slate-400"
          style={{ height }}
        >
          {ADMIN_TEXT.noChartData}
        </p>
      ) : (
        <>
          <div role="img" aria-label={title} aria-describedby={summaryId} style={{ height }}>
            <ChartErrorBoundary
              fallback={
                <p className="text-sm text-slate-600 dark:text-slate-400">{ADMIN_TEXT.chartUnavailable}</p>
              }
            >
              <Suspense
                fallback={
                  <div className="h-full w-full animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
                }
              >
                <EChart option={option} height={height} />
              </Suspense>
            </ChartErrorBoundary>
          </div>
          <p id={summaryId} className="sr-only">
            {ADMIN_TEXT.chartSummary(
              kind === 'line' ? ADMIN_TEXT.lineChart : ADMIN_TEXT.barChart,
              rows.length,
            )}
          </p>
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{categoryLabel}</th>
                <th scope="col">{valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.key}>
                  <th scope="row">{point.category}</th>
                  <td>{formatValue(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
