import { buildNotification } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/api-mocks';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

describe('the notifications page', () => {
  it('lists every notification a page at a time, with the unread count; Load more asks for the next page', async () => {
    startSignedIn('student');
    api.answer('notifications.list', ({ input }) =>
      input.cursor === 'page-2'
        ? {
            notifications: [buildNotification({ title: 'Older one', read: true })],
            nextCursor: null,
            unreadCount: 1,
          }
        : {
            notifications: [buildNotification({ title: 'Purchase complete', link: 'course/abc' })],
            nextCursor: 'page-2',
            unreadCount: 1,
          },
    );
    const { user } = renderApp('/dashboard/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    await screen.findByText('1 unread');
    expect(screen.getByRole('link', { name: 'Purchase complete' }).getAttribute('href')).toBe(
      '/dashboard/course/abc',
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Older one');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Only the unread one offers "Mark as read".
    const list = screen.getByText('Older one').closest('ul');
    if (!list) throw new Error('no list');
    const items = within(list).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).queryByRole('button', { name: 'Mark as read' }) !== null),
    ).toEqual([true, false]);
  });

  it('marks one and all read through the API', async () => {
    startSignedIn('instructor');
    api.answer('notifications.list', {
      notifications: [buildNotification({ title: 'A' }), buildNotification({ title: 'B' })],
      nextCursor: null,
      unreadCount: 2,
    });
    api.answer('notifications.markRead', { unreadCount: 1 });
    api.answer('notifications.markAllRead', { marked: 1, unreadCount: 0 });
    const { user } = renderApp('/dashboard/instructor/notifications');
    const [first] = await screen.findAllByRole('button', { name: 'Mark as read' });
    if (!first) throw new Error('no Mark as read');
    await user.click(first);
    await waitFor(() => expect(api.calls('notifications.markRead')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.calls('notifications.markAllRead')).toHaveLength(1));
  });

  it('says when there is nothing yet', async () => {
    startSignedIn('admin');
    api.answer('notifications.list', { notifications: [], nextCursor: null, unreadCount: 0 });
    renderApp('/dashboard/admin/notifications');
    await screen.findByText(/No notifications yet/);
    expect(screen.getByText('All read')).toBeVisible();
  });
});
