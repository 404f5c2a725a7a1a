/**
 * Shared test setup: the mocked API (MSW, test/api-mocks.ts), DOM cleanup and a clean slate for the app's
 * module-level singletons (a new session object, an empty query cache).
 */

// DOM matchers (toBeVisible, toHaveTextContent, ...) on vitest's expect.
import '@testing-library/jest-dom/vitest';
import { SESSION_HINT_COOKIE } from '@lectio/contracts/rest-paths';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { queryClient } from '~/lib/query-client';
import { installSession, Session } from '~/lib/session';
import { resetThemeCache } from '~/lib/theme';
import {
  api,
  clearSentRequests,
  recordSentRequests,
  server,
  settleInFlightRequests,
  stopRecordingSentRequests,
} from './api-mocks';

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// A request no handler answers fails the test loudly.
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  recordSentRequests();
});
afterAll(() => {
  stopRecordingSentRequests();
  server.close();
});

beforeEach(() => {
  // A fresh session object: signed out, unchecked, no refresh or start-up check in flight.
  installSession(new Session());
  // A server that has its admin (the first-run redirect stays put); setup tests answer otherwise.
  api.answer('setup.status', { needsSetup: false });
  queryClient.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
  resetThemeCache();
  // As a browser that has signed in before: the start-up check asks the server (lib/auth.ts). Tests of a
  // first visit remove it (forgetSessionHint in signed-in.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this is the page's own view.
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
});

afterEach(async () => {
  cleanup();
  await settleInFlightRequests();
  toast.remove();
  vi.unstubAllGlobals();
  api.reset();
  clearSentRequests();
  server.resetHandlers();
});
