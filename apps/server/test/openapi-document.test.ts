/**
 * The OpenAPI document as the server serves it: its examples validate against its own schemas (ajv,
 * draft 2020-12, formats on), `servers` names the origin the client used (or PUBLIC_URL), and the
 * conformance check every test file runs (helpers/api-conformance.ts) catches what it should.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conformanceDocument,
  conformanceProblem,
  type RecordedExchange,
  validatorAt,
} from './helpers/api-conformance';
import { createTestApp, type TestApp } from './helpers/test-app';

type JsonObject = Record<string, unknown>;

/** Every `example` of the document next to the schema it illustrates, with the JSON pointer of that schema. */
function examplesOf(document: JsonObject): { where: string[]; example: unknown }[] {
  const found: { where: string[]; example: unknown }[] = [];
  const walk = (node: unknown, where: string[]) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, [...where, String(index)]);
      return;
    }
    const object = node as JsonObject;
    if ('example' in object && 'schema' in object)
      found.push({ where: [...where, 'schema'], example: object.example });
    for (const [key, value] of Object.entries(object)) if (key !== 'example') walk(value, [...where, key]);
  };
  walk(document, []);
  return found;
}

const document = conformanceDocument();
const examples = examplesOf(document);

describe('the examples of the document', () => {
  it('cover every operation (response, body, parameters) and every error response', () => {
    const operations = Object.values(document.paths as Record<string, JsonObject>).flatMap(Object.values);
    expect(operations.length).toBeGreaterThan(30);
    // Responses and bodies of JSON operations, path/query parameters, the shared error responses.
    expect(examples.length).toBeGreaterThan(operations.length * 2);
    const errorResponses = Object.keys((document.components as { responses: JsonObject }).responses);
    expect(examples.filter(({ where }) => where[1] === 'responses').length).toBe(errorResponses.length);
  });

  it.each(examples.map(({ where, example }) => [where.join(' > '), where, example] as const))(
    '%s',
    (_label, where, example) => {
      const validate = validatorAt(where);
      expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it('are checked with formats: a Course example with a non-uuid id or a local date is refused', () => {
    const courseList = ['paths', '/api/v1/courses', 'get', 'responses', '200', 'content', 'application/json'];
    const validate = validatorAt([...courseList, 'schema']);
    const example = examples.find(({ where }) => where.join('/') === [...courseList, 'schema'].join('/'))
      ?.example as { data: { courses: JsonObject[] } };
    const course = example.data.courses[0] as JsonObject;
    expect(validate(example)).toBe(true);
    expect(validate({ data: { ...example.data, courses: [{ ...course, _id: 'c1' }] } })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/data/courses/0/_id', keyword: 'format' });
    expect(validate({ data: { ...example.data, courses: [{ ...course, createdAt: '14/03/2026' }] } })).toBe(
      false,
    );
    expect(validate({ data: { ...example.data, courses: [{ ...course, studentsCount: -1 }] } })).toBe(false);
  });
});

describe('GET /api/v1/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const serversOf = async (app: TestApp['app'], headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers });
    expect(response.statusCode).toBe(200);
    return { servers: (response.json() as { servers: { url: string }[] }).servers, response };
  };

  it('names the origin the request reached, and is private to it', async () => {
    const { servers, response } = await serversOf(t.app, { host: 'lectio.internal:8080' });
    expect(servers).toEqual([{ url: 'http://lectio.internal:8080' }]);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect((await serversOf(t.app, { host: '127.0.0.1:3000' })).servers).toEqual([
      { url: 'http://127.0.0.1:3000' },
    ]);
    expect((await serversOf(t.app, { host: '[::1]:3000' })).servers).toEqual([{ url: 'http://[::1]:3000' }]);
  });

  it('is the same document whatever the host, but for `servers`', async () => {
    const a = (
      await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { host: 'a.test' } })
    ).json();
    const b = (
      await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { host: 'b.test' } })
    ).json();
    expect({ ...a, servers: [] }).toEqual({ ...b, servers: [] });
    expect(Object.keys(a).slice(0, 3)).toEqual(['openapi', 'info', 'servers']);
  });

  it('ignores X-Forwarded-Proto/Host without TRUST_PROXY', async () => {
    const { servers } = await serversOf(t.app, {
      host: 'lectio.internal',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(servers).toEqual([{ url: 'http://lectio.internal' }]);
  });

  it('falls back to PUBLIC_URL’s default for a Host that is no host name', async () => {
    for (const host of ['evil.example/path', 'a b', 'x@y', 'lectio.test:80:80']) {
      const { servers } = await serversOf(t.app, { host });
      expect(servers, host).toEqual([{ url: t.config.publicUrl }]);
    }
  });

  it('keeps a bounded cache: many hosts, each still answered with its own origin', async () => {
    for (let i = 0; i < 40; i++) {
      const { servers } = await serversOf(t.app, { host: `h${i}.test` });
      expect(servers).toEqual([{ url: `http://h${i}.test` }]);
    }
  });

  it('follows X-Forwarded-Proto/Host behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const { servers } = await serversOf(proxied.app, {
        host: 'app:3000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'lectio.example.org',
      });
      expect(servers).toEqual([{ url: 'https://lectio.example.org' }]);
    } finally {
      await proxied.close();
    }
  });

  it('names PUBLIC_URL when it is set, whatever the Host, and may then be cached by anyone', async () => {
    const configured = await createTestApp({ PUBLIC_URL: 'https://courses.example.org' });
    try {
      const { servers, response } = await serversOf(configured.app, { host: 'elsewhere.test' });
      expect(servers).toEqual([{ url: 'https://courses.example.org' }]);
      expect(response.headers['cache-control']).toBeUndefined();
    } finally {
      await configured.close();
    }
  });

  it('answers Fastify’s 413 and 415 for JSON bodies as the document declares', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses/by-ids',
      headers: { 'content-type': 'application/xml' },
      payload: '<courseIds/>',
    });
    expect(xml.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses/by-ids',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ courseIds: ['x'.repeat(1024 * 1024)] }),
    });
    expect(huge.statusCode).toBe(413);
    // Both answers were recorded, and the setup file checks them against the document after this test.
  });
});

