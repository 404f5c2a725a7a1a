import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from './session';

/** What every route's beforeLoad and loader can read. */
export interface RouterContext {
  session: SessionStore;
  queryClient: QueryClient;
  /**
   * True until the router has finished its first load (the document's own address): a route can tell a
   * cold visit, whose requests index.html may have preloaded, from a client-side navigation.
   */
  isFirstLoad: () => boolean;
}
