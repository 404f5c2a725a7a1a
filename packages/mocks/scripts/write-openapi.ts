/**
 * Writes the OpenAPI document to a file, for linting it with its examples (`pnpm --filter @lectio/mocks lint:openapi`):
 *   tsx scripts/write-openapi.ts [file] [server URL]
 * The file defaults to node_modules/.cache/lectio/openapi.json, the server URL to https://lectio.test (the
 * server sets `servers` from each request; the document is otherwise the same).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '@lectio/contracts/openapi';
import { openApiExamples } from '../src/openapi-examples.js';

const file = path.resolve(process.argv[2] ?? 'node_modules/.cache/lectio/openapi.json');
const serverUrl = process.argv[3] ?? 'https://lectio.test';
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(
  file,
  `${JSON.stringify(buildOpenApiDocument({ version: '0.0.0-lint', serverUrl, examples: openApiExamples() }), null, 2)}\n`,
);
console.log(`OpenAPI document written to ${file}`);
