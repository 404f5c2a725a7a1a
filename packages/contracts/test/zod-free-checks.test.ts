/**
 * The zod-free checks the web app's first load uses (`isApiErrorBody`, `isRole`) agree with the schemas
 * they stand in for, and the schema-free REST paths are the route table's.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, isApiErrorBody } from '../src/errors';
import { isRole, ROLES, roleSchema } from '../src/permissions';
import { restRoutes } from '../src/rest';
import { API_PREFIX, REST_PATHS } from '../src/rest-paths';

const errorBodies: unknown[] = [
  { message: 'Nope', code: 'NOT_FOUND' },
  { message: 'Bad', code: 'VALIDATION_ERROR', issues: [{ path: 'email', message: 'Email is required' }] },
  { message: 'Bad', code: 'VALIDATION_ERROR', issues: [] },
  { message: 'Extra keys are fine', code: 'CONFLICT', stack: 'x' },
  { message: 'Unknown code', code: 'TEAPOT' },
  { message: 42, code: 'NOT_FOUND' },
  { code: 'NOT_FOUND' },
  { message: 'No code' },
  { message: 'Bad issues', code: 'BAD_REQUEST', issues: 'email' },
  { message: 'Bad issue', code: 'BAD_REQUEST', issues: [{ path: 1, message: 'x' }] },
  { message: 'Half an issue', code: 'BAD_REQUEST', issues: [{ path: 'a' }] },
  { message: 'Null issues', code: 'BAD_REQUEST', issues: null },
  [],
  null,
  undefined,
  'Internal Server Error',
  '<html>502 Bad Gateway</html>',
];

describe('isApiErrorBody', () => {
  it.each(errorBodies.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    '%s: same answer as apiErrorSchema',
    (_label, body) => {
      expect(isApiErrorBody(body)).toBe(apiErrorSchema.safeParse(body).success);
    },
  );

  it('accepts the common error shape and refuses anything else', () => {
    expect(errorBodies.filter(isApiErrorBody)).toHaveLength(4);
  });
});

describe('isRole', () => {
  it.each([...ROLES, 'Admin', 'superuser', '', null, undefined, 7])(
    '%s: same answer as roleSchema',
    (role) => {
      expect(isRole(role)).toBe(roleSchema.safeParse(role).success);
    },
  );
});

describe('rest-paths', () => {
  /** The operation each schema-free entry is the REST binding of. */
  const OPERATION_OF: Record<keyof typeof REST_PATHS, string> = {
    authSignup: 'auth.signup',
    authLogin: 'auth.login',
    authRefresh: 'auth.refresh',
    authLogout: 'auth.logout',
    listCourses: 'courses.list',
    setupStatus: 'setup.status',
  };

  it('gives the route table its method and path for each route it names', () => {
    expect(Object.keys(OPERATION_OF).sort()).toEqual(Object.keys(REST_PATHS).sort());
    for (const [name, entry] of Object.entries(REST_PATHS)) {
      const route = restRoutes.find((r) => r.name === OPERATION_OF[name as keyof typeof REST_PATHS]);
      expect(route, name).toBeDefined();
      expect({ method: route?.method, path: route?.path }, name).toEqual(entry);
    }
    expect(API_PREFIX).toBe('/api/v1');
  });
});
