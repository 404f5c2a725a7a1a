import type { Engagement } from '@lectio/contracts/admin';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { deferred } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

// The first render loads the route's modules; on a busy machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));

const engagement: Engagement = {
  activeUsers: 4,
  avgSessionTime: 750,
  popularCategories: [
    { category: 'Web Development', views: 12 },
    { category: 'Data Science', views: 5 },
  ],
  dropOffPoints: [{ title: 'Modern React from Scratch', completionRate: 42.5 }],
};

describe('engagement analytics', () => {
  it('shows a labelled spinner while loading, then the cards and both bar charts', async () => {
    const response = deferred<Engagement>();
    api.answer('admin.engagement', () => response.promise);
    startSignedIn('admin');
    renderApp('/dashboard/admin/engagement-analytics');

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeVisible();
    response.resolve(engagement);

    const active = (await screen.findByText('Active Users', { selector: 'dt' })).parentElement as HTMLElement;
    expect(within(active).getByText('4')).toBeVisible();
    expect(within(active).getByText('Users online right now')).toBeVisible();
    const session = screen.getByText('Avg. Session Time', { selector: 'dt' }).parentElement as HTMLElement;
    // 750 s = 12.5 minutes, 1 decimal.
    expect(within(session).getByText('12.5 min')).toBeVisible();
    expect(within(session).getByText('Average duration per user')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();

    const categories = screen.getByRole('img', { name: 'Popular Categories' });
    expect((await within(categories).findByTestId('echart')).dataset).toMatchObject({
      kind: 'bar',
      height: '288',
      categories: JSON.stringify(['Web Development', 'Data Science']),
      values: JSON.stringify([12, 5]),
    });
    const dropOff = screen.getByRole('img', { name: 'Drop-off Points' });
    expect((await within(dropOff).findByTestId('echart')).dataset).toMatchObject({
      kind: 'bar',
      categories: JSON.stringify(['Modern React from Scratch']),
      values: JSON.stringify([42.5]),
    });
  });

  it("shows 'Failed to load analytics' on failure", async () => {
    api.fail('admin.engagement', 'NOT_FOUND', 'Nope');
    startSignedIn('admin');
    renderApp('/dashboard/admin/engagement-analytics');
    expect(await screen.findByText('Failed to load analytics')).toBeVisible();
  });

  it('says so instead of drawing an empty chart', async () => {
    api.answer('admin.engagement', { ...engagement, dropOffPoints: [] } satisfies Engagement);
    startSignedIn('admin');
    renderApp('/dashboard/admin/engagement-analytics');
    const section = await screen.findByRole('region', { name: 'Drop-off Points' });
    expect(within(section).getByText('No data for this period yet')).toBeVisible();
  });
});
