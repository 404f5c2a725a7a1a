import type { AdminOverview } from '@lectio/contracts/admin';
import { MockApiError } from '@lectio/mocks';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { deferred } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { formatDateTime } from './format';

// The first render loads the route's modules; on a busy machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));

const overview: AdminOverview = {
  totalCourses: 10,
  totalStudents: 9,
  totalInstructors: 2,
  monthlyRevenue: [
    { _id: '2026-01', revenue: 1299.1 },
    { _id: '2026-02', revenue: 999.2 },
    { _id: '2026-03', revenue: 0.3 },
  ],
  newUsers: [
    { _id: '2026-03-04', count: 1 },
    { _id: '2026-03-05', count: 3 },
  ],
  topCourses: [
    { courseId: 'c1', title: 'Modern React from Scratch', instructor: 'Priya Sharma', enrollments: 5 },
    { courseId: 'c2', title: 'Machine Learning Foundations', instructor: 'Arjun Mehta', enrollments: 2 },
  ],
  recentTransactions: [
    {
      _id: 't1',
      course: { title: 'Docker and Kubernetes in Practice' },
      createdAt: '2026-03-05T08:35:00.000Z',
      amount: 2499,
    },
  ],
};

function card(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
}

describe('admin dashboard', () => {
  it("says 'Refreshing...' while loading, then 'Up to date' with the figures", async () => {
    const response = deferred<AdminOverview>();
    api.answer('admin.overview', () => response.promise);
    startSignedIn('admin');
    renderApp('/dashboard/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(screen.getByText('Overview of platform activity & revenue')).toBeVisible();
    expect(await screen.findByText('Refreshing...')).toBeVisible();

    response.resolve(overview);
    expect(await screen.findByText('Up to date')).toBeVisible();
    expect(screen.queryByText('Refreshing...')).toBeNull();

    expect(within(card('Total Courses')).getByText('10')).toBeVisible();
    expect(within(card('Total Students')).getByText('9')).toBeVisible();
    expect(within(card('Total Instructors')).getByText('2')).toBeVisible();
    // This month's revenue (the chart's last point), saying which month it is.
    expect(within(card('Monthly Revenue')).getByText('₹0.30')).toBeVisible();
    expect(within(card('Monthly Revenue')).getByText('Mar 2026, so far')).toBeVisible();
  });

  it('lists top courses and recent transactions', async () => {
    api.answer('admin.overview', overview);
    startSignedIn('admin');
    renderApp('/dashboard/admin');

    const top = await screen.findByRole('region', { name: 'Top Courses by Enrollments' });
    const topItems = within(top).getAllByRole('listitem');
    expect(topItems).toHaveLength(2);
    expect(topItems[0]?.textContent).toContain('Modern React from Scratch');
    expect(topItems[0]?.textContent).toContain('Priya Sharma');
    expect(topItems[0]?.textContent).toContain('5 students');

    const transactions = screen.getByRole('region', { name: 'Recent Transactions' });
    const [transaction] = within(transactions).getAllByRole('listitem');
    expect(transaction?.textContent).toContain('Docker and Kubernetes in Practice');
    expect(transaction?.textContent).toContain(formatDateTime('2026-03-05T08:35:00.000Z'));
    expect(transaction?.textContent).toContain('₹2,499.00');
  });

  it('draws the revenue line chart and the new-users bar chart with accessible names and data tables', async () => {
    api.answer('admin.overview', overview);
    startSignedIn('admin');
    renderApp('/dashboard/admin');

    const revenue = await screen.findByRole('img', { name: 'Revenue (Last 6 months)' });
    const revenueChart = await within(revenue).findByTestId('echart');
    expect(revenueChart.dataset).toMatchObject({
      kind: 'line',
      height: '240',
      animation: 'false',
      categories: JSON.stringify(['2026-01', '2026-02', '2026-03']),
      values: JSON.stringify([1299.1, 999.2, 0.3]),
    });
    const users = screen.getByRole('img', { name: 'New Users (Last 7 days)' });
    expect((await within(users).findByTestId('echart')).dataset).toMatchObject({
      kind: 'bar',
      categories: JSON.stringify(['2026-03-04', '2026-03-05']),
      values: JSON.stringify([1, 3]),
    });

    const table = screen.getByRole('table', { name: 'Revenue (Last 6 months)' });
    expect(within(table).getByRole('rowheader', { name: '2026-01' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: '₹1,299.10' })).toBeVisible();
  });

  it("shows a warning with the error's message when loading fails, and retries", async () => {
    api.answer('admin.overview', () => {
      if (api.calls('admin.overview').length === 1) {
        throw new MockApiError('NOT_FOUND', 'Statistics are not available');
      }
      return overview;
    });
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin');

    expect(await screen.findByText('Statistics are not available')).toBeVisible();
    expect(screen.queryByText('Up to date')).toBeNull();
    expect(screen.queryByText('Total Courses')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Up to date')).toBeVisible();
    await waitFor(() => expect(api.calls('admin.overview').length).toBe(2));
  });
});
