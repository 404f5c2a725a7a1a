import type { UserOverview } from '@lectio/contracts/admin';
import { CONFIRMATIONS } from '@lectio/contracts/messages';
import { ROLES } from '@lectio/contracts/permissions';
import { MockApiError } from '@lectio/mocks';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '~/lib/query-client';
import { trpc } from '~/lib/trpc';
import { api } from '../../../test/api-mocks';
import { deferred } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

// The first render loads the route's modules; on a busy machine that takes longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

vi.mock('~/features/admin/charts/EChart', () => import('../../../test/chart-stub'));

type RecentUser = UserOverview['recentUsers'][number];

const ananya: RecentUser = {
  _id: 'u-ananya',
  name: 'Ananya Iyer',
  email: 'learner1@example.com',
  avatar: null,
  role: 'student',
  isActive: true,
};
const rahul: RecentUser = {
  _id: 'u-rahul',
  name: 'Rahul Verma',
  email: 'learner2@example.com',
  avatar: '/media/avatars/rahul.png',
  role: 'student',
  isActive: false,
};
// makeUser() gives the signed-in admin the id 'user-1'.
const self: RecentUser = {
  _id: 'user-1',
  name: 'The admin',
  email: 'ada@example.com',
  avatar: null,
  role: 'admin',
  isActive: true,
};

/**
 * A tiny fake of the admin users API: `admin.usersOverview`, and `admin.updateUser` changing a user (or
 * failing with `patchError`). Returns the overview it answers with.
 */
function answerUsers(options: { patchError?: { code: 'CONFLICT'; message: string } } = {}) {
  const users = new Map([ananya, rahul, self].map((user) => [user._id, { ...user }]));
  const overview = (): UserOverview => ({
    totalStudents: 9,
    totalInstructors: 2,
    newSignups: [
      { _id: '2026-03-04', count: 1 },
      { _id: '2026-03-05', count: 2 },
    ],
    recentUsers: [...users.values()],
  });
  api.answer('admin.usersOverview', overview);
  api.answer('admin.updateUser', ({ input }) => {
    if (options.patchError) throw new MockApiError(options.patchError.code, options.patchError.message);
    const { id, ...changes } = input;
    const user = users.get(id);
    if (!user) throw new MockApiError('NOT_FOUND', 'User not found');
    Object.assign(user, changes);
    return {
      message: 'User updated successfully',
      user: { _id: id, role: user.role, isActive: user.isActive },
    };
  });
  return overview;
}

/** The `admin.updateUser` calls for one user, by their input (the id and the change). */
function updatesOf(id: string) {
  return api.calls('admin.updateUser').filter((call) => call.input.id === id);
}

function row(name: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Recently Registered Users' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((entry) => entry.textContent?.includes(name));
  if (!item) throw new Error(`No row for ${name}`);
  return item;
}

async function openUsers(options: Parameters<typeof answerUsers>[0] = {}) {
  answerUsers(options);
  const mocks = startSignedIn('admin');
  const view = renderApp('/dashboard/admin/user-manage');
  await screen.findByRole('list', { name: 'Recently Registered Users' });
  return { ...mocks, ...view };
}

