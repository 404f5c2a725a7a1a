import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getSession, markSessionChecked } from '~/lib/session';
import { api, sentBody, server } from '../../../test/api-mocks';
import { makeUser, sessionBody } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Typing through whole forms on a busy 2-core machine takes longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

function openSignIn(path = '/signin') {
  markSessionChecked(); // no one signed in: the entry wrapper shows the form
  return renderApp(path);
}

const submit = () => screen.getByRole('button', { name: 'Sign In' });
const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

describe('sign-in form', () => {
  it('has the labelled fields, the remember checkbox and the links', async () => {
    openSignIn();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Keep me logged in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    // A signed-out visitor has no dashboard to go back to: the spec's link to / is "Back to home" (0050).
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: /dashboard/i })).toBeNull();
  });

  it('shows each validation message under its field after it is touched, and blocks submit', async () => {
    const { user } = openSignIn();
    await screen.findByRole('button', { name: 'Sign In' });
    expect(submit()).toHaveProperty('disabled', true);
    expect(screen.queryByText('Email is required')).toBeNull();

    await user.click(email());
    await user.tab();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe(screen.getByText('Email is required').id);

    await user.type(email(), 'not-an-email');
    expect(screen.getByText('Invalid email address')).toBeVisible();

    await user.click(password());
    await user.tab();
    expect(screen.getByText('Password is required')).toBeVisible();
    await user.type(password(), 'abc');
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(submit()).toHaveProperty('disabled', true);

    await user.clear(email());
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'def');
    expect(screen.queryByText(/Invalid email address|Password must be/)).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('toggles password visibility with a named button', async () => {
    const { user } = openSignIn();
    await screen.findByRole('button', { name: 'Sign In' });
    expect(password().getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().getAttribute('type')).toBe('password');
  });

  it.each([
    ['the server message', 'Invalid email or password', 'Invalid email or password'],
    [
      "'No server response' for a \"Can't find...\" message",
      "Can't find /api/v1/auth/login on this server",
      'No server response',
    ],
  ])('shows %s under the form', async (_case, serverMessage, shown) => {
    api.fail('auth.login', 'UNAUTHORIZED', serverMessage);
    const { user } = openSignIn();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(password(), 'secret1');
    await user.click(submit());
    // The alert region is always there (empty until a message arrives): wait for its text.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shown));
    expect(getSession().user).toBeNull();
  });

  it("shows 'No server response' when the request never reaches the server", async () => {
    server.use(http.post('*/api/v1/auth/login', () => HttpResponse.error()));
    const { user } = openSignIn();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(password(), 'secret1');
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No server response'));
  });

  it('signs in: sends remember, sets the session, welcomes and returns to the page the user came from', async () => {
    const student = makeUser({ name: 'Ada' });
    api.answer('auth.login', sessionBody(student, 'token-1'));
    const { user, router } = openSignIn('/signin?from=%2Fdashboard%2Fmycourse');
    await user.type(await screen.findByLabelText('Email'), '  ada@example.com ');
    await user.type(password(), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: 'Keep me logged in' }));
    await user.click(submit());

    expect(await screen.findByText('Welcome back, Ada!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/mycourse'));
    const [login] = api.calls('auth.login');
    expect(login?.transport).toBe('rest');
    expect(login ? await sentBody(login.request) : null).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      remember: true,
    });
    expect(getSession()).toMatchObject({ role: 'student', token: 'token-1', user: { name: 'Ada' } });
  });

  it('sends an admin coming from /dashboard to the admin dashboard', async () => {
    api.answer('auth.login', sessionBody(makeUser({ role: 'admin' })));
    const { user, router } = openSignIn('/signin?from=%2Fdashboard');
    await user.type(await screen.findByLabelText('Email'), 'root@example.com');
    await user.type(password(), 'secret1');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/admin');
  });
});
