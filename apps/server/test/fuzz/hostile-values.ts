/**
 * Malformed input for the fuzz tier: values of the wrong type, boundary numbers, huge strings, awkward
 * Unicode, NUL, deep nesting, prototype keys; and, at the byte level, duplicated keys, truncated bodies,
 * wrong content types, invalid UTF-8, bad query strings and path segments.
 */
import fc from 'fast-check';
import { awkwardText, DictionaryPick } from './schema-arbitrary';

/** The dictionary pools of correctly signed tokens with hostile claims (made by the fuzz tier's setup). */
export const SIGNED_TOKEN_POOLS = { bearer: '*signed-bearer', cookie: '*signed-cookie' } as const;

type JsonObject = Record<string, unknown>;

/** encodeURIComponent for any text (a lone surrogate can't be percent-encoded; malformedQueryPart sends its bytes). */
export const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/**
 * A value the server gave, slightly wrong. A structured token (base64url of printable text, such as a
 * pagination cursor) is decoded first and re-encoded after. One run of digits (one of the first three,
 * where dates keep their year, month and day) becomes all zeros, all nines, a lone 0 or one digit longer;
 * text without digits loses a character.
 */
export function mutatedToken(value: string, seed: number): string {
  const decoded = /^[A-Za-z0-9_-]{8,}$/.test(value)
    ? Buffer.from(value, 'base64url').toString('utf8')
    : undefined;
  const structured = decoded !== undefined && /^[\x20-\x7e]+$/.test(decoded) && /\d/.test(decoded);
  const text = structured ? (decoded as string) : value;
  const runs = [...text.matchAll(/\d+/g)];
  let mutated: string;
  const run = runs[Math.floor(seed / 4) % Math.min(runs.length, 3)];
  if (run?.index !== undefined) {
    const length = run[0].length;
    const edge = ['0'.repeat(length), '9'.repeat(length), '0', '1'.repeat(length + 1)][seed % 4] as string;
    mutated = text.slice(0, run.index) + edge + text.slice(run.index + length);
  } else {
    const at = seed % Math.max(text.length, 1);
    mutated = text.slice(0, at) + text.slice(at + 1);
  }
  return structured ? Buffer.from(mutated, 'utf8').toString('base64url') : mutated;
}

/** Nested arrays and objects `depth` levels deep (built iteratively: no recursion in the generator). */
export function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

const boundaryNumbers = fc.constantFrom(
  -0,
  -1,
  0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  0.1 + 0.2,
);

const wrongTypes = fc.constantFrom<unknown>(null, true, false, 0, 1, -1, '', 'x', [], {}, ['x'], { x: 1 });

