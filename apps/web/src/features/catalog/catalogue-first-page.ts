/**
 * The catalogue's `courses.list` page query, and the URL its first page is asked for at on a cold visit
 * of /courses without filters. The build preloads that URL from index.html on /courses
 * (vite-plugins/first-paint.ts), so the list downloads while the JavaScript does; catalog.test.tsx checks
 * that the app's own request is exactly this URL, or the preload would go unused.
 *
 * The URL is not written out here: `catalogueFirstPageUrl` asks a tRPC client with the app's link
 * (httpBatchLink at TRPC_PATH) for the same query options the app uses, through a fetch that only records
 * the URL it is given. So it follows tRPC's wire format, whatever that is.
 *
 * Kept free of app imports (no `~`, no session): vite.config.ts imports it.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { DEFAULT_PAGE_LIMIT } from '@lectio/contracts/constants';
import type { CourseListQuery } from '@lectio/contracts/course';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { TRPC_PATH } from '../../lib/trpc-path';

export type CourseListFilters = Partial<
  Pick<CourseListQuery, 'search' | 'category' | 'level' | 'price' | 'sort'>
>;

/**
 * `courses.list` as an infinite query ('Load more' asks for the next cursor); the first page is asked for
 * without a cursor. `extra` adds the screen's cache options.
 */
export function coursePagesOptions<Extra extends object>(
  proxy: TRPCOptionsProxy<AppRouter>,
  filters: CourseListFilters,
  limit: number,
  extra: Extra,
) {
  return proxy.courses.list.infiniteQueryOptions(
    { ...filters, limit },
    { ...extra, getNextPageParam: (page) => page.data.nextCursor },
  );
}

/** The URL the app's tRPC client asks the anonymous catalogue's first page at (see above). */
export async function catalogueFirstPageUrl(): Promise<string> {
  let url: string | undefined;
  const recorder = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: TRPC_PATH,
        fetch: (input) => {
          url = String(input);
          return Promise.reject(new Error('recorded'));
        },
      }),
    ],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const proxy = createTRPCOptionsProxy<AppRouter>({ client: recorder, queryClient });
  await queryClient
    .fetchInfiniteQuery(coursePagesOptions(proxy, {}, DEFAULT_PAGE_LIMIT, {}))
    .catch(() => undefined);
  if (!url) throw new Error('the tRPC client asked for no URL');
  return url;
}
