/**
 * Routing: the start-up session check, the entry wrapper, the dashboard guard, unmatched paths, and that
 * every child path of every guarded section resolves to a route.
 */
import { GUARDED_SECTIONS } from '@lectio/contracts/navigation';
import { buildLearnerDashboard } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '~/lib/session';
import { createAppRouter } from '~/router';
import { api } from './api-mocks';
import { deferred } from './fixtures';
import { renderApp } from './render-app';
import { startSignedIn } from './signed-in';

function startAs(role: 'admin' | 'instructor' | 'student' | 'guest' | null) {
  return startSignedIn(role);
}

describe('start-up session check and entry wrapper', () => {
  it("shows 'Loading...' on / while the check runs, then the home page", async () => {
    const gate = deferred<void>();
    startSignedIn(null, {}, { answerRefreshAfter: gate.promise });
    renderApp('/');

    expect(await screen.findByText('Loading...')).toBeVisible();
    gate.resolve();

    expect(
      await screen.findByRole('heading', { name: 'Start learning from best institutions' }),
    ).toBeVisible();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('link', { name: /Log in/ }).getAttribute('href')).toBe('/signin');
  });

  it.each([
    ['admin', '/signin', '/dashboard/admin'],
    ['student', '/', '/dashboard'],
    ['instructor', '/signup', '/dashboard/instructor'],
    ['guest', '/signin', '/unauthorized'],
  ] as const)('redirects a signed-in %s from %s to %s', async (role, from, to) => {
    startAs(role);
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });
});

describe('dashboard guard', () => {
  it('sends a visitor who is not signed in to /signin, remembering the page', async () => {
    startAs(null);
    const { router } = renderApp('/dashboard/admin/user-manage');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toEqual({ from: '/dashboard/admin/user-manage' });
  });

  it('sends a signed-in user without the permission to /unauthorized', async () => {
    startAs('student');
    const { router } = renderApp('/dashboard/admin/user-manage');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('guards again on a client-side navigation into another section', async () => {
    startAs('instructor');
    const { router } = renderApp('/dashboard/instructor');
    expect(await screen.findByRole('heading', { name: 'Instructor Dashboard', level: 1 })).toBeVisible();
    await router.navigate({ to: '/dashboard/admin/user-manage' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });

  it('shows Page not found for a path the section does not serve', async () => {
    startAs('student');
    renderApp('/dashboard/user-manage');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Unauthorized' })).toBeNull();
  });

  it('shows Page not found for any unmatched path, with links home and to the catalogue', async () => {
    startAs(null);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByText(/^Error 404: there is no page at this address/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe('/courses');
    expect(document.title).toBe('Page not found · Lectio');
  });

  it('shows the student overview with its figures from learner.dashboard', async () => {
    api.answer('learner.dashboard', buildLearnerDashboard({ name: 'The student', averageProgress: 65 }));
    startAs('student');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hi The student' })).toBeVisible();
    for (const text of ['Courses Enrolled', 'Courses Completed', 'Certificates Earned', 'Avg Progress']) {
      expect(screen.getByText(text)).toBeVisible();
    }
    expect(await screen.findByText('65%')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'My Active Courses' })).toBeVisible();
    // The default answer's three courses in progress: 40%, 25% and 0%.
    expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-valuenow'))).toEqual([
      '40',
      '25',
      '0',
    ]);
  });

  it('shows the admin dashboard heading and subtitle', async () => {
    startAs('admin');
    renderApp('/dashboard/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(screen.getByText('Overview of platform activity & revenue')).toBeVisible();
  });

  it('resolves every child path of every guarded section to a route', () => {
    const router = createAppRouter();
    for (const section of GUARDED_SECTIONS) {
      for (const child of section.children) {
        const path = child === '' ? section.path : `${section.path}/${child.replace(/\$\w+/g, 'abc')}`;
        const [, , found] = router.getMatchedRoutes(path);
        expect(found?.fullPath.replace(/\/$/, '') || '/', path).toBe(
          (child === '' ? section.path : `${section.path}/${child}`).replace(/\/$/, ''),
        );
      }
    }
  });
});

describe('dashboard shell', () => {
  it('filters the sidebar for the user and keeps one submenu open', async () => {
    startAs('admin');
    const { user } = renderApp('/dashboard/admin/course-list');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'User management' }).getAttribute('href')).toBe(
      '/dashboard/admin/user-manage',
    );
    const courses = within(nav).getByRole('button', { name: 'Courses' });
    // Opened for the current path (its child "All courses" is /dashboard/admin/course-list).
    expect(courses.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Manage courses' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await user.click(courses);
    expect(courses.getAttribute('aria-expanded')).toBe('false');
  });

  it('hides admin-only items from a student', async () => {
    startAs('student');
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'User management' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'My Courses' }).getAttribute('href')).toBe(
      '/dashboard/mycourse',
    );
  });

  it('shows the user and signs out to /signin, keeping the role', async () => {
    startAs('instructor');
    const { user, router } = renderApp('/dashboard/instructor');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(within(menu.parentElement as HTMLElement).getByText('The instructor')).toBeVisible();
    expect(within(menu.parentElement as HTMLElement).getByText('ada@example.com')).toBeVisible();

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toEqual({});
    expect(api.calls('auth.logout')).toHaveLength(1);
    expect(api.calls('auth.logout')[0]?.transport).toBe('rest');
    expect(getSession()).toMatchObject({ user: null, token: null, role: 'instructor' });
  });

  it('toggles the theme from the top bar', async () => {
    startAs('student');
    const { user } = renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Dark mode' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');
  });
});
