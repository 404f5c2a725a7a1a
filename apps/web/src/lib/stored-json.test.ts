import { describe, expect, it } from 'vitest';
import { storedJson } from './stored-json';

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

describe('storedJson', () => {
  it('writes, reads and removes one JSON value; bad entries read as none', () => {
    const entry = storedJson('lectio:test:n', numberOrNull);
    expect(entry.read()).toBeNull();
    entry.write(42);
    expect(window.localStorage.getItem('lectio:test:n')).toBe('42');
    expect(entry.read()).toBe(42);
    window.localStorage.setItem('lectio:test:n', '{not json');
    expect(entry.read()).toBeNull();
    window.localStorage.setItem('lectio:test:n', '"text"');
    expect(entry.read()).toBeNull();
    entry.remove();
    expect(window.localStorage.getItem('lectio:test:n')).toBeNull();
  });

  it('ignores a storage that cannot even be looked up (site data blocked)', () => {
    const entry = storedJson('lectio:test:n', numberOrNull, () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(entry.read()).toBeNull();
    expect(() => entry.write(1)).not.toThrow();
    expect(() => entry.remove()).not.toThrow();
  });
});
