/**
 * The tRPC single-query fast path against the official adapter with NODE_ENV=production, as the server
 * runs: tRPC reads NODE_ENV when the routers load (no output validation, internals hidden), so the app is
 * imported only after the variable is set.
 */
import { vi } from 'vitest';

vi.stubEnv('NODE_ENV', 'production');
const { describeTrpcFidelity } = await import('./helpers/trpc-fidelity');
const { createTestApp } = await import('./helpers/test-app');

describeTrpcFidelity('NODE_ENV=production', createTestApp, false);
