/**
 * The instructor's earnings page and the admin's revenue screen (issue 14 item 2): figures from the
 * ledger's answers, the empty state of a new instructor, the chart's data, the courses table, and the
 * commission form's checks and save.
 */
import { buildInstructorEarnings, buildPlatformRevenue } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { formatMonth } from './month-format';

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));
vi.setConfig({ testTimeout: 20_000 });

/** The value a stat card shows for a label (the cards are a description list). */
function card(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('/dashboard/instructor/earnings', () => {
  it('shows the balance, pending, available and paid figures, the months and each course', async () => {
    startSignedIn('instructor');
    const earnings = buildInstructorEarnings({
      balance: 1598.8,
      pending: 799.4,
      available: 799.4,
      paid: 2000,
      lifetimeEarnings: 3998.4,
      refunded: 400.2,
      sales: 5,
      courses: [
        {
          courseId: '00000000-0000-4000-8000-0000000000c1',
          title: 'React',
          sales: 4,
          gross: 3996,
          earnings: 3196.8,
          refunded: 400.2,
        },
        {
          courseId: '00000000-0000-4000-8000-0000000000c2',
          title: null,
          sales: 1,
          gross: 999,
          earnings: 801.6,
          refunded: 0,
        },
      ],
    });
    api.answer('earnings.instructor', earnings);
    renderApp('/dashboard/instructor/earnings');
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
    expect(await screen.findByText(/the platform’s 20% commission/)).toBeVisible();
    expect(card('Balance')).toBe('₹1,598.80');
    expect(card('Pending')).toBe('₹799.40');
    expect(card('Available')).toBe('₹799.40');
    expect(card('Paid out')).toBe('₹2,000.00');
    expect(card('Lifetime earnings from 5 sales')).toBe('₹3,998.40');
    expect(card('Taken back by refunds')).toBe('₹400.20');

    const byCourse = screen.getByRole('region', { name: 'Sales by course' });
    const rows = within(byCourse).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'CourseSalesPaid by buyersYour earningsRefunded',
      'React4₹3,996.00₹3,196.80₹400.20',
      'Deleted course1₹999.00₹801.60₹0.00',
    ]);

    // The chart's hidden table holds the twelve months and their earnings.
    const chart = screen.getByRole('region', { name: 'Earnings by month' });
    const last = earnings.months.at(-1);
    if (!last) throw new Error('no months');
    expect(within(chart).getByRole('rowheader', { name: formatMonth(last.month) })).toBeVisible();
    expect(within(chart).getAllByRole('row')).toHaveLength(13);
    expect(api.calls('earnings.instructor')[0]?.input).toEqual({});
  });

  it('shows a new instructor what will appear, and the way to their courses', async () => {
    startSignedIn('instructor');
    api.answer(
      'earnings.instructor',
      buildInstructorEarnings({
        balance: 0,
        pending: 0,
        available: 0,
        lifetimeEarnings: 0,
        sales: 0,
        courses: [],
      }),
    );
    renderApp('/dashboard/instructor/earnings');
    expect(await screen.findByRole('heading', { name: 'No sales yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your courses' }).getAttribute('href')).toBe(
      '/dashboard/instructor/course-list',
    );
    expect(screen.queryByRole('region', { name: 'Sales by course' })).toBeNull();
  });

  it('names a month in the UTC calendar', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2025-12')).toBe('Dec 2025');
  });
});

describe('/dashboard/admin/revenue', () => {
  it('shows the platform’s figures and charts', async () => {
    startSignedIn('admin');
    api.answer(
      'earnings.platform',
      buildPlatformRevenue({
        grossSales: 5994,
        commissionEarned: 1198.8,
        providerFees: 0,
        refunded: 999,
        owedToInstructors: 4795.2,
        paidOut: 0,
      }),
    );
    renderApp('/dashboard/admin/revenue');
    expect(await screen.findByRole('heading', { name: 'Revenue', level: 1 })).toBeVisible();
    await screen.findByText('Gross sales', { selector: 'dt' });
    expect(card('Gross sales')).toBe('₹5,994.00');
    expect(card('Commission earned')).toBe('₹1,198.80');
    expect(card('Owed to instructors')).toBe('₹4,795.20');
    expect(card('Refunded')).toBe('₹999.00');
    expect(screen.getByRole('region', { name: 'Gross sales by month' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Commission by month' })).toBeVisible();
  });

  it('checks the rate before sending it, then saves it and refetches the figures', async () => {
    startSignedIn('admin');
    api.answer('earnings.platform', buildPlatformRevenue({ feePercent: 20 }));
    api.answer('earnings.setFeePercent', ({ input }) => ({ feePercent: input.percent }));
    const { user } = renderApp('/dashboard/admin/revenue');
    const field = await screen.findByLabelText('Commission (percent)');
    expect((field as HTMLInputElement).value).toBe('20');

    await user.clear(field);
    await user.type(field, '150');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('The commission must be a whole percent from 0 to 100')).toBeVisible();
    expect(api.calls('earnings.setFeePercent')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '25');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('The commission for new sales is now 25%.')).toBeInTheDocument();
    expect(api.calls('earnings.setFeePercent')[0]?.input).toEqual({ percent: 25 });
    await waitFor(() => expect(api.calls('earnings.platform').length).toBeGreaterThan(1));
  });
});
