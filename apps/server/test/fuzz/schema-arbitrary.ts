/**
 * fast-check arbitraries from JSON Schema: the inputs the fuzz tier sends are derived from the contracts'
 * schemas through zod's public `z.toJSONSchema()` (never zod internals). No maintained library does this
 * for zod 4 or JSON Schema 2020-12 with fast-check 4 (zod-fast-check supports zod 3 only and
 * json-schema-fast-check is archived; see docs/decisions/0030), so this covers the subset the contracts
 * produce: objects, arrays, strings (lengths, patterns, formats, enums), numbers, booleans, null, `$ref`,
 * `allOf`, `anyOf`/`oneOf` and `default`.
 *
 * Values are "valid-shaped": mostly inside the schema, so requests get past validation into the services,
 * with strings often drawn from a dictionary of values the server itself answered with (ids, cursors,
 * payment intents, upload fields) so that they name real rows. `malformed.ts` breaks them.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

/**
 * A string taken from the live dictionary when the request is sent (the dictionary grows as the server
 * answers), by the property's name or from the pool of every id seen.
 */
export class DictionaryPick {
  constructor(
    readonly name: string,
    readonly index: number,
    /** When set, the value is sent slightly wrong (hostile-values.ts `mutatedToken`, with this seed). */
    readonly mutation?: number,
  ) {}
}

export interface SchemaArbitraryOptions {
  /** The document `$ref`s point into (`#/$defs/...` or `#/components/schemas/...`). */
  root: JsonSchema;
}

const UUID_POOL = '*uuid';

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  let target: unknown = root;
  for (const segment of ref.replace(/^#\//, '').split('/')) target = (target as JsonSchema)[segment];
  if (!target) throw new Error(`Unresolved $ref ${ref}`);
  return {
    ...resolve(target as JsonSchema, root),
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$ref')),
  };
}

/** Text that is not valid by construction but is plausible input: the awkward corners of Unicode and HTTP. */
export const awkwardText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '0',
    '-1',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '..%2F..%2F',
    '%00',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    '\ufeff',
    '\u202e',
    '😀👍🏽‍',
    'ß'.repeat(3),
    'İ',
    'Ω≈ç√∫',
    "' OR 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '%s%s%s%n',
    '1e309',
    'NaN',
    'Infinity',
    '9'.repeat(40),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    '275760-09-13T00:00:00.000Z',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

function stringArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 60, minLength + 60);
  const patterns = [
    schema.pattern,
    ...((schema.allOf as JsonSchema[] | undefined) ?? []).map((p) => p.pattern),
  ]
    .filter((pattern): pattern is string => typeof pattern === 'string')
    // The NUL-free pattern every input string carries is kept by the generators below anyway.
    .filter((pattern) => pattern !== '^[^\\u0000]*$');
  const withoutNul = (text: string) => text.replaceAll('\u0000', '');
  let base: fc.Arbitrary<string>;
  if (patterns[0]) base = fc.stringMatching(new RegExp(patterns[0]));
  else if (schema.format === 'uuid') base = fc.uuid();
  else if (schema.format === 'email') base = fc.emailAddress();
  else if (schema.format === 'date-time') base = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else if (schema.format === 'uri' || schema.format === 'uri-reference') base = fc.webUrl();
  else
    base = fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ unit: 'grapheme', minLength, maxLength }),
      fc.lorem({ maxCount: 5 }),
    );
  const valid = base.map(withoutNul).filter((text) => text.length >= minLength);
  const picks = fc
    .tuple(fc.nat(), fc.option(fc.nat(), { freq: 3, nil: undefined }))
    .chain(([index, mutation]) =>
      fc.constantFrom(
        new DictionaryPick(name, index, mutation),
        new DictionaryPick(UUID_POOL, index, mutation),
      ),
    );
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 4, arbitrary: picks },
    { weight: 1, arbitrary: awkwardText },
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum
        : undefined;
  const inRange = integer
    ? fc.integer({
        min: Math.max(min ?? -1e6, Number.MIN_SAFE_INTEGER),
        max: Math.min(max ?? 1e6, Number.MAX_SAFE_INTEGER),
      })
    : fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
  const edges = [min, max, 0, 1].filter((edge): edge is number => edge !== undefined);
  return fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/** Valid-shaped values for `schema` (see the module comment). `name` is the property the value is for. */
export function schemaArbitrary(
  schema: JsonSchema,
  options: SchemaArbitraryOptions,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, options.root);
  const withDefault = (arbitrary: fc.Arbitrary<unknown>) => arbitrary;
  if (Array.isArray(resolved.allOf) && resolved.type !== 'string') {
    const parts = (resolved.allOf as JsonSchema[]).map((part) =>
      schemaArbitrary(part, options, name, depth + 1),
    );
    return fc
      .tuple(...parts)
      .map((values) =>
        values.every((value) => value && typeof value === 'object' && !Array.isArray(value))
          ? Object.assign({}, ...(values as object[]))
          : values[0],
      );
  }
  const alternatives = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives))
    return fc.oneof(
      ...alternatives.map((alternative) => schemaArbitrary(alternative, options, name, depth + 1)),
    );
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  switch (type) {
    case 'string':
      return withDefault(stringArbitrary(resolved, name));
    case 'integer':
    case 'number':
      return numberArbitrary(resolved);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (resolved.items as JsonSchema | undefined) ?? {};
      const minLength = typeof resolved.minItems === 'number' ? resolved.minItems : 0;
      const maxLength = Math.min(
        typeof resolved.maxItems === 'number' ? resolved.maxItems : 8,
        minLength + 8,
      );
      return fc.array(schemaArbitrary(items, options, name, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((resolved.required as string[] | undefined) ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties))
        record[key] = schemaArbitrary(property, options, key, depth + 1);
      const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
      return fc.record(record, { requiredKeys });
    }
    default:
      // `{}` (unknown): any JSON value, shallow.
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}
