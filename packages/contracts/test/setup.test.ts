/** First-run setup: the request schemas follow the sign-up rules, and the redirect rule. */
import { describe, expect, it } from 'vitest';
import { fieldErrors, signupRequestSchema } from '../src/auth';
import { SETUP_MESSAGES, VALIDATION } from '../src/messages';
import { SETUP_PATH, setupRedirect } from '../src/navigation';
import { adminAccountSchema, createAdminRequestSchema, SETUP_TOKEN_MAX_LENGTH } from '../src/setup';

const account = {
  name: 'Meera Iyer',
  email: 'meera@example.com',
  password: 'admin-passphrase',
  confirmPassword: 'admin-passphrase',
};
const request = { token: 'q5Yt1u0ZJX2mS8dWc4kPa7LhN3vRb9Ee', ...account };

describe('createAdminRequestSchema', () => {
  it('accepts a token and an account, trimming the token, name and e-mail', () => {
    expect(
      createAdminRequestSchema.parse({
        ...request,
        token: `  ${request.token}\n`,
        name: ' Meera Iyer ',
        email: ' meera@example.com ',
      }),
    ).toEqual(request);
  });

  it.each([
    ['no token', { ...request, token: undefined }, { token: SETUP_MESSAGES.tokenRequired }],
    ['a blank token', { ...request, token: '   ' }, { token: SETUP_MESSAGES.tokenRequired }],
    [
      'an overlong token',
      { ...request, token: 'x'.repeat(SETUP_TOKEN_MAX_LENGTH + 1) },
      { token: VALIDATION.tooLong('Setup token', SETUP_TOKEN_MAX_LENGTH) },
    ],
    ['a NUL in the token', { ...request, token: 'a\u0000b' }, { token: VALIDATION.nulCharacter('token') }],
  ])('refuses %s', (_case, value, errors) => {
    expect(fieldErrors(createAdminRequestSchema, value)).toEqual(errors);
  });

  // The account fields are sign-up's own: whatever sign-up says about them, setup says too.
  it.each([
    ['an empty form', { name: '', email: '', password: '', confirmPassword: '' }],
    ['a bad e-mail', { ...account, email: 'meera@' }],
    ['a short password', { ...account, password: 'abc', confirmPassword: 'abc' }],
    ['an overlong name', { ...account, name: 'n'.repeat(101) }],
    ['passwords that differ', { ...account, confirmPassword: 'something else' }],
  ])('judges %s as sign-up does', (_case, values) => {
    const signupErrors = fieldErrors(signupRequestSchema, values);
    expect(Object.keys(signupErrors).length).toBeGreaterThan(0);
    expect(fieldErrors(createAdminRequestSchema, { ...values, token: request.token })).toEqual(signupErrors);
    expect(fieldErrors(adminAccountSchema, values)).toEqual(signupErrors);
  });

  it('has no role field: the account is an admin by what the operation is', () => {
    expect(createAdminRequestSchema.parse({ ...request, role: 'student' })).not.toHaveProperty('role');
  });
});

describe('setupRedirect', () => {
  it('leads every page but the setup page to it while setup is needed', () => {
    expect(setupRedirect(true, '/')).toBe(SETUP_PATH);
    expect(setupRedirect(true, '/dashboard/admin')).toBe(SETUP_PATH);
    expect(setupRedirect(true, SETUP_PATH)).toBeNull();
  });

  it('leaves every page alone once setup is done', () => {
    expect(setupRedirect(false, '/')).toBeNull();
    expect(setupRedirect(false, SETUP_PATH)).toBeNull();
  });
});
