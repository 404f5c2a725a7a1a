/**
 * The tRPC client (httpBatchLink to /trpc) and its TanStack Query options proxy, typed from the router
 * type the contracts derive from the operation declarations (`import type`: no schema, no zod reaches
 * the bundle this way). Every API call of the app goes through it except the four auth calls of the
 * session module (lib/api.ts), direct uploads to storage (XHR) and media URLs.
 *
 * Requests go out with the session's fetch (Bearer token, cookies). A call refused with 401/403 gets one
 * refresh (shared with every other call, lib/api.ts) and one retry. That is done per call, in a link, and
 * not per HTTP request: a batch mixes calls, and when one is refused while the others answer, the server
 * says 207 and the refused one's status is only in its own result.
 *
 * Two answers without a tRPC body are turned into errors a screen reads like any other (lib/api-errors.ts):
 * no response at all ('No server response') and an HTTP error whose body is not JSON (a proxy's 502 page:
 * "Request failed with status 502").
 *
 * Only route chunks import this module (and /courses' beforeLoad, lazily), so the entry bundle stays free
 * of the client.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { TRPC_MAX_BATCH_SIZE } from '@lectio/contracts/constants';
import { MutationObserver, type MutationObserverOptions } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { fetchWithSession, isAuthFailureStatus, noResponseError, tokenForRetry } from './api';
import { isTrpcClientError } from './api-errors';
import { queryClient } from './query-client';
import { getSession } from './session';
import { TRPC_PATH } from './trpc-path';

/** tRPC's JSON-RPC codes for the statuses a non-tRPC answer may come with. */
const RPC_CODES: Record<number, readonly [number, string]> = {
  400: [-32600, 'BAD_REQUEST'],
  401: [-32001, 'UNAUTHORIZED'],
  403: [-32003, 'FORBIDDEN'],
  404: [-32004, 'NOT_FOUND'],
  413: [-32013, 'PAYLOAD_TOO_LARGE'],
  429: [-32029, 'TOO_MANY_REQUESTS'],
};

/** A tRPC error body for an HTTP error that came without one (tRPC would fail to read it as JSON). */
function errorWithoutBody(status: number): Response {
  const [code, key] = RPC_CODES[status] ?? [-32603, 'INTERNAL_SERVER_ERROR'];
  const error = {
    message: `Request failed with status ${status}`,
    code,
    data: { code: key, httpStatus: status },
  };
  return new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } });
}

function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
}

/** The links' fetch: the session's, with the two answers above made readable. */
export async function trpcFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetchWithSession(input instanceof URL ? input : String(input), init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw noResponseError();
  }
  return response.ok || isJson(response) ? response : errorWithoutBody(response.status);
}

/** One refresh and one retry for a call refused with 401/403 (see above). */
export const sessionRetryLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let subscription: Unsubscribable | undefined;
      let closed = false;
      const attempt = (isRetry: boolean) => {
        const tokenSent = getSession().token;
        subscription = next(op).subscribe({
          next: (result) => observer.next(result),
          complete: () => observer.complete(),
          error: (error) => {
            if (isRetry || !isTrpcClientError(error) || !isAuthFailureStatus(error.data?.httpStatus)) {
              observer.error(error);
              return;
            }
            void tokenForRetry(tokenSent).then((token) => {
              if (closed) return;
              if (token) attempt(true);
              else observer.error(error);
            });
          },
        });
      };
      attempt(false);
      return () => {
        closed = true;
        subscription?.unsubscribe();
      };
    });

/** The client's links; `init` adds to every request (the progress sender's `keepalive`, features/learning). */
export function trpcLinks(init: Pick<RequestInit, 'keepalive'> = {}): TRPCLink<AppRouter>[] {
  return [
    sessionRetryLink,
    httpBatchLink({
      url: TRPC_PATH,
      // The server refuses a larger batch (400); more calls at once go out as several batches.
      maxItems: TRPC_MAX_BATCH_SIZE,
      fetch: (input, options) => trpcFetch(input, { ...options, ...init }),
    }),
  ];
}

export const trpcClient = createTRPCClient<AppRouter>({ links: trpcLinks() });

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/**
 * Runs a mutation from code outside a component (a payment or upload flow) with the same
 * `trpc.x.mutationOptions()` a screen gives useMutation: through the query client, so its defaults and
 * callbacks apply. Resolves with the answer, rejects with the error.
 */
export function runMutation<TData, TError, TVariables, TContext>(
  options: MutationObserverOptions<TData, TError, TVariables, TContext>,
  variables: TVariables,
): Promise<TData> {
  return new MutationObserver(queryClient, options).mutate(variables);
}

/** A query asked afresh each time from code outside a component (never from the cache, no retry: the caller decides). */
export const FRESH = { staleTime: 0, gcTime: 0, retry: false } as const;
