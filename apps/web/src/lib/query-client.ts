/**
 * The one TanStack Query client (spec section 9): unused data is kept 60 s, and refetching on window
 * focus, reconnect and mount is off unless a query asks for it.
 */
import { CACHE_SECONDS } from '@lectio/contracts/constants';
import { QueryClient } from '@tanstack/react-query';

const MAX_QUERY_RETRIES = 2;
/** The longest wait a server's Retry-After can ask of a retry; longer, and the query fails at once. */
const MAX_RETRY_AFTER_MS = 30_000;

/** HTTP status carried by an error from the REST wrapper (`status`) or tRPC (`data.httpStatus`). */
function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('status' in error && typeof error.status === 'number') return error.status;
  if (
    'data' in error &&
    typeof error.data === 'object' &&
    error.data !== null &&
    'httpStatus' in error.data
  ) {
    return typeof error.data.httpStatus === 'number' ? error.data.httpStatus : undefined;
  }
  return undefined;
}

/**
 * The wait a failed call's answer asked for with `Retry-After` (seconds or an HTTP date), in milliseconds.
 * tRPC's client keeps the fetch Response of a failed call in its error's `meta.response`.
 */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  if (typeof error !== 'object' || error === null || !('meta' in error)) return undefined;
  const meta = error.meta;
  const response =
    typeof meta === 'object' && meta !== null && 'response' in meta ? (meta.response as unknown) : undefined;
  if (!(response instanceof Response)) return undefined;
  const header = response.headers.get('retry-after')?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Client errors (4xx) will not change by asking again; network and server errors may, unless asked to wait too long. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  const wait = retryAfterMs(error);
  if (wait !== undefined && wait > MAX_RETRY_AFTER_MS) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** As long as the server's Retry-After asked (a 503 while the database is away), else TanStack's backoff. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  return retryAfterMs(error) ?? Math.min(1000 * 2 ** failureCount, MAX_RETRY_AFTER_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_SECONDS.defaultGc * 1000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
