/**
 * Where the tRPC endpoint is (the server's Fastify adapter, same origin as the app). Kept free of
 * imports: vite.config.ts reaches it through catalogue-first-page.ts.
 */
export const TRPC_PATH = '/trpc';
