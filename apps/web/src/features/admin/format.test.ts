import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDateTime,
  formatPercent,
  formatSessionMinutes,
  latestMonthRevenue,
} from './format';

describe('admin formatting', () => {
  it('shows amounts in rupees with exactly 2 decimals and en-IN grouping', () => {
    expect(formatAmount(0)).toBe('₹0.00');
    expect(formatAmount(1299)).toBe('₹1,299.00');
    expect(formatAmount(123456.7)).toBe('₹1,23,456.70');
    expect(formatAmount(9.999)).toBe('₹10.00');
  });

  it('takes the latest month of the series for the Monthly Revenue card (the chart’s last point)', () => {
    expect(latestMonthRevenue([])).toBeNull();
    expect(
      latestMonthRevenue([
        { _id: '2026-01', revenue: 1299.1 },
        { _id: '2026-02', revenue: 999.2 },
      ]),
    ).toEqual({ month: '2026-02', revenue: 999.2 });
  });

  it('shows session time in minutes with 1 decimal', () => {
    expect(formatSessionMinutes(0)).toBe('0.0');
    expect(formatSessionMinutes(750)).toBe('12.5');
    expect(formatSessionMinutes(61)).toBe('1.0');
  });

  it('shows completion rates as percentages with at most 1 decimal', () => {
    expect(formatPercent(42.5)).toBe('42.5%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(33.333)).toBe('33.3%');
  });

  it('formats timestamps for en-IN in local time and leaves garbage alone', () => {
    const iso = '2026-03-05T08:35:00.000Z';
    expect(formatDateTime(iso)).toBe(
      new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatDateTime(iso)).toMatch(/2026/);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
