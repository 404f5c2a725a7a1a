import { describe, expect, it } from 'vitest';
import {
  type Access,
  AUTHENTICATED,
  accessDecision,
  can,
  canAll,
  canAny,
  PERMISSIONS,
  type Permission,
  PUBLIC,
  permissionSchema,
  permissionsFor,
  ROLE_PERMISSIONS,
  ROLES,
  requires,
  roleSchema,
} from '../src/permissions';

const ALL_PERMISSIONS: Permission[] = [
  'all',
  'create_courses',
  'manage_own_courses',
  'access_purchased_courses',
  'track_progress',
];
const NO_PERMISSION_ROLES = ['moderator', 'guest', 'parent', 'support_staff'] as const;

describe('role and permission enumerations', () => {
  it('lists the seven roles of the spec', () => {
    expect([...ROLES].sort()).toEqual(
      ['admin', 'guest', 'instructor', 'moderator', 'parent', 'student', 'support_staff'].sort(),
    );
  });

  it('lists the five permission strings of the spec', () => {
    expect([...PERMISSIONS].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('roleSchema accepts the roles and refuses anything else', () => {
    expect(roleSchema.safeParse('support_staff').success).toBe(true);
    expect(roleSchema.safeParse('superuser').success).toBe(false);
    expect(roleSchema.safeParse('Admin').success).toBe(false);
    expect(roleSchema.safeParse(undefined).success).toBe(false);
  });

  it('permissionSchema refuses an unknown permission', () => {
    expect(permissionSchema.safeParse('track_progress').success).toBe(true);
    expect(permissionSchema.safeParse('delete_everything').success).toBe(false);
  });
});

describe('ROLE_PERMISSIONS', () => {
  it('admin holds all at level 5', () => {
    expect(ROLE_PERMISSIONS.admin).toEqual({ permissions: ['all'], level: 5 });
  });

  it('instructor holds create_courses and manage_own_courses at level 7', () => {
    expect(ROLE_PERMISSIONS.instructor).toEqual({
      permissions: ['create_courses', 'manage_own_courses'],
      level: 7,
    });
  });

  it('student holds access_purchased_courses and track_progress at level 2', () => {
    expect(ROLE_PERMISSIONS.student).toEqual({
      permissions: ['access_purchased_courses', 'track_progress'],
      level: 2,
    });
  });

  it.each(NO_PERMISSION_ROLES)('%s holds nothing at level 0', (role) => {
    expect(ROLE_PERMISSIONS[role]).toEqual({ permissions: [], level: 0 });
  });

  it('has an entry for exactly the seven roles', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual(
      ['admin', 'guest', 'instructor', 'moderator', 'parent', 'student', 'support_staff'].sort(),
    );
  });
});

describe('permissionsFor', () => {
  it('returns the table entry of a known role', () => {
    expect(permissionsFor('student')).toEqual({
      permissions: ['access_purchased_courses', 'track_progress'],
      level: 2,
    });
    expect(permissionsFor('admin')).toEqual({ permissions: ['all'], level: 5 });
  });

  it.each([['superuser'], [''], ['ADMIN'], [null], [undefined], ['constructor'], ['__proto__']])(
    'gives no permissions at level 0 for %j',
    (role) => {
      expect(permissionsFor(role)).toEqual({ permissions: [], level: 0 });
    },
  );
});

describe('can', () => {
  it.each(ALL_PERMISSIONS)("admin's `all` grants %s", (permission) => {
    expect(can({ role: 'admin' }, permission)).toBe(true);
  });

  it('instructor holds exactly create_courses and manage_own_courses', () => {
    const instructor = { role: 'instructor' };
    expect(can(instructor, 'create_courses')).toBe(true);
    expect(can(instructor, 'manage_own_courses')).toBe(true);
    expect(can(instructor, 'all')).toBe(false);
    expect(can(instructor, 'access_purchased_courses')).toBe(false);
    expect(can(instructor, 'track_progress')).toBe(false);
  });

  it('student holds exactly access_purchased_courses and track_progress', () => {
    const student = { role: 'student' };
    expect(can(student, 'access_purchased_courses')).toBe(true);
    expect(can(student, 'track_progress')).toBe(true);
    expect(can(student, 'all')).toBe(false);
    expect(can(student, 'create_courses')).toBe(false);
    expect(can(student, 'manage_own_courses')).toBe(false);
  });

  it.each(NO_PERMISSION_ROLES)('%s holds no permission', (role) => {
    for (const permission of ALL_PERMISSIONS) expect(can({ role }, permission)).toBe(false);
  });

  it('a null or undefined actor holds nothing', () => {
    expect(can(null, 'track_progress')).toBe(false);
    expect(can(undefined, 'all')).toBe(false);
  });

  it('an unknown role holds nothing', () => {
    expect(can({ role: 'superuser' }, 'all')).toBe(false);
    expect(can({ role: 'toString' }, 'create_courses')).toBe(false);
  });

  it('reads only the role, not a permissions list carried by the actor', () => {
    const forged = { role: 'student', permissions: ['all'] } as { role: string };
    expect(can(forged, 'all')).toBe(false);
  });
});

describe('canAny', () => {
  it('is true when one of the permissions is held', () => {
    expect(canAny({ role: 'student' }, ['create_courses', 'track_progress'])).toBe(true);
    expect(canAny({ role: 'instructor' }, ['access_purchased_courses', 'manage_own_courses'])).toBe(true);
  });

  it('is false when none is held', () => {
    expect(canAny({ role: 'student' }, ['create_courses', 'manage_own_courses'])).toBe(false);
    expect(canAny({ role: 'moderator' }, ['track_progress'])).toBe(false);
  });

  it('is true for admin whatever the list', () => {
    expect(canAny({ role: 'admin' }, ['track_progress'])).toBe(true);
  });

  it('is false for a null actor and for an empty list', () => {
    expect(canAny(null, ['track_progress'])).toBe(false);
    expect(canAny({ role: 'admin' }, [])).toBe(false);
  });
});

describe('canAll', () => {
  it('is true only when every permission is held', () => {
    expect(canAll({ role: 'student' }, ['access_purchased_courses', 'track_progress'])).toBe(true);
    expect(canAll({ role: 'student' }, ['access_purchased_courses', 'create_courses'])).toBe(false);
    expect(canAll({ role: 'instructor' }, ['create_courses', 'manage_own_courses'])).toBe(true);
    expect(canAll({ role: 'instructor' }, ['create_courses', 'all'])).toBe(false);
  });

  it('is true for admin for any list', () => {
    expect(canAll({ role: 'admin' }, ['create_courses', 'track_progress', 'all'])).toBe(true);
  });

  it('is false for a null actor with a non-empty list', () => {
    expect(canAll(null, ['track_progress'])).toBe(false);
  });

  it('is vacuously true for an empty list', () => {
    expect(canAll({ role: 'guest' }, [])).toBe(true);
  });
});

describe('access rules', () => {
  it('PUBLIC, AUTHENTICATED and requires() build the declared shapes', () => {
    expect(PUBLIC).toEqual({ kind: 'public' });
    expect(AUTHENTICATED).toEqual({ kind: 'authenticated' });
    expect(requires('create_courses', 'manage_own_courses')).toEqual({
      kind: 'permission',
      anyOf: ['create_courses', 'manage_own_courses'],
    });
  });
});

describe('accessDecision', () => {
  const adminOnly: Access = { kind: 'permission', anyOf: ['all'] };
  const manage: Access = { kind: 'permission', anyOf: ['create_courses', 'manage_own_courses'] };
  const progress: Access = { kind: 'permission', anyOf: ['track_progress'] };

  it('public is ok for everyone, signed in or not', () => {
    expect(accessDecision(PUBLIC, null)).toBe('ok');
    expect(accessDecision(PUBLIC, undefined)).toBe('ok');
    for (const role of ROLES) expect(accessDecision(PUBLIC, { role })).toBe('ok');
    expect(accessDecision(PUBLIC, { role: 'superuser' })).toBe('ok');
  });

  it('authenticated is 401 without an actor and ok for any role', () => {
    expect(accessDecision(AUTHENTICATED, null)).toBe(401);
    expect(accessDecision(AUTHENTICATED, undefined)).toBe(401);
    for (const role of ROLES) expect(accessDecision(AUTHENTICATED, { role })).toBe('ok');
  });

  it('a permission rule is 401 without an actor', () => {
    expect(accessDecision(adminOnly, null)).toBe(401);
    expect(accessDecision(manage, undefined)).toBe(401);
  });

  it.each([
    ['admin', 'ok', 'ok', 'ok'],
    ['instructor', 403, 'ok', 403],
    ['student', 403, 403, 'ok'],
    ['moderator', 403, 403, 403],
    ['guest', 403, 403, 403],
    ['parent', 403, 403, 403],
    ['support_staff', 403, 403, 403],
    ['superuser', 403, 403, 403],
  ] as const)('%s: all -> %s, create/manage -> %s, track_progress -> %s', (role, all, mng, prog) => {
    expect(accessDecision(adminOnly, { role })).toBe(all);
    expect(accessDecision(manage, { role })).toBe(mng);
    expect(accessDecision(progress, { role })).toBe(prog);
  });
});
