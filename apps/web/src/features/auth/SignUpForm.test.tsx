import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markSessionChecked } from '~/lib/session';
import { jsonResponse, makeUser, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

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
    mockFetch({ 'POST /api/v1/auth/signup': () => jsonResponse(409, { message, code: 'CONFLICT' }) });
    const { user } = openSignUp();
    await fillValid(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });

  it('creates the account, toasts and goes to /signin', async () => {
    const { callsTo } = mockFetch({
      'POST /api/v1/auth/signup': () =>
        jsonResponse(201, { message: 'Created', user: makeUser({ name: 'Ada' }) }),
    });
    const { user, router } = openSignUp();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText('Account created successfully!')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(callsTo('POST /api/v1/auth/signup')[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
  });
});
