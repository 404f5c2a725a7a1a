import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listOperations, operations } from '../src/api';
import { httpRoutes } from '../src/http-routes';
import { lectureUploadFormSchema } from '../src/media';
import { accessDecision, PERMISSIONS, type Permission } from '../src/permissions';
import { API_PREFIX, fillPath, type RestRoute, restRoutes, toRouterPath } from '../src/rest';

const routes = restRoutes.map((r) => [r.name, r] as [string, RestRoute]);

/** Parameter names never reach the wire, so a spec path matches whatever the table calls its params. */
function shape(path: string): string {
  return path.replace(/\{\w+\}/g, '{}');
}

function route(method: string, path: string): RestRoute | undefined {
  return routes.find(([, r]) => r.method === method && shape(r.path) === shape(path))?.[1];
}

/** What a JSON route takes: its operation's input (path parameters, query or body fields together). */
function input(method: string, path: string): z.ZodType | undefined {
  return route(method, path)?.operation?.input;
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** The object fields of an input schema (`.and()` intersections included), required ones marked. */
function inputFields(schema: z.ZodType): Record<string, { optional: boolean; type: string }> {
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    left?: z.ZodType;
    right?: z.ZodType;
  };
  if (def.type === 'intersection' && def.left && def.right)
    return { ...inputFields(def.left), ...inputFields(def.right) };
  if (def.type === 'pipe') return inputFields((def as unknown as { in: z.ZodType }).in);
  return Object.fromEntries(
    Object.entries(def.shape ?? {}).map(([name, field]) => [
      name,
      { optional: field._zod.optin === 'optional', type: field._zod.def.type },
    ]),
  );
}

describe('route table shape', () => {
  it('serves under /api/v1', () => {
    expect(API_PREFIX).toBe('/api/v1');
  });

  it.each(routes)('%s: the path starts with / and has no trailing slash or :param', (_name, r) => {
    expect(r.path.startsWith('/')).toBe(true);
    expect(r.path.startsWith('//')).toBe(false);
    expect(r.path.length === 1 || !r.path.endsWith('/')).toBe(true);
    expect(r.path).not.toMatch(/:/);
    expect(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).toContain(r.method);
  });

  it('has no two routes with the same method and path', () => {
    const keys = routes.map(([, r]) => `${r.method} ${r.path}`);
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });

  it('has no two routes that a router would see as the same method and path', () => {
    const keys = routes.map(([, r]) => `${r.method} ${shape(r.path)}`);
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });

  it.each(routes)('%s: access is well-formed', (_name, r) => {
    const access = r.access;
    expect(['public', 'authenticated', 'permission']).toContain(access.kind);
    if (access.kind === 'permission') {
      expect(access.anyOf.length).toBeGreaterThan(0);
      for (const permission of access.anyOf) expect(PERMISSIONS).toContain(permission);
      expect(new Set(access.anyOf).size).toBe(access.anyOf.length);
    } else {
      expect(Object.keys(access)).toEqual(['kind']);
    }
  });

  it.each(routes)('%s: the {params} of the path are required string fields of its input', (_name, r) => {
    const params = pathParams(r.path);
    if (r.operation) {
      if (params.length === 0) return;
      expect(r.operation.input, 'an operation with path parameters takes input').toBeDefined();
      const fields = inputFields(r.operation.input as z.ZodType);
      for (const param of params) expect(fields[param], param).toEqual({ optional: false, type: 'string' });
    } else {
      const http = httpRoutes[r.name as keyof typeof httpRoutes];
      const declared = 'params' in http ? Object.keys(http.params.shape).sort() : [];
      expect(declared).toEqual(params.sort());
    }
  });

  it.each(routes)(
    '%s: a body (JSON, multipart or raw) only on POST/PATCH/PUT, and every such operation has one',
    (_name, r) => {
      if (r.bodyKind !== 'none') expect(['POST', 'PATCH', 'PUT']).toContain(r.method);
      if (r.operation) expect(r.bodyKind).toBe(['POST', 'PATCH', 'PUT'].includes(r.method) ? 'json' : 'none');
      const http = r.operation ? undefined : httpRoutes[r.name as keyof typeof httpRoutes];
      if (http && 'body' in http) expect(r.bodyKind).toBe('multipart');
    },
  );

  it('lists every operation and every HTTP route once, by name', () => {
    const names = routes.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(
      [...listOperations().map(({ path }) => path), ...Object.keys(httpRoutes)].sort(),
    );
    for (const [name, r] of routes) {
      const [namespace, procedure] = name.split('.') as [keyof typeof operations, string];
      const operation = (operations[namespace] as Record<string, unknown> | undefined)?.[procedure];
      if (r.operation) expect(r.operation, name).toBe(operation);
    }
  });
});

