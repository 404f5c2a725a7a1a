/**
 * Password reset and e-mail verification pages (docs/decisions/0035): the request form and its one
 * answer, the new-password form with the sign-up rules, a refused link, verification on open (once),
 * and the dashboard's verification banner.
 */
import { ACCOUNT_MESSAGES } from '@lectio/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSession, markSessionChecked } from '~/lib/session';
import { api } from '../../../test/api-mocks';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { forgetSessionHint, startSignedIn } from '../../../test/signed-in';

// Typing through whole forms on a busy 2-core machine takes longer than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

function openAnonymous(path: string) {
  forgetSessionHint();
  markSessionChecked();
  return renderApp(path);
}

describe('/reset-password without a token: asking for a link', () => {
  it('validates the address with the sign-up rules, then shows the one answer', async () => {
    api.answer('account.requestPasswordReset', { message: ACCOUNT_MESSAGES.resetRequested });
    const { user } = openAnonymous('/reset-password');
    const email = await screen.findByLabelText('Email');
    const send = screen.getByRole('button', { name: 'Send reset link' });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    expect(send).toHaveProperty('disabled', true);
    await user.click(email);
    await user.tab();
    expect(screen.getByText('Email is required')).toBeVisible();
    await user.type(email, 'ada@');
    expect(screen.getByText('Invalid email address')).toBeVisible();
    await user.type(email, 'example.com');
    await user.click(send);

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByRole('status').textContent).toBe(ACCOUNT_MESSAGES.resetRequested);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');
    expect(api.calls('account.requestPasswordReset').map((call) => call.input)).toEqual([
      { email: 'ada@example.com' },
    ]);
  });

  it('says whom to ask when the installation has no mail server, and nothing when it has one', async () => {
    api.answer('account.mailDelivery', { delivers: false, notice: ACCOUNT_MESSAGES.mailNotConfigured });
    openAnonymous('/reset-password');
    expect((await screen.findByRole('note')).textContent).toBe(ACCOUNT_MESSAGES.mailNotConfigured);
  });

  it('shows no mail notice when mail is delivered', async () => {
    api.answer('account.mailDelivery', { delivers: true, notice: null });
    openAnonymous('/reset-password');
    await screen.findByRole('button', { name: 'Send reset link' });
    await waitFor(() => expect(api.calls('account.mailDelivery')).toHaveLength(1));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a refusal (too many requests) under the form', async () => {
    api.fail(
      'account.requestPasswordReset',
      'TOO_MANY_REQUESTS',
      'Too many requests. Please wait a moment and try again.',
    );
    const { user } = openAnonymous('/reset-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many requests. Please wait a moment and try again.',
      ),
    );
  });

  it('is linked from the sign-in page', async () => {
    const { user, router } = openAnonymous('/signin');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});

describe('/reset-password?token=...: the new password', () => {
  it('applies the sign-up rules, sends the token, then toasts and goes to sign-in', async () => {
    api.answer('account.resetPassword', { message: ACCOUNT_MESSAGES.passwordReset });
    const { user, router } = openAnonymous('/reset-password?token=the-token-from-the-mail');
    const password = await screen.findByLabelText('New Password');
    const confirm = screen.getByLabelText('Confirm Password');
    const submit = screen.getByRole('button', { name: 'Set new password' });
    await user.type(password, 'abc');
    await user.tab();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    await user.type(password, 'def');
    await user.type(confirm, 'abcdeg');
    await user.tab();
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(submit).toHaveProperty('disabled', true);
    await user.clear(confirm);
    await user.type(confirm, 'abcdef');
    await user.click(submit);

    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordReset)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(api.calls('account.resetPassword').map((call) => call.input)).toEqual([
      { token: 'the-token-from-the-mail', password: 'abcdef', confirmPassword: 'abcdef' },
    ]);
  });

  it('says when the link is refused and offers a new one', async () => {
    api.fail('account.resetPassword', 'BAD_REQUEST', ACCOUNT_MESSAGES.resetLinkInvalid, [
      { path: 'token', message: ACCOUNT_MESSAGES.resetLinkInvalid },
    ]);
    const { user, router } = openAnonymous('/reset-password?token=used-token');
    await user.type(await screen.findByLabelText('New Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_MESSAGES.resetLinkInvalid),
    );
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await screen.findByRole('button', { name: 'Send reset link' });
    expect(router.state.location.search).toEqual({});
  });
});

describe('/verify-email', () => {
  it('verifies on open, once, and says so', async () => {
    api.answer('account.verifyEmail', { message: ACCOUNT_MESSAGES.emailVerified });
    openAnonymous('/verify-email?token=verify-me');
    expect(await screen.findByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
    expect(screen.getByRole('status').textContent).toBe(ACCOUNT_MESSAGES.emailVerified);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(api.calls('account.verifyEmail').map((call) => call.input)).toEqual([{ token: 'verify-me' }]);
  });

  it('refreshes a signed-in viewer’s account, so the banner goes', async () => {
    startSignedIn('student', { emailVerified: false });
    api.answer('account.verifyEmail', { message: ACCOUNT_MESSAGES.emailVerified });
    api.answer('auth.me', { user: makeUser({ role: 'student', name: 'The student', emailVerified: true }) });
    renderApp('/verify-email?token=verify-me');
    expect(await screen.findByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
    await waitFor(() => expect(getSession().user?.emailVerified).toBe(true));
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('says a refused link did not work and sends a new one to a signed-in, unverified viewer', async () => {
    startSignedIn('student', { emailVerified: false });
    api.fail('account.verifyEmail', 'BAD_REQUEST', ACCOUNT_MESSAGES.verificationLinkInvalid);
    api.answer('account.resendVerification', { message: ACCOUNT_MESSAGES.verificationSent });
    const { user } = renderApp('/verify-email?token=expired');
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeVisible();
    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_MESSAGES.verificationLinkInvalid);
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationSent)).toBeVisible();
    expect(api.calls('account.resendVerification')).toHaveLength(1);
  });

  it('asks an anonymous viewer of a refused link to sign in for a new one', async () => {
    api.fail('account.verifyEmail', 'BAD_REQUEST', ACCOUNT_MESSAGES.verificationLinkInvalid);
    openAnonymous('/verify-email?token=expired');
    expect(await screen.findByRole('link', { name: 'Sign in to ask for a new link' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('without a token, explains what the page needs and calls nothing', async () => {
    openAnonymous('/verify-email');
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeVisible();
    expect(screen.getByRole('alert').textContent).toContain('needs the link from the e-mail');
    expect(api.calls('account.verifyEmail')).toEqual([]);
  });
});

describe('the verification banner in the dashboard', () => {
  it('asks an unverified user to verify, sends a new link, and can be dismissed', async () => {
    api.answerDefaults();
    startSignedIn('student', { emailVerified: false });
    api.answer('account.resendVerification', { message: ACCOUNT_MESSAGES.verificationSent });
    const { user } = renderApp('/dashboard/mycourse');
    const banner = await screen.findByRole('region', { name: 'E-mail verification' });
    expect(within(banner).getByText(ACCOUNT_MESSAGES.verifyBanner)).toBeVisible();
    await user.click(within(banner).getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sent! Check your inbox.' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
  });

  it('is not there for a verified user', async () => {
    api.answerDefaults();
    startSignedIn('student', { emailVerified: true });
    renderApp('/dashboard/mycourse');
    await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
  });
});