/** A string too long for any field (the JSON body limit is 1 MiB, so some of these are over it). */
const hugeString = fc
  .tuple(fc.integer({ min: 5_000, max: 600_000 }), fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '9'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: wrongTypes },
  { weight: 3, arbitrary: boundaryNumbers },
  { weight: 1, arbitrary: hugeString },
  { weight: 3, arbitrary: awkwardText },
  { weight: 2, arbitrary: fc.string().map((text) => `${text}\u0000${text}`) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 3_000 }).map((depth) => nested(depth)) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((length) => Array(length).fill('x')) },
  {
    weight: 1,
    arbitrary: fc.constant(JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}')),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Pagination cursors no server wrote, each one invalid by construction (issue 23 item 5, decision 0052):
 * base64url of a newest-first cursor whose date is out of PostgreSQL's range or not a calendar date, and
 * of the catalogue's keyed and rating cursors whose number is not finite or past its column's range.
 * Every one must be a 400 before the database is asked (api.fuzz.ts checks that none is accepted and none
 * is refused by PostgreSQL).
 */
export const hostileCursor: fc.Arbitrary<string> = (() => {
  const badYear = fc.oneof(
    fc.constantFrom('+275760', '-271821', '0000', '-000001', '+010000'),
    fc.integer({ min: 10_000, max: 275_760 }).map(String),
  );
  const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
  const fraction = fc.constantFrom('', '.000', '.000000', '.123456789');
  const outOfRange = fc
    .tuple(badYear, two, two, fraction)
    .map(([year, month, day, rest]) => `${year}-${month}-${day}T00:00:00${rest}Z`);
  const impossible = fc
    .tuple(fc.integer({ min: 1, max: 9999 }), fc.constantFrom('02-30', '02-31', '04-31', '13-01', '00-10'))
    .map(([year, monthDay]) => `${String(year).padStart(4, '0')}-${monthDay}T00:00:00.000000Z`);
  // Not a float4 (the relevance rank, a rating): not finite, past its range, or below 0. A large finite
  // number such as 2147483648 is a rank PostgreSQL can hold (ts_rank_cd is unbounded), so it isn't here.
  const badReal = fc.constantFrom(
    '1e+999',
    '-1e+999',
    '1e-999',
    '3.5e+38',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
  );
  // Not an int4 count (students, prices in minor units, rating counts) either.
  const badCount = fc.oneof(badReal, fc.constantFrom('2147483648', '99999999999', '1.5'));
  const uuid = fc.uuid();
  const cursor = fc.oneof(
    fc.tuple(fc.oneof(outOfRange, impossible), uuid).map((parts) => parts.join('|')),
    fc.tuple(fc.constant('s'), badReal, uuid).map((parts) => parts.join('|')),
    fc.tuple(fc.constantFrom('p', 'P', 'n'), badCount, uuid).map((parts) => parts.join('|')),
    fc
      .tuple(fc.oneof(badReal, fc.constant('5.5')), fc.constantFrom('0', '1'), uuid)
      .map(([rating, count, id]) => `r|${rating}|${count}|${id}`),
    fc
      .tuple(fc.constantFrom('4.5', '0'), badCount, uuid)
      .map(([rating, count, id]) => `r|${rating}|${count}|${id}`),
  );
  return cursor.map((text) => Buffer.from(text, 'utf8').toString('base64url'));
})();

/** Every path to a value inside `value` (object keys and array indexes), the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (out.length > 200) return out;
  if (value instanceof DictionaryPick) return out;
  if (Array.isArray(value))
    value.forEach((item, i) => {
      out.push([...prefix, i]);
      pathsOf(item, [...prefix, i], out);
    });
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      pathsOf(item, [...prefix, key], out);
    }
  return out;
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: JsonObject | unknown[] = Array.isArray(value) ? [...value] : { ...(value as JsonObject) };
  if (rest.length === 0 && remove) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
    return copy;
  }
  (copy as JsonObject)[head] = setAt((copy as JsonObject)[head], rest, replacement, remove);
  return copy;
}

/**
 * `input` with one thing wrong: a field replaced by a hostile value, a required field dropped, unknown
 * fields added, or the whole input replaced by something that is not an object.
 */
export function mutatedInput(input: unknown): fc.Arbitrary<{ kind: string; input: unknown }> {
  const paths = pathsOf(input);
  const options: fc.Arbitrary<{ kind: string; input: unknown }>[] = [
    hostileValue.map((value) => ({ kind: 'whole-input', input: value })),
    fc
      .dictionary(fc.string({ maxLength: 12 }), hostileValue, { minKeys: 1, maxKeys: 3 })
      .map((extra) => ({ kind: 'extra-fields', input: { ...extra, ...(input as object) } })),
  ];
  if (paths.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...paths), hostileValue)
        .map(([path, value]) => ({ kind: 'hostile-field', input: setAt(input, path, value) })),
      fc
        .constantFrom(...paths)
        .map((path) => ({ kind: 'missing-field', input: setAt(input, path, undefined, true) })),
    );
  }
  return fc.oneof(...options);
}

/**
 * A JSON body with something wrong at the byte level, and the content type to send it with. `body` takes
 * the input once its dictionary picks are resolved.
 */
export function malformedBody(): fc.Arbitrary<{
  kind: string;
  body: (input: unknown) => string | Buffer;
  contentType: string | undefined;
}> {
  const json = 'application/json';
  const text = (input: unknown) => JSON.stringify(input ?? {}) ?? '{}';
  return fc.oneof(
    fc.tuple(fc.string({ maxLength: 10 }), hostileValue).map(([key, value]) => ({
      // A property of the input given twice, the second time with its own value.
      kind: 'duplicate-keys',
      body: (input: unknown) => {
        const object =
          input && typeof input === 'object' && !Array.isArray(input) ? (input as JsonObject) : {};
        const name = Object.keys(object)[0] ?? key;
        const duplicated = `${JSON.stringify(name)}:${JSON.stringify(value) ?? 'null'}`;
        const inner = JSON.stringify(object).slice(1);
        return `{${duplicated}${inner === '}' ? '}' : `,${inner}`}`;
      },
      contentType: json,
    })),
    fc.nat().map((cut) => ({
      kind: 'truncated-body',
      body: (input: unknown) => text(input).slice(0, cut % Math.max(text(input).length, 1)),
      contentType: json,
    })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data',
        'multipart/form-data; boundary=xyz',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/jsonx',
        'application/vnd.api+json',
        '*/*',
        '',
        'application/json, text/plain',
      )
      .map((contentType) => ({ kind: 'wrong-content-type', body: text, contentType })),
    fc.constant({ kind: 'no-content-type', body: text, contentType: undefined }),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
      kind: 'invalid-utf8',
      body: () =>
        Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xfe, ...bytes]), Buffer.from('"}')]),
      contentType: json,
    })),
    fc.constant({ kind: 'bom-body', body: (input: unknown) => `\ufeff${text(input)}`, contentType: json }),
    fc.constant({ kind: 'empty-body', body: () => '', contentType: json }),
    fc
      .constantFrom('null', '[]', '"x"', '1', 'true', '[{}]', '{"a":1}{"b":2}', '{,}', '{"a":}', 'NaN')
      .map((body) => ({ kind: 'not-an-object', body: () => body, contentType: json })),
    fc.constant({
      kind: 'over-body-limit',
      body: () => `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}`,
      contentType: json,
    }),
  );
}

