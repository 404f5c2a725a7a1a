/**
 * PATCH /admin/users/{id} (and tRPC admin.updateUser): suspend, activate, change role, and the rules
 * around them: no self-suspension or self-demotion, 404 for unknown users, 400 for bad bodies, and a
 * suspension that ends the user's sessions on their very next request. Also GET /admin/instructors (and
 * admin.instructors), the list an admin names a new course's instructor from.
 */
import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@lectio/contracts/messages';
import { ROLES } from '@lectio/contracts/permissions';
import { authSessions, users } from '@lectio/db';
import { type CreatedUser, createUser } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: CreatedUser;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  adminToken = (await login(t.app, admin.email, admin.password)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const patch = (id: string, payload: Record<string, unknown>, token = adminToken) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}`, headers: bearer(token), payload });

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const refresh = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: { cookie } });

async function stored(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('suspend and activate', () => {
  it('suspending ends every session of the user at once; activating lets them sign in again', async () => {
    const student = await createUser(t.db, { role: 'student' });
    const first = await login(t.app, student.email, student.password);
    const second = await login(t.app, student.email, student.password, true);
    expect((await me(first.accessToken)).statusCode).toBe(200);

    const response = await patch(student.id, { isActive: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: ADMIN_MESSAGES.userUpdated,
      user: { _id: student.id, role: 'student', isActive: false },
    });

    // The very next request with either access token is refused...
    for (const session of [first, second]) {
      // 401 rather than 403: the session is revoked, so the token names no live session.
      expect((await me(session.accessToken)).statusCode).toBe(401);
    }
    // ...and neither refresh cookie can mint a new one.
    for (const session of [first, second]) {
      const refused = await refresh(session.cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    }
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, student.id));
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.revokedAt && session.revokedReason === 'suspended')).toBe(
      true,
    );

    // Signing in is refused while suspended.
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: student.email, password: student.password },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.accountSuspended);

    const activated = await patch(student.id, { isActive: true });
    expect(activated.json()).toEqual({
      message: ADMIN_MESSAGES.userUpdated,
      user: { _id: student.id, role: 'student', isActive: true },
    });
    const again = await login(t.app, student.email, student.password);
    expect((await me(again.accessToken)).statusCode).toBe(200);
    // Old sessions stay ended.
    expect((await refresh(first.cookie)).statusCode).toBe(401);
  });

  it('an admin can suspend another admin', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    const session = await login(t.app, other.email, other.password);
    expect((await patch(other.id, { isActive: false })).statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/overview',
      headers: bearer(session.accessToken),
    });
    expect(overview.statusCode).toBe(401);
  });
});

describe('role changes', () => {
  it('accepts each of the seven roles; the new role applies on the next request, sessions stay', async () => {
    const user = await createUser(t.db, { role: 'student' });
    const session = await login(t.app, user.email, user.password);
    for (const role of [...ROLES.filter((r) => r !== 'student'), 'student' as const]) {
      const response = await patch(user.id, { role });
      expect(response.statusCode, role).toBe(200);
      expect(response.json().user).toEqual({ _id: user.id, role, isActive: true });
      expect((await stored(user.id)).role).toBe(role);
      const current = await me(session.accessToken);
      expect(current.statusCode).toBe(200);
      expect(current.json().user.role).toBe(role);
    }
    await patch(user.id, { role: 'instructor' });
    const refreshed = await refresh(session.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().role).toBe('instructor');
  });

  it('a demoted admin loses admin routes on their next request', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    const session = await login(t.app, other.email, other.password);
    const overview = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers: bearer(session.accessToken) });
    expect((await overview()).statusCode).toBe(200);
    expect((await patch(other.id, { role: 'student' })).statusCode).toBe(200);
    expect((await overview()).statusCode).toBe(403);
  });

  it('can change role and status in one request', async () => {
    const user = await createUser(t.db, { role: 'student' });
    const response = await patch(user.id, { role: 'support_staff', isActive: false });
    expect(response.json().user).toEqual({ _id: user.id, role: 'support_staff', isActive: false });
  });
});

describe('refusals', () => {
  it('an admin cannot suspend themselves or change their own role (400, nothing changes)', async () => {
    const suspend = await patch(admin.id, { isActive: false });
    expect(suspend.statusCode).toBe(400);
    expect(suspend.json()).toEqual({ code: 'BAD_REQUEST', message: ADMIN_MESSAGES.cannotSuspendSelf });
    for (const role of ['student', 'instructor', 'moderator'] as const) {
      const demote = await patch(admin.id, { role });
      expect(demote.statusCode).toBe(400);
      expect(demote.json()).toEqual({ code: 'BAD_REQUEST', message: ADMIN_MESSAGES.cannotDemoteSelf });
    }
    const both = await patch(admin.id, { role: 'student', isActive: false });
    expect(both.statusCode).toBe(400);
    expect(await stored(admin.id)).toMatchObject({ role: 'admin', isActive: true });
    expect((await me(adminToken)).statusCode).toBe(200);

    // Restating the current role or status is a harmless no-op.
    expect((await patch(admin.id, { role: 'admin', isActive: true })).statusCode).toBe(200);
  });

  it('404 for an unknown user or a malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await patch(id, { isActive: false });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: ADMIN_MESSAGES.userNotFound });
    }
  });

  it('400 for an invalid role, a non-boolean isActive or an empty body', async () => {
    const user = await createUser(t.db, { role: 'student' });
    const badRole = await patch(user.id, { role: 'superuser' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['role']);
    const badFlag = await patch(user.id, { isActive: 'no' });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['isActive']);
    const empty = await patch(user.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: '', message: 'Send isActive or role' }]);
    expect(await stored(user.id)).toMatchObject({ role: 'student', isActive: true });
  });

  it('only permission `all` may call it', async () => {
    const student = await createUser(t.db, { role: 'student' });
    const session = await login(t.app, student.email, student.password);
    const response = await patch(student.id, { role: 'admin' }, session.accessToken);
    expect(response.statusCode).toBe(403);
    expect((await stored(student.id)).role).toBe('student');
  });
});

describe('tRPC admin.updateUser', () => {
  const mutate = (input: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/trpc/admin.updateUser',
      headers: bearer(adminToken),
      payload: input,
    });

  it('applies the same rules as REST', async () => {
    const student = await createUser(t.db, { role: 'student' });
    const session = await login(t.app, student.email, student.password);
    const ok = await mutate({ id: student.id, isActive: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.data).toEqual({
      message: ADMIN_MESSAGES.userUpdated,
      user: { _id: student.id, role: 'student', isActive: false },
    });
    expect((await me(session.accessToken)).statusCode).toBe(401);

    const self = await mutate({ id: admin.id, isActive: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(ADMIN_MESSAGES.cannotSuspendSelf);
    expect((await mutate({ id: admin.id, role: 'student' })).json().error.message).toBe(
      ADMIN_MESSAGES.cannotDemoteSelf,
    );
    expect((await mutate({ id: '00000000-0000-4000-8000-000000000000', role: 'guest' })).statusCode).toBe(
      404,
    );
    expect((await mutate({ id: student.id, role: 'superuser' })).statusCode).toBe(400);
  });
});

describe('GET /admin/instructors', () => {
  it('lists every instructor by name, suspended ones marked, and nobody else; tRPC gives the same', async () => {
    const zed = await createUser(t.db, { role: 'instructor', name: 'Zed Instructor' });
    const amy = await createUser(t.db, { role: 'instructor', name: 'Amy Instructor', isActive: false });
    const student = await createUser(t.db, { role: 'student', name: 'Amy Student' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/instructors',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const { instructors } = response.json() as {
      instructors: { _id: string; name: string; email: string; isActive: boolean }[];
    };
    const stored = await t.db.select().from(users).where(eq(users.role, 'instructor'));
    expect(instructors.map((row) => row._id).sort()).toEqual(stored.map((row) => row.id).sort());
    expect(instructors.map((row) => row._id)).not.toContain(student.id);
    expect(instructors.map((row) => row._id)).not.toContain(admin.id);
    const names = instructors.map((row) => row.name);
    expect(names).toEqual(names.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(instructors.find((row) => row._id === amy.id)).toEqual({
      _id: amy.id,
      name: 'Amy Instructor',
      email: amy.email,
      isActive: false,
    });
    expect(instructors.find((row) => row._id === zed.id)?.isActive).toBe(true);

    const viaTrpc = await t.app.inject({
      method: 'GET',
      url: '/trpc/admin.instructors',
      headers: bearer(adminToken),
    });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data).toEqual({ instructors });
  });

  it('is refused to an instructor (403) and to a visitor (401)', async () => {
    const instructor = await createUser(t.db, { role: 'instructor' });
    const token = (await login(t.app, instructor.email, instructor.password)).accessToken;
    const asInstructor = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/instructors',
      headers: bearer(token),
    });
    expect(asInstructor.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/instructors' })).statusCode).toBe(401);
  });
});
