/** The service's own health check. */
import { z } from 'zod';
import { API_MESSAGES } from './messages.js';
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
    description:
      '200 while this instance can serve. 503 (SERVICE_UNAVAILABLE, with Retry-After) while the database does ' +
      'not answer, with the message "' +
      API_MESSAGES.databaseUnreachable +
      '", and while the instance drains before a shutdown. Load balancers poll it.',
    output: healthResponseSchema,
    rest: { method: 'GET', path: '/health' },
    errors: ['SERVICE_UNAVAILABLE'],
  },
});