/** A query string with something wrong: repeated or bracketed keys, bad percent-encoding, NUL, huge. */
export const malformedQueryPart: fc.Arbitrary<{ kind: string; text: (key: string) => string }> = fc.oneof(
  fc.constant({ kind: 'repeated-key', text: (key: string) => `${key}=a&${key}=b` }),
  fc.constant({ kind: 'bracket-key', text: (key: string) => `${key}[]=a&${key}[x]=b` }),
  fc
    .constantFrom('%', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '%FF')
    .map((bad) => ({ kind: 'bad-percent', text: (key: string) => `${key}=${bad}` })),
  fc.constant({ kind: 'nul-in-query', text: (key: string) => `${key}=a%00b` }),
  fc.constant({ kind: 'empty-key', text: () => '=x&&=' }),
  fc
    .integer({ min: 5_000, max: 60_000 })
    .map((length) => ({ kind: 'huge-query', text: (key: string) => `${key}=${'q'.repeat(length)}` })),
);

/** A path segment that is not an id: awkward text, bad percent-encoding, traversal, far too long. */
export const malformedSegment: fc.Arbitrary<{ kind: string; segment: string }> = fc.oneof(
  awkwardText.map((text) => ({
    kind: 'awkward-segment',
    segment: encode(text) || '%20',
  })),
  fc
    .constantFrom('%', '%zz', '%E0%A4%A', '%C0%80', '%00', '..', '.', '%2F', '%2e%2e', 'a%2Fb', '%FF%FE')
    .map((segment) => ({ kind: 'bad-segment', segment })),
  fc
    .integer({ min: 200, max: 8_000 })
    .map((length) => ({ kind: 'long-segment', segment: 'x'.repeat(length) })),
);

/** Authorization and cookie headers that are wrong: garbage tokens, other schemes, forged cookies. */
export const hostileCredentials: fc.Arbitrary<{ kind: string; headers: Record<string, unknown> }> = fc.oneof(
  fc.nat().map((index) => ({
    kind: 'signed-hostile-token',
    headers: { authorization: new DictionaryPick(SIGNED_TOKEN_POOLS.bearer, index) },
  })),
  fc.nat().map((index) => ({
    kind: 'signed-hostile-cookie',
    headers: { cookie: new DictionaryPick(SIGNED_TOKEN_POOLS.cookie, index) },
  })),
  fc
    .constantFrom(
      'Bearer',
      'Bearer ',
      'Basic YTpi',
      'bearer x.y.z',
      'Bearer a.b',
      'Bearer eyJhbGciOiJub25lIn0.e30.',
      'Token abc',
    )
    .map((authorization) => ({ kind: 'bad-authorization', headers: { authorization } })),
  fc.string({ maxLength: 300 }).map((token) => ({
    kind: 'bad-authorization',
    headers: { authorization: `Bearer ${token.replace(/[^\x21-\x7e]/g, 'a')}` },
  })),
  fc
    .constantFrom(
      'lectio_refresh=',
      'lectio_refresh=abc',
      'lectio_refresh=a.b.c; lectio_refresh=d',
      'lectio_refresh=%zz',
      'lectio_session=1',
    )
    .map((cookie) => ({ kind: 'bad-cookie', headers: { cookie } })),
  fc
    .constantFrom('https://evil.example', 'null', 'http://localhost:1')
    .map((origin) => ({ kind: 'foreign-origin', headers: { origin, 'sec-fetch-site': 'cross-site' } })),
  fc
    .constantFrom('W/"x"', '*', '"', 'garbage')
    .map((etag) => ({ kind: 'if-none-match', headers: { 'if-none-match': etag } })),
  fc
    .constantFrom('text/html', 'application/xml', '*/*;q=0', 'nonsense')
    .map((accept) => ({ kind: 'accept', headers: { accept } })),
);
