/** The service's own health check. */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { PUBLIC } from './permissions.js';

export const healthResponseSchema = z
  .object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    version: z.string(),
  })
  .meta({ id: 'Health' });

export const metaOperations = defineOperations({
  health: {
    kind: 'query',
    access: PUBLIC,
    summary: 'Liveness and database check',
    output: healthResponseSchema,
    rest: { method: 'GET', path: '/health' },
    errors: ['SERVICE_UNAVAILABLE'],
  },
});
