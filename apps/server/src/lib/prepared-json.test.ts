import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedBytes, preparedJson, prepareJson } from './prepared-json';

const preparedJsonBytes = (body: unknown) => preparedJson(body)?.json;

const page = () => ({
  courses: [{ _id: 'a', title: 'C++ & "JSON" \u2028 ☃ 🎓', price: 4.5, tags: null, videos: [] }],
  nextCursor: null,
});

describe('prepared JSON', () => {
  it('gives the bytes of JSON.stringify for the value and for single-key wrappings of it', () => {
    const value = prepareJson(page());
    for (const body of [value, { data: value }, { result: { data: { data: value } } }]) {
      expect(preparedJsonBytes(body)?.toString('utf8')).toBe(JSON.stringify(body));
    }
  });

  it('builds the bytes of each wrapping once', () => {
    const value = prepareJson(page());
    const first = preparedJsonBytes({ data: value });
    expect(preparedJsonBytes({ data: value })).toBe(first);
    expect(preparedJsonBytes({ result: { data: value } })).not.toBe(first);
  });

  it('keeps wrapper keys apart even when they contain separators or quotes', () => {
    const value = prepareJson(page());
    const odd = { 'a"b': { 'c\u0000d': value } };
    expect(preparedJsonBytes(odd)?.toString('utf8')).toBe(JSON.stringify(odd));
    const other = { 'a"b\u0000c': { d: value } };
    expect(preparedJsonBytes(other)?.toString('utf8')).toBe(JSON.stringify(other));
  });

  it('declines anything it cannot serialise exactly, so callers fall back to JSON.stringify', () => {
    const value = prepareJson(page());
    class Envelope {
      constructor(readonly data: unknown) {}
    }
    const declined: unknown[] = [
      page(), // not prepared
      { data: page() },
      { message: 'ok', data: value }, // more than one key
      { data: value, extra: undefined },
      [value],
      new Envelope(value),
      { toJSON: () => value },
      { a: { b: { c: { d: { e: value } } } } }, // deeper than any envelope we write
      'text',
      null,
      undefined,
    ];
    for (const body of declined) expect(preparedJsonBytes(body)).toBeUndefined();
  });

  it('marks cheaply and serialises on first use', () => {
    const value = prepareJson({ courses: [] as string[], nextCursor: null });
    expect(preparedJsonBytes({ data: value })?.toString()).toBe('{"data":{"courses":[],"nextCursor":null}}');
  });

  it('compresses each wrapping once per encoding, to exactly its JSON', () => {
    const value = prepareJson({ courses: Array.from({ length: 50 }, page), nextCursor: null });
    const prepared = preparedJson({ data: value });
    expect(prepared).toBeDefined();
    if (!prepared) return;
    const br = encodedBytes(prepared, 'br');
    const gzip = encodedBytes(prepared, 'gzip');
    expect(brotliDecompressSync(br).equals(prepared.json)).toBe(true);
    expect(gunzipSync(gzip).equals(prepared.json)).toBe(true);
    expect(br.length).toBeLessThan(prepared.json.length / 4);
    expect(encodedBytes(prepared, 'br')).toBe(br);
    expect(preparedJson({ data: value })?.encoded.gzip).toBe(gzip);
  });
});
