/**
 * Stand-in for the lazily loaded echarts module in component tests (jsdom has no canvas): it renders the
 * option it was given, so tests can check what would be drawn.
 */
import type { ChartOption } from '~/features/admin/charts/chart-option';

export default function EChartStub({ option, height }: { option: ChartOption; height: number }) {
  return (
    <div
      data-testid="echart"
      data-height={height}
      data-kind={option.series[0]?.type}
      data-categories={JSON.stringify(option.xAxis.data)}
      data-values={JSON.stringify(option.series[0]?.data)}
      data-animation={String(option.animation)}
    />
  );
}
