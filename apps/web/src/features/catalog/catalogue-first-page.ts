/**
 * The URL of the catalogue's first page as /courses asks for it without filters (the anonymous list a
 * cold visit starts with). The build preloads it from index.html on /courses (vite-plugins/first-paint.ts);
 * catalog.test.tsx checks that the app's own request is exactly this URL, or the preload would go unused.
 * Kept free of app imports: vite.config.ts imports it.
 */
import { DEFAULT_PAGE_LIMIT } from '@lectio/contracts/constants';
import { API_PREFIX, REST_PATHS } from '@lectio/contracts/rest-paths';

export const ANONYMOUS_CATALOGUE_FIRST_PAGE_URL = `${API_PREFIX}${REST_PATHS.listCourses.path}?limit=${DEFAULT_PAGE_LIMIT}`;
