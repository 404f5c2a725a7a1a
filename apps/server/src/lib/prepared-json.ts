/**
 * JSON serialised once for a value that many responses share (a cached catalogue page), so that a cache
 * hit writes stored bytes instead of running JSON.stringify over ~20 KB and UTF-8-encoding the result
 * again: together that was over half of the server's CPU on a cached page.
 *
 * `prepareJson(value)` marks the value. `preparedJson(body)?.json` then holds the UTF-8 bytes of
 * `JSON.stringify(body)` when `body` is that value, or that value wrapped in single-key plain objects
 * (REST's `{ data: page }`, tRPC's `{ result: { data: { data: page } } }`), and undefined for anything
 * else, so callers fall back to ordinary serialisation. The bytes of each wrapping are built on first use
 * and kept with the value (only the bytes: a value served by both APIs holds two copies of its JSON,
 * ~18 KB each for a 12-course page). A prepared value must not be mutated afterwards; cached pages are
 * shared by every request anyway.
 *
 * `sendPreparedJson` answers with those bytes, brotli- or gzip-compressed for a client that accepts it.
 * Each compressed form is also made once, on first use, and kept beside the JSON: a 12-course page goes
 * from ~25 KB to ~5 KB on the wire (the first load of /courses) at no CPU per request. Other API
 * responses are not compressed (plugins/web-app.ts).
 */
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentEncoding, pickEncoding } from './content-encoding';

/** The JSON of one wrapping of a prepared value, and its compressed forms made so far. */
export interface PreparedBody {
  json: Buffer;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

/** Below this, compression saves less than the headers it adds. */
const MIN_COMPRESSED_BYTES = 1024;
/** Fast settings: a page is compressed when first asked for, on the request's own time. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/** Each wrapping of a prepared value built so far, keyed by the wrapping's opening. */
const preparedValues = new WeakMap<object, Map<string, PreparedBody>>();

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

/**
 * The prepared form of `body` if it is (a single-key wrapping of) a prepared value, else undefined: its
 * `json` is the UTF-8 bytes of `JSON.stringify(body)`.
 */
export function preparedJson(body: unknown): PreparedBody | undefined {
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

function wrappedBytes(value: object, wrappings: Map<string, PreparedBody>, keys: string[]): PreparedBody {
  let open = '';
  for (const key of keys) open += `{${JSON.stringify(key)}:`;
  let prepared = wrappings.get(open);
  if (!prepared) {
    const json = Buffer.from(`${open}${JSON.stringify(value)}${'}'.repeat(keys.length)}`, 'utf8');
    prepared = { json, encoded: {} };
    wrappings.set(open, prepared);
  }
  return prepared;
}

/** The body compressed with `encoding`, made on first use and kept. */
export function encodedBytes(prepared: PreparedBody, encoding: ContentEncoding): Buffer {
  let bytes = prepared.encoded[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(prepared.json, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: prepared.json.length,
            },
          })
        : gzipSync(prepared.json, { level: GZIP_LEVEL });
    prepared.encoded[encoding] = bytes;
  }
  return bytes;
}

/**
 * Sends a prepared body (the caller has set status and content type): compressed when it is large enough
 * and the client accepts brotli or gzip, with `Vary: Accept-Encoding` added to any Vary already set.
 */
export function sendPreparedJson(request: FastifyRequest, reply: FastifyReply, prepared: PreparedBody) {
  if (prepared.json.length < MIN_COMPRESSED_BYTES) return reply.send(prepared.json);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted === undefined ? null : pickEncoding(accepted);
  if (!encoding) return reply.send(prepared.json);
  return reply.header('content-encoding', encoding).send(encodedBytes(prepared, encoding));
}
