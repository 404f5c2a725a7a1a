/**
 * Every text a client can send is built on `inputString`, so every operation refuses U+0000 (issue 12:
 * NUL reached PostgreSQL and was a 500). Walks the request side of the OpenAPI document, which holds
 * every operation's and HTTP route's path, query and body schemas, and checks each string in it.
 */
import { describe, expect, it } from 'vitest';
import { loginRequestSchema, signupRequestSchema } from '../src/auth';
import { courseListQuerySchema, createCourseRequestSchema } from '../src/course';
import { VALIDATION } from '../src/messages';
import { buildOpenApiDocument } from '../src/openapi';
import { inputString, uuidInput } from '../src/schema-formats';

type JsonObject = Record<string, unknown>;
const document = buildOpenApiDocument({ version: 'test' }) as JsonObject;

function resolve(node: JsonObject): JsonObject {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  let target: unknown = document;
  for (const segment of ref.replace(/^#\//, '').split('/')) target = (target as JsonObject)[segment];
  return resolve(target as JsonObject);
}

/** Every string schema under `node`, with where it is, following references once each. */
function stringsIn(
  node: unknown,
  where: string,
  seen = new Set<unknown>(),
): { where: string; schema: JsonObject }[] {
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  if (Array.isArray(node)) return node.flatMap((item, i) => stringsIn(item, `${where}[${i}]`, seen));
  const schema = resolve(node as JsonObject);
  const found: { where: string; schema: JsonObject }[] = schema.type === 'string' ? [{ where, schema }] : [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples') continue;
    found.push(...stringsIn(value, `${where}.${key}`, seen));
  }
  return found;
}

/** Whether the string schema refuses text holding NUL: one of its patterns (or its enum) excludes it. */
function refusesNul(schema: JsonObject): boolean {
  if (Array.isArray(schema.enum) || 'const' in schema) return true;
  const patterns = [
    schema.pattern,
    ...((schema.allOf as JsonObject[] | undefined) ?? []).map((part) => part.pattern),
  ];
  return patterns.some(
    (pattern) => typeof pattern === 'string' && !new RegExp(pattern, 'u').test('a\u0000b'),
  );
}

function requestStrings() {
  const paths = document.paths as Record<string, Record<string, JsonObject>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => {
      const where = `${method.toUpperCase()} ${path}`;
      const parameters = ((operation.parameters as JsonObject[] | undefined) ?? []).filter(
        // Headers are not read through the contracts' schemas, and Node refuses NUL in them itself.
        (parameter) => parameter.in !== 'header',
      );
      const body = (operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined;
      return [
        ...parameters.flatMap((parameter) => stringsIn(parameter.schema, `${where} ${parameter.name}`)),
        ...Object.entries(body ?? {}).flatMap(([type, content]) =>
          stringsIn((content as JsonObject).schema, `${where} body (${type})`),
        ),
      ];
    }),
  );
}

describe('text input refuses NUL (U+0000)', () => {
  it('every string a request carries, in every operation and HTTP route, is built on inputString', () => {
    const strings = requestStrings();
    expect(strings.length).toBeGreaterThan(30);
    const accepting = strings
      // A multipart file part is bytes, not text.
      .filter(({ schema }) => schema.format !== 'binary' && !refusesNul(schema))
      .map(({ where }) => where);
    expect(accepting).toEqual([]);
  });

  it('names the field in the message, nested paths included', () => {
    const result = createCourseRequestSchema.safeParse({
      title: 'A\u0000',
      shortDescription: 'Fine',
      category: 'Web Development',
      level: 'Beginner',
      requirements: ['ok', '\u0000'],
    });
    expect(result.error?.issues.map(({ path, message }) => ({ path: path.join('.'), message }))).toEqual([
      { path: 'title', message: VALIDATION.nulCharacter('title') },
      { path: 'requirements.1', message: VALIDATION.nulCharacter('requirements.1') },
    ]);
    expect(inputString().safeParse('\u0000').error?.issues[0]?.message).toBe(
      'Text must not contain the NUL character (U+0000)',
    );
  });

  it('keeps each field’s own messages for other problems', () => {
    expect(loginRequestSchema.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe(
      VALIDATION.emailRequired,
    );
    expect(signupRequestSchema.safeParse({ email: 1 }).error?.issues[0]?.message).toBe(
      VALIDATION.nameRequired,
    );
    expect(courseListQuerySchema.safeParse({ search: 'café ☕ 日本' }).success).toBe(true);
    expect(uuidInput().safeParse('').success).toBe(false);
  });
});
