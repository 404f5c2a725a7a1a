import { describe, expect, it } from 'vitest';
import { MemoryCache } from './memory-cache';

function setup(ttlMs = 1000) {
  let now = 0;
  const cache = new MemoryCache<string>(ttlMs, () => now);
  let loads = 0;
  const load =
    (value = 'v') =>
    () => {
      loads += 1;
      return Promise.resolve(`${value}${loads}`);
    };
  return { cache, load, advance: (ms: number) => (now += ms), loads: () => loads };
}

describe('MemoryCache', () => {
  it('serves a value until it expires', async () => {
    const { cache, load, advance, loads } = setup();
    expect(await cache.get('k', load())).toBe('v1');
    advance(999);
    expect(await cache.get('k', load())).toBe('v1');
    advance(1);
    expect(await cache.get('k', load())).toBe('v2');
    expect(loads()).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const { cache, load, loads } = setup();
    const values = await Promise.all([
      cache.get('k', load()),
      cache.get('k', load()),
      cache.get('k', load()),
    ]);
    expect(values).toEqual(['v1', 'v1', 'v1']);
    expect(loads()).toBe(1);
  });

  it('keeps keys apart and forgets everything on clear', async () => {
    const { cache, load } = setup();
    expect(await cache.get('a', load('a'))).toBe('a1');
    expect(await cache.get('b', load('b'))).toBe('b2');
    cache.clear();
    expect(await cache.get('a', load('a'))).toBe('a3');
  });

  it('does not keep a failure', async () => {
    const { cache } = setup();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', () => Promise.resolve('ok'))).toBe('ok');
  });

  it('stays bounded', async () => {
    const { cache, load } = setup();
    for (let i = 0; i < 300; i += 1) await cache.get(`k${i}`, load());
    const size = (cache as unknown as { entries: Map<string, unknown> }).entries.size;
    expect(size).toBeLessThanOrEqual(200);
  });
});
