/** The tRPC single-query fast path answers exactly like the official adapter (test mode: outputs validated). */

import { createTestApp } from './helpers/test-app';
import { describeTrpcFidelity } from './helpers/trpc-fidelity';

describeTrpcFidelity('NODE_ENV=test', createTestApp, true);
