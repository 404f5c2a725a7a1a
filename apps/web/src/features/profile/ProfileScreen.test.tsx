/**
 * The profile page at {base}/profile (decision 0038): reached from the user menu for every role; the
 * name and the photo update the session (the user menu shows them at once); the password change shows the
 * server's field issue; signing out everywhere and deleting the account end the session here.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { MockApiError } from '@lectio/mocks';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '~/lib/session';
import { api } from '../../../test/api-mocks';
import { FakeXhr } from '../../../test/fake-xhr';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';

configure({ asyncUtilTimeout: 5000 });

const AVATAR_URL = 'http://localhost:3000/api/v1/media/users%2Fuser-1%2Favatar%2Fa.png';

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

/** profile.update answers with the session's user changed as asked. */
function answerUpdates(user: PublicUser) {
  let current = user;
  api.answer('profile.update', ({ input }) => {
    current = {
      ...current,
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.avatarKey !== undefined ? { avatar: input.avatarKey === null ? null : AVATAR_URL } : {}),
    };
    return { message: 'Profile updated', user: current };
  });
}

async function openProfile(role: PublicUser['role'] = 'student', path = '/dashboard/profile') {
  const { user: session } = startSignedIn(role, { name: 'Asha Rao', email: 'asha@example.com' });
  if (!session) throw new Error('signed in');
  answerUpdates(session);
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Profile Settings' });
  return { ...view, session };
}

async function openUserMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'User menu' }));
  return screen.getByRole('menu', { name: 'User menu' });
}

describe('reaching the profile page', () => {
  it.each([
    ['student', '/dashboard', '/dashboard/profile'],
    ['instructor', '/dashboard/instructor', '/dashboard/instructor/profile'],
    ['admin', '/dashboard/admin/mycourse', '/dashboard/admin/profile'],
  ] as const)('a %s opens it from the user menu’s Profile Settings', async (role, start, profile) => {
    startSignedIn(role);
    const { user, router } = renderApp(start);
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(profile));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    for (const section of ['Profile', 'Change password', 'Sign out everywhere', 'Delete account']) {
      expect(screen.getByRole('region', { name: section })).toBeVisible();
    }
  });
});

describe('name and photo', () => {
  it('saves the name; the user menu shows the new one at once', async () => {
    const { user } = await openProfile();
    const name = screen.getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Asha Rao');
    // The e-mail is shown, not editable here.
    const details = screen.getByRole('region', { name: 'Profile' });
    expect(within(details).getByText('asha@example.com')).toBeVisible();
    expect(within(details).queryByRole('textbox', { name: 'Email' })).toBeNull();

    await user.clear(name);
    await user.type(name, 'Asha R. Menon');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    await waitFor(() => expect(api.calls('profile.update')).toHaveLength(1));
    expect(api.calls('profile.update')[0]?.input).toEqual({ name: 'Asha R. Menon' });
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(getSession().user?.name).toBe('Asha R. Menon');
    const menu = await openUserMenu(user);
    expect(within(menu.parentElement as HTMLElement).getByText('Asha R. Menon')).toBeVisible();
  });

  it('checks the name with the sign-up rules before sending', async () => {
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(api.calls('profile.update')).toHaveLength(0);
  });

  it('uploads a chosen photo to the signed target, then sets it; the top bar shows it', async () => {
    const { user, session } = await openProfile();
    api.answer('profile.avatarUploadSignature', ({ input }) => ({
      apiKey: 'local',
      timestamp: 1,
      signature: 'sig',
      cloudName: 'lectio-local',
      uploadUrl: 'http://localhost:3000/api/v1/media/upload',
      fields: { key: `users/${session._id}/avatar/a.png`, contentType: input.contentType ?? 'image/jpeg' },
      key: `users/${session._id}/avatar/a.png`,
      maxBytes: 5 * 1024 * 1024,
      expiresAt: '2026-11-23T10:15:00.000Z',
    }));
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Profile photo'), photo);

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(api.calls('profile.avatarUploadSignature')[0]?.input).toEqual({ contentType: 'image/png' });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.url).toBe('http://localhost:3000/api/v1/media/upload');
    expect(xhr.body?.get('key')).toBe(`users/${session._id}/avatar/a.png`);
    expect(xhr.body?.get('file')).toBeInstanceOf(File);
    xhr.progress(50, 100);
    expect(await screen.findByText('Uploading… 50%')).toBeVisible();
    xhr.respond(201, '{}');

    await waitFor(() => expect(api.calls('profile.update')).toHaveLength(1));
    expect(api.calls('profile.update')[0]?.input).toEqual({ avatarKey: `users/${session._id}/avatar/a.png` });
    expect(await screen.findByText('Profile photo updated')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Avatar of Asha Rao' }).getAttribute('src')).toBe(AVATAR_URL);
    expect(screen.getByTestId('user-menu-avatar').getAttribute('src')).toBe(AVATAR_URL);

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(api.calls('profile.update')).toHaveLength(2));
    expect(api.calls('profile.update')[1]?.input).toEqual({ avatarKey: null });
    await waitFor(() => expect(screen.queryByTestId('user-menu-avatar')).toBeNull());
  });

  it('refuses a file that is not an image without asking the server', async () => {
    await openProfile();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // The picker offers images only; a file dropped in anyway is checked here.
    fireEvent.change(screen.getByLabelText('Profile photo'), { target: { files: [text] } });
    expect(await screen.findByText('Choose an image file (JPEG, PNG, WebP or GIF)')).toBeVisible();
    expect(api.calls('profile.avatarUploadSignature')).toHaveLength(0);
  });
});

