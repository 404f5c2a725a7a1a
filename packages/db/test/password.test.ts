import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, passwordNeedsRehash, verifyPassword } from '../src/password';

describe('password hashing', () => {
  it('hashes with argon2id at the configured cost and verifies', async () => {
    const hash = await hashPassword('correct horse');
    const [, algorithm, version, params] = hash.split('$');
    expect([algorithm, version]).toEqual(['argon2id', 'v=19']);
    // argon2 0.45 writes the parameters as m,p,t; 0.44 wrote m,t,p. Compare them as a set.
    expect(Object.fromEntries(params!.split(',').map((kv) => kv.split('=')))).toEqual({
      m: '19456',
      t: '2',
      p: '1',
    });
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(passwordNeedsRehash(hash)).toBe(false);
    expect(ARGON2_OPTIONS.memoryCost).toBe(19_456);
  });

  it('verifies a hash stored by argon2 0.44 (parameters in m,t,p order) without asking for a rehash', async () => {
    // Written by argon2@0.44.0 with the same options, before the upgrade to 0.45.
    const stored =
      '$argon2id$v=19$m=19456,t=2,p=1$nfbsyUbN4SjYm87rS2h9HQ$nAhHcI8UG9lnymQPsK71D/ikncqe3GWuh2zES/4dMyc';
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'correct horsE')).toBe(false);
    expect(passwordNeedsRehash(stored)).toBe(false);
  });

  it('returns false for a malformed hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyPassword('', 'anything')).toBe(false);
    expect(passwordNeedsRehash('not-a-hash')).toBe(true);
  });

  it('asks for a rehash of weaker parameters', async () => {
    const { default: argon2 } = await import('argon2');
    const weak = await argon2.hash('pw', {
      type: argon2.argon2id,
      memoryCost: 8192,
      timeCost: 1,
      parallelism: 1,
    });
    expect(passwordNeedsRehash(weak)).toBe(true);
    expect(await verifyPassword(weak, 'pw')).toBe(true);
  });
});