describe('user management', () => {
  it("shows 'Loading user stats...' and then the totals, the sign-ups chart and the users", async () => {
    const response = deferred<UserOverview>();
    const overview = answerUsers();
    api.answer('admin.usersOverview', () => response.promise);
    startSignedIn('admin');
    renderApp('/dashboard/admin/user-manage');
    expect(await screen.findByText('Loading user stats...')).toBeVisible();

    response.resolve(overview());
    await screen.findByRole('list', { name: 'Recently Registered Users' });

    expect(screen.getByText('Total Students', { selector: 'dt' }).parentElement?.textContent).toContain('9');
    expect(screen.getByText('Total Instructors', { selector: 'dt' }).parentElement?.textContent).toContain(
      '2',
    );
    expect(screen.getByRole('img', { name: 'New Signups (Last 7 Days)' })).toBeVisible();

    const ananyaRow = row('Ananya Iyer');
    expect(within(ananyaRow).getByText('learner1@example.com')).toBeVisible();
    expect(within(ananyaRow).getByText('student')).toBeVisible();
    // No avatar: the initials placeholder. With one: the image.
    expect(within(ananyaRow).getByRole('img', { name: 'Avatar of Ananya Iyer' }).textContent).toBe('AI');
    expect(
      within(row('Rahul Verma')).getByRole('img', { name: 'Avatar of Rahul Verma' }).getAttribute('src'),
    ).toBe('/media/avatars/rahul.png');
    expect(within(ananyaRow).getByRole('button', { name: 'Suspend Ananya Iyer' })).toBeVisible();
    expect(within(row('Rahul Verma')).getByRole('button', { name: 'Activate Rahul Verma' })).toBeVisible();
    expect(within(row('Rahul Verma')).getByText('Suspended')).toBeVisible();
  });

  it("shows 'Failed to load users' when the overview cannot be loaded, and 'Try again' loads it", async () => {
    api.fail('admin.usersOverview', 'NOT_FOUND', 'Nope');
    startSignedIn('admin');
    const { user } = renderApp('/dashboard/admin/user-manage');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load users');

    answerUsers();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Recently Registered Users' })).toBeVisible();
  });

  it('suspends a user only after the confirmation is accepted, then refreshes the list', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openUsers();

    await user.click(within(row('Ananya Iyer')).getByRole('button', { name: 'Suspend Ananya Iyer' }));

    expect(confirm).toHaveBeenCalledWith(CONFIRMATIONS.suspendUser);
    await waitFor(() => expect(updatesOf('u-ananya')).toHaveLength(1));
    expect(updatesOf('u-ananya')[0]?.input).toEqual({ id: 'u-ananya', isActive: false });
    expect(
      await within(row('Ananya Iyer')).findByRole('button', { name: 'Activate Ananya Iyer' }),
    ).toBeVisible();
    await waitFor(() => expect(api.calls('admin.usersOverview')).toHaveLength(2));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
  });

  it('does nothing when the suspension is declined', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await openUsers();

    await user.click(within(row('Ananya Iyer')).getByRole('button', { name: 'Suspend Ananya Iyer' }));

    expect(confirm).toHaveBeenCalledWith(CONFIRMATIONS.suspendUser);
    expect(updatesOf('u-ananya')).toHaveLength(0);
    expect(within(row('Ananya Iyer')).getByRole('button', { name: 'Suspend Ananya Iyer' })).toBeVisible();
    expect(api.calls('admin.usersOverview')).toHaveLength(1);
  });

  it('activates a suspended user after confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openUsers();

    await user.click(within(row('Rahul Verma')).getByRole('button', { name: 'Activate Rahul Verma' }));

    expect(confirm).toHaveBeenCalledWith(CONFIRMATIONS.activateUser);
    await waitFor(() => expect(updatesOf('u-rahul')[0]?.input).toEqual({ id: 'u-rahul', isActive: true }));
    expect(
      await within(row('Rahul Verma')).findByRole('button', { name: 'Suspend Rahul Verma' }),
    ).toBeVisible();
  });

  it('changes a role through the dropdown after confirmation and closes the dropdown', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openUsers();

    await user.click(within(row('Ananya Iyer')).getByRole('button', { name: 'Edit role of Ananya Iyer' }));
    const select = within(row('Ananya Iyer')).getByRole('combobox', { name: 'Role of Ananya Iyer' });
    expect(document.activeElement).toBe(select);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...ROLES]);

    await user.selectOptions(select, 'instructor');

    expect(confirm).toHaveBeenCalledWith(CONFIRMATIONS.changeRole('instructor'));
    await waitFor(() =>
      expect(updatesOf('u-ananya')[0]?.input).toEqual({ id: 'u-ananya', role: 'instructor' }),
    );
    expect(within(row('Ananya Iyer')).queryByRole('combobox')).toBeNull();
    expect(await within(row('Ananya Iyer')).findByText('instructor')).toBeVisible();
    await waitFor(() => expect(api.calls('admin.usersOverview')).toHaveLength(2));
  });

  it("marks the create-course form's instructor list stale after a role change", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openUsers();
    const instructorsKey = trpc.admin.instructors.queryKey();
    queryClient.setQueryData(instructorsKey, { instructors: [] });
    expect(queryClient.getQueryState(instructorsKey)?.isInvalidated).toBe(false);

    await user.click(within(row('Ananya Iyer')).getByRole('button', { name: 'Edit role of Ananya Iyer' }));
    await user.selectOptions(
      within(row('Ananya Iyer')).getByRole('combobox', { name: 'Role of Ananya Iyer' }),
      'instructor',
    );
    await waitFor(() => expect(updatesOf('u-ananya')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryState(instructorsKey)?.isInvalidated).toBe(true));
  });

  it('keeps the role when the change is declined', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await openUsers();

    await user.click(within(row('Ananya Iyer')).getByRole('button', { name: 'Edit role of Ananya Iyer' }));
    const select = within(row('Ananya Iyer')).getByRole<HTMLSelectElement>('combobox', {
      name: 'Role of Ananya Iyer',
    });
    await user.selectOptions(select, 'moderator');

    expect(select.value).toBe('student');
    expect(updatesOf('u-ananya')).toHaveLength(0);
  });

  it("shows the server's message in an error toast when an update fails, and refreshes", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openUsers({ patchError: { code: 'CONFLICT', message: 'That user is busy' } });

    await user.click(within(row('Ananya Iyer')).getByRole('button', { name: 'Suspend Ananya Iyer' }));

    expect(await screen.findByText('That user is busy')).toBeInTheDocument();
    expect(within(row('Ananya Iyer')).getByRole('button', { name: 'Suspend Ananya Iyer' })).toBeVisible();
    await waitFor(() => expect(api.calls('admin.usersOverview')).toHaveLength(2));
  });

  it("does not offer to suspend or re-role the admin's own account", async () => {
    await openUsers();
    const own = row('The admin');
    expect(within(own).getByRole<HTMLButtonElement>('button', { name: 'Suspend The admin' }).disabled).toBe(
      true,
    );
    expect(
      within(own).getByRole<HTMLButtonElement>('button', { name: 'Edit role of The admin' }).disabled,
    ).toBe(true);
  });
});
