/**
 * The viewport class the dashboard shell lays out for (spec section 9): mobile below 768 px (the sidebar is
 * an overlay drawer), tablet below 1024 px (the sidebar starts collapsed to icons) and desktop above.
 */
import { MOBILE_BREAKPOINT_PX, SIDEBAR_TOGGLE_WIDTH_PX } from '@lectio/contracts/constants';
import { useSyncExternalStore } from 'react';

export type Viewport = 'mobile' | 'tablet' | 'desktop';

export function viewportFor(width: number): Viewport {
  if (width < MOBILE_BREAKPOINT_PX) return 'mobile';
  if (width < SIDEBAR_TOGGLE_WIDTH_PX) return 'tablet';
  return 'desktop';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useViewport(): Viewport {
  return useSyncExternalStore(
    subscribe,
    () => viewportFor(window.innerWidth),
    () => 'desktop',
  );
}
