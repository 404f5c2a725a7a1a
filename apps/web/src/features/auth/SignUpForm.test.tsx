import { AUTH_MESSAGES } from '@lectio/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSession, markSessionChecked } from '~/lib/session';
import { api, sentBody } from '../../../test/api-mocks';
import { makeUser, sessionBody } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Typing through whole forms on a busy 2-core machine takes longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

function openSignUp() {
  markSessionChecked();
  return renderApp('/signup');
}

const submit = () => screen.getByRole('button', { name: 'Sign Up' });
const field = (label: string) => screen.getByLabelText(label);

async function fillValid(user: ReturnType<typeof openSignUp>['user']) {
  await user.type(await screen.findByLabelText('Name'), 'Ada');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Password'), 'secret1');
  await user.type(field('Confirm Password'), 'secret1');
}

describe('sign-up form', () => {
  it('shows every validation message and blocks submit while any exists', async () => {
    const { user } = openSignUp();
    await screen.findByRole('button', { name: 'Sign Up' });
    expect(submit()).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');

    for (const label of ['Name', 'Email', 'Password', 'Confirm Password']) {
      await user.click(field(label));
    }
    await user.tab();
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(screen.getByText('Confirm Password is required')).toBeVisible();

    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@');
    expect(screen.getByText('Invalid email address')).toBeVisible();
    await user.type(field('Email'), 'example.com');
    await user.type(field('Password'), 'abc');
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    await user.type(field('Password'), 'def');
    await user.type(field('Confirm Password'), 'abcdeg');
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(field('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(submit()).toHaveProperty('disabled', true);

    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'abcdef');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(submit()).toHaveProperty('disabled', false);
  });

  it.each([
    ['the server message', 'Email already registered', 'Email already registered'],
    ["'No server response' for \"Can't find...\"", "Can't find /api/v1/auth/signup", 'No server response'],
  ])('shows %s under the form', async (_case, message, shown) => {
    api.fail('auth.signup', 'CONFLICT', message);
    const { user } = openSignUp();
    await fillValid(user);
    await user.click(submit());
    // The alert region is always there (empty until a message arrives): wait for its text.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shown));
  });

  it('creates the account, toasts, signs the new user in with the same credentials and lands on their dashboard', async () => {
    const ada = makeUser({ name: 'Ada', email: 'ada@example.com' });
    api.answer('auth.signup', { message: 'Created', user: ada });
    api.answer('auth.login', sessionBody(ada, 'token-new'));
    const { user, router } = openSignUp();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSession()).toMatchObject({ role: 'student', token: 'token-new', user: { name: 'Ada' } });
    expect(await screen.findByRole('heading', { name: 'Hi Ada' })).toBeVisible();
    // Sign-up's own toast only: no "Welcome back, Ada!" for someone who has never been here.
    expect(screen.queryByText('Welcome back, Ada!')).toBeNull();

    const [signup] = api.calls('auth.signup');
    expect(signup?.transport).toBe('rest');
    expect(signup ? await sentBody(signup.request) : null).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    const [login] = api.calls('auth.login');
    expect(login?.transport).toBe('rest');
    expect(login ? await sentBody(login.request) : null).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
  });

  it('when the automatic sign-in fails, opens the sign-in form with the e-mail filled in and says why', async () => {
    api.answer('auth.signup', { message: 'Created', user: makeUser({ name: 'Ada' }) });
    api.fail('auth.login', 'TOO_MANY_REQUESTS', 'Too many login attempts. Please try again later.');
    const { user, router } = openSignUp();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('alert').textContent).toBe(
      'Your account was created, but we could not sign you in: Too many login attempts. Please try again later.',
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
    expect(getSession().user).toBeNull();
    expect(api.calls('auth.login')).toHaveLength(1);
  });

  it('when the address had an account (the sign-in refuses the credentials), says to check the e-mail', async () => {
    api.answer('auth.signup', { message: 'Created', user: makeUser({ name: 'Ada' }) });
    api.fail('auth.login', 'UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
    const { user, router } = openSignUp();
    await fillValid(user);
    await user.click(submit());
    await screen.findByRole('button', { name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.signUpCheckEmail);
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
  });

  it('does not try to sign in when the sign-up itself failed', async () => {
    api.fail('auth.signup', 'CONFLICT', 'Email already registered');
    const { user, router } = openSignUp();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Email already registered'));
    expect(router.state.location.pathname).toBe('/signup');
    expect(api.calls('auth.login')).toHaveLength(0);
    expect(screen.queryByText('Account created successfully!')).toBeNull();
  });
});
