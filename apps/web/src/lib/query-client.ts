/**
 * The one TanStack Query client (spec section 9): unused data is kept 60 s, and refetching on window
 * focus, reconnect and mount is off unless a query asks for it.
 */
import { CACHE_SECONDS } from '@lectio/contracts/constants';
import { QueryClient } from '@tanstack/react-query';

const MAX_QUERY_RETRIES = 2;

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

/** Client errors (4xx) will not change by asking again; network and server errors may. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
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
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
