import { describe, expect, it } from 'vitest';
import { oncePerKey } from '../src/once-per-key';

describe('oncePerKey', () => {
  it('makes each key once and shares the promise', async () => {
    const made: string[] = [];
    const cached = oncePerKey(async (key) => {
      made.push(key);
      return key.toUpperCase();
    });
    const first = cached('a');
    expect(cached('a')).toBe(first);
    expect(await Promise.all([first, cached('b'), cached('a')])).toEqual(['A', 'B', 'A']);
    expect(made).toEqual(['a', 'b']);
  });

  it('forgets a rejected promise, so the next call tries again', async () => {
    let calls = 0;
    const cached = oncePerKey(async (key) => {
      calls += 1;
      if (calls === 1) throw new Error('first try fails');
      return key;
    });
    await expect(cached('a')).rejects.toThrow('first try fails');
    expect(await cached('a')).toBe('a');
    expect(await cached('a')).toBe('a');
    expect(calls).toBe(2);
  });
});