describe('the conformance check', () => {
  const exchange = (overrides: Partial<RecordedExchange>): RecordedExchange => ({
    method: 'GET',
    url: '/api/v1/health',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ status: 'ok', database: 'ok', version: '1' }),
    test: undefined,
    routed: true,
    ...overrides,
  });

  it('accepts a conforming answer', () => {
    expect(conformanceProblem(exchange({}))).toBeNull();
  });

  it('refuses an undeclared status', () => {
    expect(conformanceProblem(exchange({ status: 404 }))).toMatch(/answered 404, which it doesn't declare/);
  });

  it('refuses a body that does not match the status’s schema, naming the field', () => {
    expect(conformanceProblem(exchange({ body: JSON.stringify({ status: 'ok', version: '1' }) }))).toMatch(
      /body doesn't match the document: \(body\) must have required property 'database'/,
    );
    const error = JSON.stringify({ message: 'x', code: 'NOT_FOUND' });
    expect(conformanceProblem(exchange({ status: 503, body: error }))).toMatch(
      /\/code must be equal to one of/,
    );
  });

  it('refuses an error body under another content type, and a body on a 304', () => {
    expect(conformanceProblem(exchange({ contentType: 'text/html' }))).toMatch(/came as text\/html/);
    expect(conformanceProblem(exchange({ url: '/api/v1/courses', status: 304, body: '{"data":1}' }))).toMatch(
      /declared without a body/,
    );
  });

  it('refuses a served route that is no operation of the document, and skips router 404s', () => {
    expect(conformanceProblem(exchange({ url: '/api/v1/nowhere' }))).toMatch(/no operation of the document/);
    expect(conformanceProblem(exchange({ url: '/api/v1/nowhere', status: 404, routed: false }))).toBeNull();
  });

  it('matches static segments before parameters', () => {
    const mine = exchange({
      url: '/api/v1/courses/my-courses',
      status: 401,
      body: '{"message":"x","code":"UNAUTHORIZED"}',
    });
    expect(conformanceProblem(mine)).toBeNull();
    // As GET /courses/{id} (public) it would have been an undeclared 401.
    const course = exchange({
      url: '/api/v1/courses/3f2b8c1e-6a4d-4e8f-9b1a-2c5d7e9f0a12',
      status: 401,
      body: '{"message":"x","code":"UNAUTHORIZED"}',
    });
    expect(conformanceProblem(course)).toMatch(/doesn't declare/);
  });
});