describe('password', () => {
  async function fillPassword(user: ReturnType<typeof renderApp>['user'], current: string) {
    await user.type(screen.getByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('shows the server’s issue under the current password', async () => {
    api.answer('profile.changePassword', () => {
      throw new MockApiError('BAD_REQUEST', 'The password is incorrect', [
        { path: 'currentPassword', message: 'The password is incorrect' },
      ]);
    });
    const { user } = await openProfile();
    await fillPassword(user, 'wrong-password');
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The password is incorrect')).toBeVisible();
  });

  it('changes it, says so and empties the form; this session stays', async () => {
    api.answer('profile.changePassword', {
      message: 'Password changed. Your other sessions have been signed out.',
    });
    const { user, router } = await openProfile();
    await fillPassword(user, 'old-password');
    expect(
      await screen.findByText('Password changed. Your other sessions have been signed out.'),
    ).toBeInTheDocument();
    expect(api.calls('profile.changePassword')[0]?.input).toEqual({
      currentPassword: 'old-password',
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''),
    );
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    expect(getSession().user).not.toBeNull();
  });

  it('checks the new password with the sign-up rules', async () => {
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), '123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeVisible();
    expect(screen.getByText('Confirm Password is required')).toBeVisible();
    expect(api.calls('profile.changePassword')).toHaveLength(0);
  });
});

describe('account', () => {
  it('signs out everywhere with the password, then leads to sign-in', async () => {
    api.answer('profile.signOutEverywhere', { message: 'Signed out on every device' });
    const { user, router } = await openProfile();
    await user.type(screen.getByLabelText('Password to sign out everywhere'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.calls('profile.signOutEverywhere')[0]?.input).toEqual({ password: 'my-password' });
    expect(getSession().user).toBeNull();
    expect(await screen.findByText('Signed out on every device')).toBeInTheDocument();
  });

  it('deletes the account only with the password and DELETE typed', async () => {
    api.answer('profile.deleteAccount', { message: 'Your account has been deleted' });
    const { user, router } = await openProfile();
    const region = screen.getByRole('region', { name: 'Delete account' });
    await user.type(within(region).getByLabelText('Password to delete your account'), 'my-password');
    await user.type(within(region).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(region).getByRole('button', { name: 'Delete my account' }));
    expect(await within(region).findByText('Type DELETE exactly to confirm')).toBeVisible();
    expect(api.calls('profile.deleteAccount')).toHaveLength(0);

    await user.clear(within(region).getByLabelText('Type DELETE to confirm'));
    await user.type(within(region).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(region).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.calls('profile.deleteAccount')[0]?.input).toEqual({ password: 'my-password' });
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
  });

  it('a refused deletion (the last admin) says why and keeps the session', async () => {
    api.fail(
      'profile.deleteAccount',
      'CONFLICT',
      'You are the only active admin. Make someone else an admin before deleting your account.',
    );
    const { user } = await openProfile('admin', '/dashboard/admin/profile');
    const region = screen.getByRole('region', { name: 'Delete account' });
    await user.type(within(region).getByLabelText('Password to delete your account'), 'my-password');
    await user.type(within(region).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(region).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(region).findByText(
        'You are the only active admin. Make someone else an admin before deleting your account.',
      ),
    ).toBeVisible();
    expect(getSession().user).not.toBeNull();
  });
});
