import { describe, expect, it } from 'vitest';
import { buildChartOption } from './chart-option';

const data = { categories: ['2026-01', '2026-02'], values: [10, 20], seriesName: 'Revenue' };

describe('buildChartOption', () => {
  it('draws a bar series with the spec gaps and margins', () => {
    const option = buildChartOption({ ...data, kind: 'bar' }, { dark: false, animation: false });
    expect(option.grid).toMatchObject({ left: 5, right: 5, bottom: 5, containLabel: true });
    expect(option.series[0]).toMatchObject({
      type: 'bar',
      name: 'Revenue',
      data: [10, 20],
      barGap: 4,
      barCategoryGap: '10%',
    });
    expect(option.xAxis.data).toEqual(['2026-01', '2026-02']);
    expect(option.animation).toBe(false);
  });

  it('draws a line series, animated when asked, in dark colours for the dark theme', () => {
    const light = buildChartOption({ ...data, kind: 'line' }, { dark: false, animation: true });
    const dark = buildChartOption({ ...data, kind: 'line' }, { dark: true, animation: true });
    expect(light.series[0]).toMatchObject({ type: 'line', data: [10, 20] });
    expect(light.series[0]).not.toHaveProperty('barGap');
    expect(light.animation).toBe(true);
    expect(dark.textStyle.color).not.toBe(light.textStyle.color);
  });

  it('keeps counts on whole ticks, formats tooltip values and slants long category labels', () => {
    const counts = buildChartOption(
      { ...data, kind: 'bar', integer: true, categories: ['Web Development', 'Data Science'] },
      { dark: false, animation: false },
    );
    expect(counts.yAxis).toMatchObject({ minInterval: 1 });
    expect(counts.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 30, overflow: 'truncate' });

    const money = buildChartOption(
      { ...data, kind: 'line', formatValue: (value) => `₹${value.toFixed(2)}` },
      { dark: false, animation: false },
    );
    expect(money.yAxis).not.toHaveProperty('minInterval');
    expect(money.xAxis.axisLabel).toMatchObject({ hideOverlap: true });
    const tooltip = money.tooltip as { valueFormatter?: (value: unknown) => string };
    expect(tooltip.valueFormatter?.(1299)).toBe('₹1299.00');
  });
});
