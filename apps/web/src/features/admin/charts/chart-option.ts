/**
 * Builds the ECharts option of the admin charts (spec section 9: margin 5, bar gap 4, category gap 10%).
 * Pure and free of any echarts import, so it is unit-tested without loading the library.
 */
import { CHART } from '@lectio/contracts/constants';

export type ChartKind = 'line' | 'bar';

export interface ChartData {
  kind: ChartKind;
  /** x axis (category) labels. */
  categories: readonly string[];
  /** y values, one per category. */
  values: readonly number[];
  /** Series name shown in the tooltip. */
  seriesName: string;
  /** Whole numbers only (counts): no 0.5 ticks on the value axis. */
  integer?: boolean;
  /** How the tooltip shows a value (default: as is). */
  formatValue?: (value: number) => string;
}

/** Longer category labels (course titles, category names) are slanted and cut rather than dropped. */
const LONG_LABEL_CHARS = 12;
const SLANTED_LABEL_WIDTH_PX = 110;

export interface ChartLook {
  dark: boolean;
  animation: boolean;
}

// Tailwind indigo-600 / indigo-400 for the series, slate tones for text and grid lines.
const PALETTE = {
  light: { series: '#4f46e5', text: '#334155', grid: '#e2e8f0' },
  dark: { series: '#818cf8', text: '#cbd5e1', grid: '#334155' },
} as const;

export function buildChartOption(data: ChartData, look: ChartLook) {
  const colors = look.dark ? PALETTE.dark : PALETTE.light;
  const longLabels = data.categories.some((label) => label.length > LONG_LABEL_CHARS);
  const formatValue = data.formatValue;
  const series =
    data.kind === 'bar'
      ? {
          type: 'bar' as const,
          barGap: CHART.barGap,
          barCategoryGap: CHART.barCategoryGap,
          itemStyle: { borderRadius: [4, 4, 0, 0] },
        }
      : { type: 'line' as const, smooth: true, symbolSize: 6 };
  return {
    animation: look.animation,
    color: [colors.series],
    textStyle: { color: colors.text },
    grid: {
      left: CHART.margin,
      right: CHART.margin,
      // Room above the top tick label.
      top: CHART.margin * 4,
      bottom: CHART.margin,
      containLabel: true,
    },
    tooltip: {
      trigger: 'axis' as const,
      ...(formatValue ? { valueFormatter: (value: unknown) => formatValue(Number(value)) } : {}),
    },
    xAxis: {
      type: 'category' as const,
      data: [...data.categories],
      axisLabel: longLabels
        ? {
            color: colors.text,
            interval: 0,
            rotate: 30,
            width: SLANTED_LABEL_WIDTH_PX,
            overflow: 'truncate' as const,
          }
        : { color: colors.text, hideOverlap: true },
      axisLine: { lineStyle: { color: colors.grid } },
    },
    yAxis: {
      type: 'value' as const,
      ...(data.integer ? { minInterval: 1 } : {}),
      axisLabel: { color: colors.text },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: [{ ...series, name: data.seriesName, data: [...data.values] }],
  };
}

export type ChartOption = ReturnType<typeof buildChartOption>;
