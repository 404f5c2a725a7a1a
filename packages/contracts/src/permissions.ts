/**
 * Roles, their permission strings and levels (spec section 6), and the one `can()` that both the
 * server (to enforce) and the web app (to show or hide UI) use.
 */
import type { Permission, Role } from './enumerations.js';
import { ROLES } from './enumerations.js';

export { permissionSchema, permissionsSchema, roleSchema } from './enumeration-schemas.js';
export { PERMISSIONS, type Permission, ROLES, type Role } from './enumerations.js';

export interface RolePermissions {
  permissions: Permission[];
  level: number;
}

/** Whether `value` is one of the roles (the same test as `roleSchema`, without zod: see enumerations.ts). */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_PERMISSIONS: Readonly<Record<Role, RolePermissions>> = {
  admin: { permissions: ['all'], level: 5 },
  instructor: { permissions: ['create_courses', 'manage_own_courses'], level: 7 },
  student: { permissions: ['access_purchased_courses', 'track_progress'], level: 2 },
  moderator: { permissions: [], level: 0 },
  guest: { permissions: [], level: 0 },
  parent: { permissions: [], level: 0 },
  support_staff: { permissions: [], level: 0 },
};

export function permissionsFor(role: string | null | undefined): RolePermissions {
  return isRole(role) ? ROLE_PERMISSIONS[role] : { permissions: [], level: 0 };
}

/** Anything that carries a role: a user, a session, a token's claims. */
export interface HasRole {
  role: string;
}

/** True when the role holds the permission; `all` (admin) holds every permission. */
export function can(actor: HasRole | null | undefined, permission: Permission): boolean {
  if (!actor) return false;
  const { permissions } = permissionsFor(actor.role);
  return permissions.includes('all') || permissions.includes(permission);
}

/** True when the role holds at least one of the permissions. */
export function canAny(actor: HasRole | null | undefined, anyOf: readonly Permission[]): boolean {
  return anyOf.some((permission) => can(actor, permission));
}

/** True when the role holds every one of the permissions. */
export function canAll(actor: HasRole | null | undefined, allOf: readonly Permission[]): boolean {
  return allOf.every((permission) => can(actor, permission));
}

/**
 * What a route or procedure requires: anyone, any signed-in user, or at least one of the listed
 * permissions. Declared for every REST route in `rest.ts` and every tRPC procedure.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; anyOf: readonly Permission[] };
// Literal types, so that an operation's implementation knows from its access whether it has an actor.
export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const AUTHENTICATED = { kind: 'authenticated' } as const satisfies Access;
export const requires = (...anyOf: Permission[]) => ({ kind: 'permission', anyOf }) as const satisfies Access;

/** The HTTP outcome of an access rule for an actor: 'ok', 401 (no valid session) or 403. */
export function accessDecision(access: Access, actor: HasRole | null | undefined): 'ok' | 401 | 403 {
  if (access.kind === 'public') return 'ok';
  if (!actor) return 401;
  if (access.kind === 'authenticated') return 'ok';
  return canAny(actor, access.anyOf) ? 'ok' : 403;
}

/** Instructors manage their own courses, admins every course (ownership is checked by the services). */
export const MANAGE_COURSES = requires('create_courses', 'manage_own_courses');
