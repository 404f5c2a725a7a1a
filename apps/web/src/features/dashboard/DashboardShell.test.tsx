/**
 * The dashboard shell: sidebar items per role, the one-open-submenu rule, the collapsed / hover / mobile
 * sidebar states, the notifications popover and the user menu.
 */
import type { VisibleSidebarItem } from '@lectio/contracts/navigation';
import { buildNotification, MockApiError } from '@lectio/mocks';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '~/lib/api';
import { getSession } from '~/lib/session';
import { api } from '../../../test/api-mocks';
import { makeUser, sessionBody } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { Sidebar } from './Sidebar';

// The first render loads the route's modules; on a busy machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const JSDOM_WIDTH = window.innerWidth;

function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: JSDOM_WIDTH });
});

async function sidebar() {
  return screen.findByRole('navigation', { name: 'Dashboard' });
}

/** The sidebar's top-level entries: link names and group (button) names, in order. */
function topLevelEntries(nav: HTMLElement): string[] {
  const list = nav.querySelector('ul') as HTMLElement;
  return Array.from(list.children).map((item) => {
    const control = item.querySelector('a, button') as HTMLElement;
    return control.textContent?.trim() ?? '';
  });
}

describe('sidebar per role', () => {
  it('shows an admin everything with level 5 or the permission all', async () => {
    startSignedIn('admin');
    renderApp('/dashboard/admin/mycourse');
    const nav = await sidebar();
    expect(topLevelEntries(nav)).toEqual([
      'Dashboard',
      'Courses',
      'All Courses',
      'My Courses',
      'User management',
      'Engagement analytics',
      'Reported reviews',
      'Reported questions',
      'Revenue',
      'Refunds',
      'Teaching applications',
      'Coupons',
      'E-mail',
      'Site pages',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard/admin',
    );
    expect(within(nav).getByRole('link', { name: 'Engagement analytics' }).getAttribute('href')).toBe(
      '/dashboard/admin/engagement-analytics',
    );
  });

  it('shows an instructor the course group, their courses, earnings, coupons and reported questions only', async () => {
    startSignedIn('instructor');
    renderApp('/dashboard/instructor');
    const nav = await sidebar();
    expect(topLevelEntries(nav)).toEqual([
      'Courses',
      'My Courses',
      'Earnings',
      'Coupons',
      'Reported questions',
    ]);
    expect(within(nav).getByRole('link', { name: 'Reported questions' }).getAttribute('href')).toBe(
      '/dashboard/instructor/questions',
    );
    await userEvent.click(within(nav).getByRole('button', { name: 'Courses' }));
    expect(within(nav).getByRole('link', { name: 'Create course' }).getAttribute('href')).toBe(
      '/dashboard/instructor/create',
    );
  });

  it('shows a student the catalogue and their courses, and no empty course group', async () => {
    startSignedIn('student');
    renderApp('/dashboard');
    const nav = await sidebar();
    expect(topLevelEntries(nav)).toEqual([
      'All Courses',
      'My Courses',
      'My Certificates',
      'Purchases',
      'Become an instructor',
    ]);
    expect(within(nav).getByRole('link', { name: 'All Courses' }).getAttribute('href')).toBe(
      '/dashboard/courses',
    );
  });
});

function SidebarLayout({ items }: { items: VisibleSidebarItem[] }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <>
      <Sidebar id="test-sidebar" items={items} pathname={pathname} />
      <Outlet />
    </>
  );
}

