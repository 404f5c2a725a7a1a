/**
 * The tRPC client (httpBatchLink to /trpc) and its TanStack Query options proxy. Its fetch is the same
 * session-aware fetch as the REST wrapper: Bearer token, cookies, one refresh and one retry on 401/403.
 * Import it from feature modules that need it, so the entry bundle stays free of it until then.
 */
import type { AppRouter } from '@lectio/server/trpc/router';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { fetchWithSession } from './api';
import { queryClient } from './query-client';

export const TRPC_PATH = '/trpc';

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: TRPC_PATH,
      fetch: (input, init) =>
        fetchWithSession(input instanceof URL ? input : String(input), init as RequestInit),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
