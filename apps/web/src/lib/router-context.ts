import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from './session';

/** What every route's beforeLoad and loader can read. */
export interface RouterContext {
  session: SessionStore;
  queryClient: QueryClient;
}