describe('the spec paths (section 7) exist with their methods', () => {
  it.each([
    ['POST', '/auth/login'],
    ['POST', '/auth/signup'],
    ['GET', '/auth/refresh'],
    ['GET', '/auth/logout'],
    ['GET', '/courses'],
    ['POST', '/courses'],
    ['GET', '/courses/{id}'],
    ['POST', '/courses/by-ids'],
    ['DELETE', '/courses/{id}'],
    ['GET', '/courses/my-courses'],
    ['PATCH', '/courses/{id}'],
    ['GET', '/instructor/courses'],
    ['GET', '/courses/coures-overview'],
    ['POST', '/videos/lecture'],
    ['GET', '/videos/{courseId}'],
    ['GET', '/videos/video/{lectureId}'],
    ['GET', '/videos/signature'],
    ['POST', '/videos/upload'],
    ['PATCH', '/videos/{lectureId}/video_thumbnail'],
    ['DELETE', '/videos/{lectureId}'],
    ['POST', '/progress/{videoId}'],
    ['GET', '/progress/course/{courseId}'],
    ['POST', '/payment/create-payment-intent'],
    ['POST', '/payment/confirm-payment'],
    ['GET', '/admin/overview'],
    ['GET', '/admin/users/overview'],
    ['PATCH', '/admin/users/{id}'],
    ['GET', '/admin/engagement'],
  ])('%s %s', (method, path) => {
    expect(route(method, path)).toBeDefined();
  });
});

describe('the spec payloads are the declared inputs', () => {
  it('login takes email and password', () => {
    const body = input('POST', '/auth/login');
    expect(body?.safeParse({ email: 'a@example.com', password: 'secret1' }).success).toBe(true);
    expect(body?.safeParse({ email: 'a@example.com' }).success).toBe(false);
  });

  it('signup takes name, email, password, confirmPassword and role', () => {
    const body = input('POST', '/auth/signup');
    const value = { name: 'A', email: 'a@example.com', password: 'secret1', confirmPassword: 'secret1' };
    expect(body?.safeParse({ ...value, role: 'student' }).success).toBe(true);
  });

  it('by-ids takes courseIds', () => {
    expect(input('POST', '/courses/by-ids')?.safeParse({ courseIds: ['c1'] }).success).toBe(true);
  });

  it('create lecture takes title and courseId', () => {
    expect(input('POST', '/videos/lecture')?.safeParse({ title: 'T', courseId: 'c1' }).success).toBe(true);
  });

  it('upload lecture is multipart with title, description, courseId and isPreview, then the file', () => {
    const r = route('POST', '/videos/upload');
    expect(r?.bodyKind).toBe('multipart');
    const fields = { title: 'T', description: 'D', courseId: 'c1', isPreview: 'true' };
    expect(lectureUploadFormSchema.safeParse(fields).success).toBe(true);
    const body = httpRoutes['lectures.upload'].body;
    expect(Object.keys(body.shape).sort()).toEqual([
      'courseId',
      'description',
      'isPreview',
      'lecture',
      'title',
    ]);
    expect(body.safeParse({ ...fields, lecture: '(the file)' }).success).toBe(true);
  });

  it('progress takes watchedDuration and completed', () => {
    const body = input('POST', '/progress/{videoId}');
    const videoId = 'v1';
    expect(body?.safeParse({ videoId, watchedDuration: 12.5, completed: false }).success).toBe(true);
    expect(body?.safeParse({ videoId, watchedDuration: -1, completed: false }).success).toBe(false);
    expect(body?.safeParse({ videoId, watchedDuration: 1 }).success).toBe(false);
  });

  it('payment intent takes courseId and confirmation takes paymentIntentId', () => {
    expect(input('POST', '/payment/create-payment-intent')?.safeParse({ courseId: 'c1' }).success).toBe(true);
    expect(input('POST', '/payment/confirm-payment')?.safeParse({ paymentIntentId: 'pi_1' }).success).toBe(
      true,
    );
  });

  it('admin user update takes isActive or role', () => {
    const body = input('PATCH', '/admin/users/{id}');
    const id = 'u1';
    expect(body?.safeParse({ id, isActive: false }).success).toBe(true);
    expect(body?.safeParse({ id, role: 'support_staff' }).success).toBe(true);
    expect(body?.safeParse({ id }).success).toBe(false);
  });
});

