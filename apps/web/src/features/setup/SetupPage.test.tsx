import { SETUP_MESSAGES } from '@lectio/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { markSessionChecked } from '~/lib/session';
import { api } from '../../../test/api-mocks';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { forgetSessionHint } from '../../../test/signed-in';

// Typing through whole forms on a busy 2-core machine takes longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'q5Yt1u0ZJX2mS8dWc4kPa7LhN3vRb9Ee';

/** A server without an admin yet, a visitor without a session. */
function newServer() {
  api.answer('setup.status', { needsSetup: true });
  forgetSessionHint();
  markSessionChecked();
}

const field = (label: string) => screen.getByLabelText(label);
/** The redirect, the page's chunk and its status query take a few turns: more than 1 s on a busy machine. */
const SLOW = { timeout: 5_000 };
const heading = (name: string) => screen.findByRole('heading', { name }, SLOW);
const submit = () => screen.getByRole('button', { name: 'Create admin account' });

async function fillValid(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Setup token', {}, SLOW), TOKEN);
  await user.type(field('Name'), 'Meera Iyer');
  await user.type(field('Email'), 'meera@example.com');
  await user.type(field('Password'), 'admin-passphrase');
  await user.type(field('Confirm Password'), 'admin-passphrase');
}

describe('first-run redirect', () => {
  it.each(['/', '/courses', '/signin', '/dashboard'])(
    'leads %s to /setup on a server without an admin',
    async (path) => {
      newServer();
      const { router } = renderApp(path);
      expect(await heading('Set up Lectio')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/setup');
    },
  );

  it('leaves pages alone once the server has an admin, asking once per page load', async () => {
    api.answerDefaults();
    forgetSessionHint();
    markSessionChecked();
    const { router } = renderApp('/courses');
    await waitFor(() => expect(api.calls('setup.status')).toHaveLength(1));
    expect(await screen.findAllByRole('article', {}, SLOW)).not.toHaveLength(0);
    await router.navigate({ to: '/signin' });
    expect(await screen.findByRole('button', { name: 'Sign In' }, SLOW)).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(api.calls('setup.status')).toHaveLength(1);
  });
});

describe('/setup', () => {
  it('validates with the contract: every rule shown, submit blocked while any fails', async () => {
    newServer();
    const { user } = renderApp('/setup');
    await heading('Set up Lectio');
    expect(submit()).toHaveProperty('disabled', true);
    // The token field says where the token is.
    expect(field('Setup token').getAttribute('aria-describedby')).toBe('setup-token-hint');

    for (const label of ['Setup token', 'Name', 'Email', 'Password', 'Confirm Password']) {
      await user.click(field(label));
    }
    await user.tab();
    expect(screen.getByText(SETUP_MESSAGES.tokenRequired)).toBeVisible();
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();

    await user.type(field('Email'), 'meera@');
    expect(screen.getByText('Invalid email address')).toBeVisible();
    await user.type(field('Password'), 'abc');
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    await user.type(field('Password'), 'defgh');
    await user.type(field('Confirm Password'), 'other-password');
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(submit()).toHaveProperty('disabled', true);
    expect(api.calls('setup.createAdmin')).toHaveLength(0);
  });

  it("shows the server's refusal of a wrong token under the token field", async () => {
    newServer();
    api.fail('setup.createAdmin', 'BAD_REQUEST', SETUP_MESSAGES.invalidToken, [
      { path: 'token', message: SETUP_MESSAGES.invalidToken },
    ]);
    const { user, router } = renderApp('/setup');
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(field('Setup token')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Setup token')).toHaveAccessibleDescription(
      expect.stringContaining(SETUP_MESSAGES.invalidToken),
    );
    // Every issue found its field: nothing is repeated in the form's message line.
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(router.state.location.pathname).toBe('/setup');
    // A wrong token is not a session problem: no refresh was attempted.
    expect(api.calls('auth.refresh')).toHaveLength(0);
  });

  it('creates the admin, toasts and goes to sign-in, and pages stay put afterwards', async () => {
    newServer();
    api.answer('setup.createAdmin', {
      message: SETUP_MESSAGES.adminCreated,
      user: makeUser({ name: 'Meera Iyer', email: 'meera@example.com', role: 'admin' }),
    });
    const { user, router } = renderApp('/setup');
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText(SETUP_MESSAGES.adminCreated, {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' }, SLOW)).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(api.calls('setup.createAdmin')[0]?.input).toEqual({
      token: TOKEN,
      name: 'Meera Iyer',
      email: 'meera@example.com',
      password: 'admin-passphrase',
      confirmPassword: 'admin-passphrase',
    });

    await router.navigate({ to: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Start learning from best institutions' }, SLOW);
    expect(router.state.location.pathname).toBe('/');
  });

  it('says setup is complete, with a link to sign in, once an admin exists', async () => {
    api.answer('setup.status', { needsSetup: false });
    markSessionChecked();
    renderApp('/setup');
    expect(await heading('Setup is complete')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByLabelText('Setup token')).toBeNull();
  });

  it('turns into "setup is complete" when another call created the admin first', async () => {
    newServer();
    api.fail('setup.createAdmin', 'CONFLICT', SETUP_MESSAGES.alreadyComplete);
    const { user } = renderApp('/setup');
    await fillValid(user);
    api.answer('setup.status', { needsSetup: false });
    await user.click(submit());
    expect(await heading('Setup is complete')).toBeTruthy();
  });
});
