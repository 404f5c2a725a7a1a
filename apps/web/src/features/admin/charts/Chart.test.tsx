import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Chart } from './Chart';

vi.mock('./EChart', () => import('../../../../test/chart-stub'));

const props = {
  title: 'Drop-off points',
  kind: 'bar' as const,
  category: (row: { lecture: string; rate: number }) => row.lecture,
  value: (row: { lecture: string; rate: number }) => row.rate,
  categoryLabel: 'Lecture',
  valueLabel: 'Drop-off',
  height: 200,
};

describe('Chart', () => {
  it('shows the empty state, not an axis of zeros, when every value is zero', () => {
    render(
      <Chart
        {...props}
        rows={[
          { lecture: 'Intro', rate: 0 },
          { lecture: 'Setup', rate: 0 },
        ]}
      />,
    );
    expect(screen.getByText('No data for this period yet')).toBeVisible();
    expect(screen.queryByRole('img', { name: 'Drop-off points' })).toBeNull();
  });

  it('draws the chart when any value is not zero', async () => {
    render(
      <Chart
        {...props}
        rows={[
          { lecture: 'Intro', rate: 0 },
          { lecture: 'Setup', rate: 12.5 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Drop-off points' })).toBeVisible();
    expect(screen.queryByText('No data for this period yet')).toBeNull();
  });
});
