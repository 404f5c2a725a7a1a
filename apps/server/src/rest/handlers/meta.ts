/** Health and the OpenAPI document. */
import { buildOpenApiDocument } from '@lectio/contracts/openapi';
import { checkHealth } from '../../services/health';
import type { RestHandlers } from '../types';

let cachedDocument: Record<string, unknown> | undefined;

export const metaHandlers: Pick<RestHandlers, 'health' | 'openapi'> = {
  health: ({ services }) => checkHealth(services),
  async openapi({ services }) {
    cachedDocument ??= buildOpenApiDocument({
      version: services.config.version,
      serverUrl: services.config.publicUrl,
    });
    return cachedDocument;
  },
};
