/**
 * Retries of failed queries (lib/query-client.ts): never for a 4xx, and after a 503 as long as the
 * server's Retry-After asked (the database away, docs/decisions/0033), read from the real tRPC client's
 * error for an answer MSW gives.
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/api-mocks';
import { queryRetryDelay, retryAfterMs, shouldRetryQuery } from './query-client';
import { trpcClient } from './trpc';

/** The error the tRPC client throws for a course read answered `status` with these headers. */
async function failedRead(status: number, headers: Record<string, string> = {}): Promise<unknown> {
  server.use(
    http.get('*/trpc/:paths', () =>
      HttpResponse.json(
        [
          {
            error: {
              message: 'Service temporarily unavailable',
              code: -32603,
              data: { code: 'SERVICE_UNAVAILABLE', httpStatus: status, appCode: 'SERVICE_UNAVAILABLE' },
            },
          },
        ],
        { status, headers },
      ),
    ),
  );
  return trpcClient.courses.get.query({ id: 'c1' }).catch((error: unknown) => error);
}

describe('query retries', () => {
  it('wait as long as a 503 answer asked with Retry-After (seconds)', async () => {
    const error = await failedRead(503, { 'Retry-After': '5' });
    expect(retryAfterMs(error)).toBe(5000);
    expect(queryRetryDelay(0, error)).toBe(5000);
    expect(queryRetryDelay(1, error)).toBe(5000);
    expect(shouldRetryQuery(0, error)).toBe(true);
  });

  it('take an HTTP date in Retry-After as well', async () => {
    const error = await failedRead(503, { 'Retry-After': 'Wed, 21 Oct 2026 07:28:05 GMT' });
    expect(retryAfterMs(error, Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(5000);
  });

  it('back off 1 s, 2 s, 4 s without it, and stop after two retries', async () => {
    const error = await failedRead(502);
    expect(retryAfterMs(error)).toBeUndefined();
    expect([0, 1, 2].map((failures) => queryRetryDelay(failures, error))).toEqual([1000, 2000, 4000]);
    expect([0, 1, 2].map((failures) => shouldRetryQuery(failures, error))).toEqual([true, true, false]);
  });

  it('give up at once when asked to wait longer than 30 s, and never retry a 4xx', async () => {
    expect(shouldRetryQuery(0, await failedRead(503, { 'Retry-After': '120' }))).toBe(false);
    expect(shouldRetryQuery(0, await failedRead(429, { 'Retry-After': '1' }))).toBe(false);
  });
});
