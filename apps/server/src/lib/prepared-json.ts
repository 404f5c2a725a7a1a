/**
 * JSON serialised once for a value that many responses share (a cached catalogue page), so that a cache
 * hit writes stored bytes instead of running JSON.stringify over ~20 KB and UTF-8-encoding the result
 * again: together that was over half of the server's CPU on a cached page.
 *
 * `prepareJson(value)` marks the value. `preparedJsonBytes(body)` then returns the UTF-8 bytes of
 * `JSON.stringify(body)` when `body` is that value, or that value wrapped in single-key plain objects
 * (REST's `{ data: page }`, tRPC's `{ result: { data: { data: page } } }`), and undefined for anything
 * else, so callers fall back to ordinary serialisation. The bytes of each wrapping are built on first use
 * and kept with the value (only the bytes: a value served by both APIs holds two copies of its JSON,
 * ~18 KB each for a 12-course page). A prepared value must not be mutated afterwards; cached pages are
 * shared by every request anyway.
 */

/** The bytes of each wrapping of a prepared value built so far, keyed by the wrapping's opening. */
const preparedValues = new WeakMap<object, Map<string, Buffer>>();

/** More nesting than any envelope we write: the walk gives up rather than look deeper. */
const MAX_WRAPPERS = 4;

export function prepareJson<T extends object>(value: T): T {
  preparedValues.set(value, new Map());
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `JSON.stringify(body)` as UTF-8 bytes if `body` is (a single-key wrapping of) a prepared value. */
export function preparedJsonBytes(body: unknown): Buffer | undefined {
  const keys: string[] = [];
  let current: unknown = body;
  while (isPlainObject(current)) {
    const wrappings = preparedValues.get(current);
    if (wrappings) return wrappedBytes(current, wrappings, keys);
    if (keys.length === MAX_WRAPPERS) return undefined;
    const ownKeys = Object.keys(current);
    if (ownKeys.length !== 1) return undefined;
    const key = ownKeys[0] as string;
    // A wrapper with its own toJSON would serialise as whatever that returns.
    if (typeof current.toJSON === 'function') return undefined;
    keys.push(key);
    current = current[key];
  }
  return undefined;
}

function wrappedBytes(value: object, wrappings: Map<string, Buffer>, keys: string[]): Buffer {
  let open = '';
  for (const key of keys) open += `{${JSON.stringify(key)}:`;
  let bytes = wrappings.get(open);
  if (!bytes) {
    bytes = Buffer.from(`${open}${JSON.stringify(value)}${'}'.repeat(keys.length)}`, 'utf8');
    wrappings.set(open, bytes);
  }
  return bytes;
}
