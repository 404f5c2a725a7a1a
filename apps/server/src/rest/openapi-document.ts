/**
 * The OpenAPI document the server serves: the contracts' document with the examples of @lectio/mocks
 * (derived from its factories, decision 0060). The mocks are a build-time dependency: esbuild bundles the
 * examples module (it imports neither msw nor tRPC), so the production install has no @lectio/mocks.
 */
import { buildOpenApiDocument, type OpenApiOptions } from '@lectio/contracts/openapi';
import { openApiExamples } from '@lectio/mocks/openapi-examples';

export function servedOpenApiDocument(options: Omit<OpenApiOptions, 'examples'>): Record<string, unknown> {
  return buildOpenApiDocument({ ...options, examples: openApiExamples() });
}
