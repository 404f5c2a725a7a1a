/**
 * The request /courses makes first without filters (the anonymous list a cold visit starts with): the
 * `courses.list` input and the URL the tRPC client asks for it at. The build preloads that URL from
 * index.html on /courses (vite-plugins/first-paint.ts); catalog.test.tsx checks that the app's own request
 * is exactly this URL, or the preload would go unused.
 *
 * The URL is httpBatchLink's for one query sent alone (`?batch=1&input={"0":<input>}`, URI-encoded): the
 * early request goes out on its own while the start-up session check runs (catalogue-query.ts), so no
 * other call shares its batch.
 *
 * Kept free of app imports: vite.config.ts imports it.
 */
import { DEFAULT_PAGE_LIMIT } from '@lectio/contracts/constants';
import { TRPC_PATH } from '../../lib/trpc-path';

export const ANONYMOUS_CATALOGUE_FIRST_PAGE_INPUT = { limit: DEFAULT_PAGE_LIMIT } as const;

export const ANONYMOUS_CATALOGUE_FIRST_PAGE_URL = `${TRPC_PATH}/courses.list?batch=1&input=${encodeURIComponent(
  JSON.stringify({ 0: ANONYMOUS_CATALOGUE_FIRST_PAGE_INPUT }),
)}`;
