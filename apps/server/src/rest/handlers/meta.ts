/** The OpenAPI document, built once from the contracts. */
import { buildOpenApiDocument } from '@lectio/contracts/openapi';
import type { HttpHandlers } from '../types';

let cachedDocument: Record<string, unknown> | undefined;

export const metaHandlers: Pick<HttpHandlers, 'meta.openapi'> = {
  async 'meta.openapi'({ services }) {
    cachedDocument ??= buildOpenApiDocument({
      version: services.config.version,
      serverUrl: services.config.publicUrl,
    });
    return cachedDocument;
  },
};
