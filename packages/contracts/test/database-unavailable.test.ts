/**
 * The OpenAPI document's promise for an unreachable database (docs/decisions/0033): a 503 in the error
 * shape with Retry-After on every route that uses the database, derived in one place (errorStatusesOf),
 * and none on the routes that never touch it.
 */
import { describe, expect, it } from 'vitest';
import { listOperations } from '../src/api';
import { API_MESSAGES } from '../src/messages';
import { buildOpenApiDocument } from '../src/openapi';
import { restRoutes } from '../src/rest';

interface Response {
  description: string;
  headers?: Record<string, { schema: Record<string, unknown> }>;
  content?: Record<string, { example?: { message: string; code: string } }>;
}
interface Doc {
  paths: Record<
    string,
    Record<string, { description: string; responses: Record<string, { $ref?: string }> }>
  >;
  components: { responses: Record<string, Response> };
}

const doc = buildOpenApiDocument({ version: 'test' }) as unknown as Doc;
const responsesOf = (method: string, path: string) =>
  doc.paths[`/api/v1${path}`]?.[method.toLowerCase()]?.responses;

describe('OpenAPI: the database unreachable', () => {
  it('every operation declares 503 (the one shared response), derived rather than listed', () => {
    const operations = listOperations();
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, operation } of operations) {
      expect(responsesOf(operation.rest.method, operation.rest.path)?.['503'], path).toEqual({
        $ref: '#/components/responses/ServiceUnavailable',
      });
    }
  });

  it('the HTTP routes that need a session or fulfil payments declare it; this document and local media do not', () => {
    const declares = Object.fromEntries(
      restRoutes
        .filter((route) => !route.operation)
        .map((route) => [route.name, responsesOf(route.method, route.path)?.['503'] !== undefined]),
    );
    expect(declares).toEqual({
      'meta.openapi': false,
      'lectures.upload': true,
      'media.upload': false,
      'media.download': false,
      // The playlists are read from the database (video_processing), behind their signature.
      'video.masterPlaylist': true,
      'video.variantPlaylist': true,
      'payment.webhook': true,
      'certificates.pdf': true,
      'purchases.receipt': true,
    });
  });

  it('the 503 response says when to retry (Retry-After) and carries SERVICE_UNAVAILABLE', () => {
    const response = doc.components.responses.ServiceUnavailable;
    expect(response?.headers?.['Retry-After']?.schema).toEqual({ type: 'integer', minimum: 0 });
    expect(response?.content?.['application/json']?.example).toEqual({
      message: API_MESSAGES.serviceUnavailable,
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('the health check documents its 503 for an unreachable database', () => {
    expect(doc.paths['/api/v1/health']?.get?.description).toContain(API_MESSAGES.databaseUnreachable);
  });
});
