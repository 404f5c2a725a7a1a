/** Shared test setup: DOM cleanup and a clean slate for the app's module-level singletons. */
import { cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetRefreshStateForTests } from '~/lib/api';
import { resetSessionCheckForTests } from '~/lib/auth';
import { queryClient } from '~/lib/query-client';
import { resetSessionForTests } from '~/lib/session';
import { resetThemeCache } from '~/lib/theme';

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

beforeEach(() => {
  resetSessionForTests();
  resetRefreshStateForTests();
  resetSessionCheckForTests();
  queryClient.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
  resetThemeCache();
});

afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
});
