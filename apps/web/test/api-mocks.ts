/**
 * The API as the web tests see it: MSW's Node server with @lectio/mocks' handlers for every REST route
 * and for /trpc (batched calls included), answering from one registry. A test registers the answers it
 * needs and reads the calls made:
 *
 *   api.answer('courses.list', coursePage([makeCourse()]));
 *   api.fail('courses.get', 'NOT_FOUND', 'Course not found');
 *   api.calls('progress.record')[0]?.input;
 *
 * Answers are checked against the operation's output schema and inputs parsed with its input schema, so
 * a test can't drift from the contract. For what the API itself never answers (a proxy's HTML 500, no
 * answer at all, a malformed body), a test adds a raw MSW handler with `server.use(...)`.
 *
 * test/setup.ts starts the server for every test file (unhandled requests are errors) and resets the
 * registry and the extra handlers after each test. The app calls relative URLs (/trpc, /api/v1); MSW
 * resolves them against jsdom's location, and the handlers match any origin.
 */
import { createApiMocks } from '@lectio/mocks';
import { setupServer } from 'msw/node';

export const api = createApiMocks();
export const server = setupServer(...api.handlers);

/** The URL of a recorded call: path and query string, as the app asked for it. */
export function pathAndQuery(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The JSON body a recorded call was sent with, as the app wrote it (before the operation's schema). */
export function sentBody(request: Request): Promise<unknown> {
  return request.clone().json();
}
