/**
 * The setup every handler test shares: one registry, an MSW server over its handlers that refuses any
 * request nothing handles, fresh factories per test, and a reset registry and `onError` spy after each.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createApiMocks, resetFactories } from '../src/index';

export const API = 'http://lectio.test/api/v1';

export function useMockServer() {
  const onError = vi.fn();
  // These suites test the transports, not who may call what (access.test.ts does): access is off.
  const api = createApiMocks({ baseUrl: 'http://lectio.test', onError, access: 'off' });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => resetFactories());
  afterEach(() => {
    api.reset();
    onError.mockReset();
  });
  afterAll(() => server.close());
  return { api, server, onError };
}
