/** Factories for the auth.* operations' answers (see sequence.ts for ids and dates). */
import type { AuthSession } from '@lectio/contracts/auth';
import { ROLE_PERMISSIONS, type Role } from '@lectio/contracts/permissions';
import type { PublicUser } from '@lectio/contracts/user';
import { INSTRUCTOR_NAMES, STUDENT_NAMES } from './sample-content.js';
import { EPOCH, given, HOUR, isoAt, next, pick, sequentialUuid } from './sequence.js';

export type { AuthSession, PublicUser };

export type PublicUserOverrides = Partial<PublicUser>;

/** A user as the API shows them; `permissions` follow `role` (default `student`), the email follows the name. */
export function buildPublicUser(overrides: PublicUserOverrides = {}): PublicUser {
  const n = next();
  const role: Role = overrides.role ?? 'student';
  const name = overrides.name ?? pick(role === 'instructor' ? INSTRUCTOR_NAMES : STUDENT_NAMES, n);
  const { permissions, level } = ROLE_PERMISSIONS[role];
  return {
    _id: sequentialUuid(n),
    name,
    email: `${
      name
        .toLowerCase()
        .replace(/[^a-z]+/g, '.')
        .replace(/^\.+|\.+$/g, '') || 'user'
    }${n}@example.com`,
    role,
    avatar: null,
    isActive: true,
    emailVerified: true,
    purchasedCourses: [],
    permissions: { permissions: [...permissions], level },
    createdAt: isoAt(n),
    ...given(overrides),
  };
}

export type AuthSessionOverrides = Omit<Partial<AuthSession>, 'user'> & { user?: PublicUserOverrides };

/** The login/refresh payload; `role` follows the user's (`buildAuthSession({ user: { role: 'admin' } })`). */
export function buildAuthSession(overrides: AuthSessionOverrides = {}): AuthSession {
  const { user: userOverrides, ...fields } = given(overrides);
  const user = buildPublicUser({ ...(fields.role ? { role: fields.role } : {}), ...userOverrides });
  const n = next();
  const iat = Math.floor((EPOCH + n * HOUR) / 1000);
  const claims = JSON.stringify({ sub: user._id, role: user.role, iat, exp: iat + 15 * 60 });
  const base64url = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return {
    accessToken: `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(claims)}.mock-signature-${n}`,
    role: user.role,
    user,
    ...fields,
  };
}
