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
 * resolves them against jsdom's location, whose origin is the mocks' `baseUrl`. Access is enforced as the
 * server does (anonymous 401, wrong role 403): a test signs in with test/signed-in.ts.
 */
import { createApiMocks } from '@lectio/mocks';
import { setupServer } from 'msw/node';

export const api = createApiMocks({ baseUrl: location.origin });
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

/**
 * The requests as the app handed them to fetch. MSW 3 intercepts below fetch, on the wire, so the request a
 * handler sees has lost what only fetch knows: `credentials`, `keepalive` and the abort `signal`. Tests of
 * those read them here. test/setup.ts installs the recorder over MSW's fetch and clears it after each test.
 */
const sentRequests: Request[] = [];
let fetchUnderRecorder: typeof fetch | undefined;

export function recordSentRequests(): void {
  const next = globalThis.fetch;
  fetchUnderRecorder = next;
  globalThis.fetch = (input, init) => {
    const resolved =
      typeof input === 'string' && !URL.canParse(input) ? new URL(input, location.href) : input;
    sentRequests.push(resolved instanceof Request && !init ? resolved : new Request(resolved, init));
    const answer = next(input, init);
    inFlight.add(answer);
    void answer.then(
      () => inFlight.delete(answer),
      () => inFlight.delete(answer),
    );
    return answer;
  };
}

const inFlight = new Set<Promise<Response>>();

/**
 * Waits (up to `ms`) for the requests still in flight, so that a test's last calls are answered, and
 * recorded, before the next test's registry starts empty rather than during that test.
 */
export async function settleInFlightRequests(ms = 1000): Promise<void> {
  if (inFlight.size === 0) return;
  await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, ms))]);
}

export function stopRecordingSentRequests(): void {
  if (fetchUnderRecorder) globalThis.fetch = fetchUnderRecorder;
  fetchUnderRecorder = undefined;
}

export function clearSentRequests(): void {
  sentRequests.length = 0;
}

/** The requests sent to a URL whose path contains `fragment` (an operation name for /trpc, a path for REST). */
export function sentTo(fragment: string): Request[] {
  return sentRequests.filter((request) => new URL(request.url).pathname.includes(fragment));
}
