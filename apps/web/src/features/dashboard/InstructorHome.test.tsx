/**
 * The instructor's home at /dashboard/instructor (issue 15, item 1): the figures, the weekly chart, where
 * students stop and the latest enrollments from `instructor.home`; "Create course" always in view; a new
 * instructor's first steps.
 */
import { buildInstructorHome, buildInstructorWeeks, buildNewInstructorHome } from '@lectio/mocks';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { formatDateTime } from '../admin/format';

configure({ asyncUtilTimeout: 5000 });

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));

const LECTURE = '00000000-0000-4000-8000-0000000000e1';

/** The value and hint of a figure card: the `dd`s after the `dt` reading `label`. */
function figure(label: string): string[] {
  const term = screen.getAllByRole('term').find((entry) => entry.textContent === label);
  if (!term) throw new Error(`no figure ${label}`);
  const values: string[] = [];
  for (let next = term.nextElementSibling; next && next.tagName === 'DD'; next = next.nextElementSibling) {
    values.push(next.textContent ?? '');
  }
  return values;
}

function openHome(answer = buildInstructorHome()) {
  api.answer('instructor.home', answer);
  startSignedIn('instructor');
  return renderApp('/dashboard/instructor');
}

describe('instructor home', () => {
  it('shows the instructor’s figures, formatted, with plurals', async () => {
    openHome(
      buildInstructorHome({
        students: 1_234,
        notStarted: 1,
        revenue: { sales: 1, gross: 123_456.7, share: 98_765.36, refunded: 765.36 },
        courses: { total: 3, published: 2, drafts: 1 },
        averageCompletion: 42,
        completions: 2,
        rating: { average: 4.25, count: 1 },
      }),
    );
    await screen.findByRole('heading', { name: 'Recent enrollments' });
    expect(screen.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
    expect(figure('Students')).toEqual(['1,234', '1 hasn’t started yet']);
    expect(figure('Revenue')).toEqual(['₹1,23,456.70', 'Paid by buyers for 1 sale']);
    expect(figure('Your earnings')).toEqual(['₹98,000.00', 'Your share, after refunds']);
    expect(figure('Courses')).toEqual(['3', '2 published · 1 draft']);
    expect(figure('Average completion')).toEqual(['42%', '2 course completions by students']);
    expect(figure('Rating')).toEqual(['4.3', 'From 1 review']);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Up to date');
  });

  it('lists the latest enrollments with what each student paid', async () => {
    const home = buildInstructorHome();
    openHome(home);
    const section = await screen.findByRole('region', { name: 'Recent enrollments' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, , free] = home.recentEnrollments;
    expect(items[0]?.textContent).toBe(
      `Asha Rao${first?.courseTitle}${formatDateTime(first?.enrolledAt ?? '')}₹999.00`,
    );
    expect(items[1]?.textContent).toContain('₹499.00');
    expect(items[2]?.textContent).toContain(`Meera Iyer${free?.courseTitle}`);
    expect(items[2]?.textContent?.endsWith('Free')).toBe(true);
  });

  it('charts enrollments by week and names the lectures where students stop', async () => {
    openHome(
      buildInstructorHome({
        weeks: buildInstructorWeeks([4, 0, 1]),
        dropOff: [
          {
            courseId: '00000000-0000-4000-8000-0000000000c1',
            courseTitle: 'Web Basics',
            lectureId: LECTURE,
            lectureTitle: 'Routing and layouts',
            number: 3,
            students: 2,
          },
        ],
      }),
    );
    const chart = await screen.findByRole('region', { name: 'Enrollments by week' });
    // The chart's data table (for assistive technology): twelve weeks, by their Monday.
    const rows = within(chart).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.at(-1)?.textContent).toBe('3 Mar1');
    expect(rows.at(-3)?.textContent).toBe('17 Feb4');

    const stops = screen.getByRole('region', { name: 'Where students stop' });
    const item = within(stops).getByRole('listitem');
    expect(item.textContent).toBe('Lecture 3 · Routing and layoutsWeb Basics2 students');
    expect(
      within(item).getByRole('link', { name: 'Edit lecture: Routing and layouts' }).getAttribute('href'),
    ).toBe(`/dashboard/instructor/updatelecture/${LECTURE}`);
  });

  it('says so when there is nothing to chart or list yet', async () => {
    openHome(
      buildInstructorHome({
        students: 0,
        notStarted: 0,
        averageCompletion: null,
        rating: null,
        recentEnrollments: [],
        weeks: buildInstructorWeeks(),
        dropOff: [],
      }),
    );
    await screen.findByText('No data for this period yet');
    expect(screen.getByText('No student has stopped part-way through a course yet.')).toBeVisible();
    expect(screen.getByText(/^No enrollments yet\./)).toBeVisible();
    expect(figure('Average completion')).toEqual(['–', 'No students yet']);
    expect(figure('Rating')).toEqual(['–', 'No ratings yet']);
  });

  it('keeps "Create course" in view, leading to the create form', async () => {
    const { user, router } = openHome();
    await screen.findByRole('heading', { name: 'Recent enrollments' });
    const create = screen.getByRole('link', { name: 'Create course' });
    expect(create.getAttribute('href')).toBe('/dashboard/instructor/create');
    await user.click(create);
    expect(router.state.location.pathname).toBe('/dashboard/instructor/create');
  });

  it('gives a new instructor the first steps instead of empty figures', async () => {
    openHome(buildNewInstructorHome());
    const steps = await screen.findByRole('region', { name: 'Start teaching' });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Create a course', 'Add lectures with video', 'Publish', 'Share a coupon link']);
    expect(within(steps).getByRole('link', { name: 'Create course' }).getAttribute('href')).toBe(
      '/dashboard/instructor/create',
    );
    expect(within(steps).getByRole('link', { name: 'Go to coupons' }).getAttribute('href')).toBe(
      '/dashboard/instructor/coupons',
    );
    expect(screen.queryByRole('term')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recent enrollments' })).toBeNull();
  });

  it('warns when the figures can’t be loaded, and still offers "Create course"', async () => {
    api.fail('instructor.home', 'INTERNAL_SERVER_ERROR', 'Internal server error');
    startSignedIn('instructor');
    renderApp('/dashboard/instructor');
    expect(await screen.findByText('Internal server error')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create course' })).toBeVisible();
  });
});
