/**
 * Users and sessions for the web tests, built with @lectio/mocks' factories (permissions follow the role
 * from the contract's table) with the fixed values the tests assert on.
 */
import type { PublicUser } from '@lectio/contracts/user';
import { buildAuthSession, buildPublicUser } from '@lectio/mocks';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return buildPublicUser({
    _id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** The login/refresh answer for `user`. */
export function sessionBody(user: PublicUser, accessToken = 'access-1') {
  return buildAuthSession({ accessToken, user });
}

/** A promise plus its resolver, for holding an answer until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