describe('access of the spec routes (sections 6 and 7)', () => {
  type Outcome = 'ok' | 401 | 403;
  const cases: [string, string, Outcome, Outcome, Outcome, Outcome][] = [
    // method, path, visitor, admin, instructor, student
    ['POST', '/auth/login', 'ok', 'ok', 'ok', 'ok'],
    ['POST', '/auth/signup', 'ok', 'ok', 'ok', 'ok'],
    ['GET', '/auth/refresh', 'ok', 'ok', 'ok', 'ok'],
    ['GET', '/auth/logout', 'ok', 'ok', 'ok', 'ok'],
    ['GET', '/courses', 'ok', 'ok', 'ok', 'ok'],
    ['GET', '/courses/{id}', 'ok', 'ok', 'ok', 'ok'],
    ['GET', '/videos/{courseId}', 'ok', 'ok', 'ok', 'ok'],
    ['POST', '/courses', 401, 'ok', 'ok', 403],
    ['PATCH', '/courses/{id}', 401, 'ok', 'ok', 403],
    ['DELETE', '/courses/{id}', 401, 'ok', 'ok', 403],
    ['GET', '/instructor/courses', 401, 'ok', 'ok', 403],
    ['GET', '/courses/my-courses', 401, 'ok', 'ok', 'ok'],
    ['POST', '/videos/lecture', 401, 'ok', 'ok', 403],
    ['GET', '/videos/signature', 401, 'ok', 'ok', 403],
    ['POST', '/videos/upload', 401, 'ok', 'ok', 403],
    ['PATCH', '/videos/{lectureId}/video_thumbnail', 401, 'ok', 'ok', 403],
    ['DELETE', '/videos/{lectureId}', 401, 'ok', 'ok', 403],
    ['POST', '/progress/{videoId}', 401, 'ok', 403, 'ok'],
    ['GET', '/progress/course/{courseId}', 401, 'ok', 403, 'ok'],
    ['POST', '/payment/create-payment-intent', 401, 'ok', 'ok', 'ok'],
    ['POST', '/payment/confirm-payment', 401, 'ok', 'ok', 'ok'],
    ['GET', '/admin/overview', 401, 'ok', 403, 403],
    ['GET', '/admin/users/overview', 401, 'ok', 403, 403],
    ['PATCH', '/admin/users/{id}', 401, 'ok', 403, 403],
    ['GET', '/admin/engagement', 401, 'ok', 403, 403],
  ];

  it.each(cases)('%s %s: visitor %s, admin %s, instructor %s, student %s', (method, path, ...expected) => {
    const r = route(method, path);
    expect(r).toBeDefined();
    if (!r) return;
    const actual = [null, { role: 'admin' }, { role: 'instructor' }, { role: 'student' }].map((actor) =>
      accessDecision(r.access, actor),
    );
    expect(actual).toEqual(expected);
  });

  it('every admin route requires `all` and nothing else', () => {
    const adminRoutes = routes.filter(([, r]) => r.path.startsWith('/admin/'));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(4);
    for (const [, r] of adminRoutes) {
      expect(r.access).toEqual({ kind: 'permission', anyOf: ['all'] satisfies Permission[] });
    }
  });

  it('no role without permissions can reach a permission-guarded route', () => {
    for (const [, r] of routes) {
      if (r.access.kind !== 'permission') continue;
      for (const role of ['moderator', 'guest', 'parent', 'support_staff']) {
        expect(accessDecision(r.access, { role })).toBe(403);
      }
    }
  });
});

describe('toRouterPath', () => {
  it.each([
    ['/courses', '/courses'],
    ['/courses/{id}', '/courses/:id'],
    ['/videos/{lectureId}/video_thumbnail', '/videos/:lectureId/video_thumbnail'],
    ['/a/{x}/b/{y_2}', '/a/:x/b/:y_2'],
  ])('%s -> %s', (path, expected) => {
    expect(toRouterPath(path)).toBe(expected);
  });
});

describe('fillPath', () => {
  it('fills every parameter', () => {
    expect(fillPath('/courses/{id}', { id: 'c1' })).toBe('/courses/c1');
    expect(fillPath('/a/{x}/b/{y}', { x: '1', y: '2' })).toBe('/a/1/b/2');
  });

  it('returns a path without parameters unchanged, with or without params', () => {
    expect(fillPath('/courses')).toBe('/courses');
    expect(fillPath('/courses', { id: 'ignored' })).toBe('/courses');
  });

  it('encodes values so they stay one segment', () => {
    expect(fillPath('/courses/{id}', { id: 'a/b c?d#e' })).toBe('/courses/a%2Fb%20c%3Fd%23e');
    expect(fillPath('/courses/{id}', { id: 'ü' })).toBe('/courses/%C3%BC');
  });

  it('throws on a missing parameter', () => {
    expect(() => fillPath('/courses/{id}')).toThrow('Missing path parameter id for /courses/{id}');
    expect(() => fillPath('/a/{x}/b/{y}', { x: '1' })).toThrow('Missing path parameter y for /a/{x}/b/{y}');
  });
});