describe('submenus', () => {
  const items: VisibleSidebarItem[] = [
    {
      name: 'Courses',
      icon: 'book',
      children: [{ name: 'All courses', icon: 'list', href: '/a/course-list' }],
    },
    {
      name: 'Others',
      icon: 'layers',
      children: [
        { name: 'Line chart', icon: 'chart', href: '/a/line-chart' },
        { name: 'Bar chart', icon: 'chart', href: '/a/bar-chart' },
      ],
    },
  ];

  function renderSidebarAt(path: string) {
    const root = createRootRoute({ component: () => <SidebarLayout items={items} /> });
    const child = createRoute({ getParentRoute: () => root, path: '$' });
    const router = createRouter({
      routeTree: root.addChildren([child]),
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    render(<RouterProvider router={router} />);
    return router;
  }

  const group = (name: string) => screen.getByRole('button', { name });

  it('opens only the group whose child matches the current path, and one group at a time', async () => {
    const router = renderSidebarAt('/a/bar-chart');
    await screen.findByRole('navigation');
    expect(group('Others').getAttribute('aria-expanded')).toBe('true');
    expect(group('Courses').getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(group('Courses'));
    expect(group('Courses').getAttribute('aria-expanded')).toBe('true');
    expect(group('Others').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Bar chart' })).toBeNull();

    // A navigation into the other group opens it (and so closes the first).
    // This throwaway router is not the registered app router, so its paths are untyped.
    await act(() => router.history.push('/a/line-chart'));
    await waitFor(() => expect(group('Others').getAttribute('aria-expanded')).toBe('true'));
    expect(group('Courses').getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(group('Others'));
    expect(group('Others').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('sidebar states', () => {
  it('collapses to icons on desktop and expands temporarily while hovered', async () => {
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/mycourse');
    const nav = await sidebar();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(nav.dataset.state).toBe('expanded');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(toggle);
    expect(nav.dataset.state).toBe('collapsed');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Icons only, but every item keeps its name.
    const myCourses = within(nav).getByRole('link', { name: 'My Courses' });
    expect(myCourses.getAttribute('title')).toBe('My Courses');

    fireEvent.mouseEnter(nav);
    expect(nav.dataset.state).toBe('peek');
    expect(within(nav).getByRole('link', { name: 'My Courses' }).getAttribute('title')).toBeNull();
    fireEvent.mouseLeave(nav);
    expect(nav.dataset.state).toBe('collapsed');

    await user.click(toggle);
    expect(nav.dataset.state).toBe('expanded');
  });

  it('starts collapsed below 1024 px, where the toggle expands it, and resets when the width crosses 1024 px', async () => {
    resizeTo(900);
    startSignedIn('student');
    const { user } = renderApp('/dashboard');
    const nav = await sidebar();
    expect(nav.dataset.state).toBe('collapsed');

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(nav.dataset.state).toBe('expanded');

    resizeTo(1280);
    expect((await sidebar()).dataset.state).toBe('expanded');
    resizeTo(1000);
    expect((await sidebar()).dataset.state).toBe('collapsed');
  });

  it('is an overlay drawer below 768 px, opened by the top-bar button and closed by Escape', async () => {
    resizeTo(500);
    startSignedIn('student');
    const { user } = renderApp('/dashboard');
    const nav = await sidebar();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(nav.dataset.state).toBe('closed');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(nav.dataset.state).toBe('open');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(nav.dataset.state).toBe('closed');
    expect(document.activeElement).toBe(toggle);

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Close sidebar' }));
    expect(nav.dataset.state).toBe('closed');

    // A navigation from the drawer closes it.
    await user.click(toggle);
    await user.click(within(nav).getByRole('link', { name: 'My Courses' }));
    await waitFor(() => expect(nav.dataset.state).toBe('closed'));
  });
});

describe('top bar', () => {
  it('shows the unread count and the newest notifications in a named popover; a link opens and marks it read', async () => {
    startSignedIn('instructor');
    api.answer('notifications.summary', {
      unreadCount: 2,
      latest: [
        buildNotification({ title: 'New student in Rust', link: 'course-list' }),
        buildNotification({ title: 'Payout sent', link: 'earnings', read: true }),
      ],
    });
    api.answer('notifications.markRead', { unreadCount: 1 });
    const { user, router } = renderApp('/dashboard/instructor');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(screen.getByTestId('notifications-badge').dataset.count).toBe('2'));
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByText('2 new')).toBeVisible();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(document.activeElement).toBe(panel);
    expect(within(panel).getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe(
      '/dashboard/instructor/notifications',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(bell));

    // The link is under the section of the user's role; following it marks the notification read.
    await user.click(bell);
    const link = within(screen.getByRole('dialog', { name: 'Notifications' })).getByRole('link', {
      name: 'New student in Rust',
    });
    expect(link.getAttribute('href')).toBe('/dashboard/instructor/course-list');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/instructor/course-list'));
    const [marked] = api.calls('notifications.markRead');
    expect(marked?.input).toEqual({ id: expect.any(String) });
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('shows no badge at zero unread, and says so in the popover', async () => {
    startSignedIn('student');
    api.answer('notifications.summary', { unreadCount: 0, latest: [] });
    const { user } = renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText(/No notifications yet/);
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it("has a keyboard-operable 'User menu' with the user's name and e-mail, profile links and Help & Support", async () => {
    startSignedIn('student', { name: 'Ada Lovelace', email: 'ada@example.com' });
    const { user } = renderApp('/dashboard');
    const button = await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'User menu' });
    const popup = menu.parentElement as HTMLElement;
    expect(within(popup).getByText('Ada Lovelace')).toBeVisible();
    expect(within(popup).getByText('ada@example.com')).toBeVisible();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile Settings', 'Account Settings', 'Help & Support', 'Sign Out']);
    expect(document.activeElement?.textContent).toBe('Profile Settings');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign Out');
    await user.keyboard('{Home}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Account Settings');
    // Profile Settings and Account Settings lead to the profile page (decision 0038).
    const [profile, account] = within(menu).getAllByRole('menuitem');
    expect(profile?.getAttribute('href')).toBe('/dashboard/profile');
    expect(account?.getAttribute('href')).toBe('/dashboard/profile#profile-password');

    await user.keyboard('{End}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Help & Support');
    // Help & Support is the Support site page.
    expect(document.activeElement?.getAttribute('href')).toBe('/pages/support');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});

describe('when the session ends on a dashboard page', () => {
  it('goes to /signin once, remembering the page', async () => {
    api.fail('admin.usersOverview', 'NOT_FOUND', 'Not here');
    startSignedIn('admin');
    const { router } = renderApp('/dashboard/admin/user-manage');
    await screen.findByText('Failed to load users');

    act(() => endSession('expired'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ from: '/dashboard/admin/user-manage' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('after the token is refused and the refresh fails (a suspended account)', async () => {
    startSignedIn('student');
    // The start-up refresh works; the one after the refused call does not.
    api.answer('auth.refresh', () => {
      if (api.calls('auth.refresh').length === 1) return sessionBody(makeUser());
      throw new MockApiError('UNAUTHORIZED', 'Session expired');
    });
    // The public catalogue answers; the purchases (asked for in the same batch) refuse the token.
    api.answer('courses.list', { data: { courses: [], nextCursor: null } });
    api.fail('courses.mine', 'UNAUTHORIZED', 'Not signed in');
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hi Ada Lovelace' });

    await user.type(screen.getByRole('combobox', { name: 'Search courses' }), 'react');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toEqual({ from: '/dashboard' });
    expect(getSession()).toMatchObject({ user: null, token: null, signedOutBy: 'expired' });
    expect(api.calls('auth.refresh')).toHaveLength(2);
    expect(api.calls('courses.mine')).toHaveLength(1);
  });
});
