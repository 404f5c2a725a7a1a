import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { markSessionChecked } from '~/lib/session';
import { api, sentBody } from '../../../test/api-mocks';
import { makeUser } from '../../../test/fixtures';
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
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Confirm Password is required')).toBeTruthy();

    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@');
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    await user.type(field('Email'), 'example.com');
    await user.type(field('Password'), 'abc');
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    await user.type(field('Password'), 'def');
    await user.type(field('Confirm Password'), 'abcdeg');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
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

  it('creates the account, toasts and goes to /signin', async () => {
    api.answer('auth.signup', { message: 'Created', user: makeUser({ name: 'Ada' }) });
    const { user, router } = openSignUp();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText('Account created successfully!')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    const [signup] = api.calls('auth.signup');
    expect(signup?.transport).toBe('rest');
    expect(signup ? await sentBody(signup.request) : null).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
  });
});
