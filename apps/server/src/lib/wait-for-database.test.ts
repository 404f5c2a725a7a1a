import { describe, expect, it, vi } from 'vitest';
import { retryWhileDatabaseUnreachable } from './wait-for-database';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('retryWhileDatabaseUnreachable', () => {
  it('retries while the database refuses connections, says so once, then returns the result', async () => {
    let attempts = 0;
    const onWaiting = vi.fn();
    const result = await retryWhileDatabaseUnreachable(
      async () => {
        attempts += 1;
        if (attempts < 4) throw refused();
        return 'migrated';
      },
      { delayMs: 5, onWaiting },
    );
    expect(result).toBe('migrated');
    expect(attempts).toBe(4);
    expect(onWaiting).toHaveBeenCalledTimes(1);
    expect(onWaiting.mock.calls[0]?.[0]).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('gives up at once on any other error (a failed migration is not an outage)', async () => {
    let attempts = 0;
    const failure = Object.assign(new Error('relation "x" already exists'), { code: '42P07' });
    await expect(
      retryWhileDatabaseUnreachable(
        async () => {
          attempts += 1;
          throw failure;
        },
        { delayMs: 5 },
      ),
    ).rejects.toBe(failure);
    expect(attempts).toBe(1);
  });
});
