/**
 * The OpenAPI document's examples (src/openapi-examples.ts): every operation has one, hand-written or
 * derived from its default answer, and each parses with its operation's schemas; the document built with
 * them carries an example on every route.
 */
import { listOperations, type OperationPath } from '@lectio/contracts/api';
import { httpRoutes } from '@lectio/contracts/http-routes';
import { buildOpenApiDocument } from '@lectio/contracts/openapi';
import { restRoutes } from '@lectio/contracts/rest';
import { describe, expect, it } from 'vitest';
import { handWrittenExample, nextId, openApiExamples, operationExamples, resetFactories } from '../src/index';

const examples = openApiExamples();
const operations = listOperations().map(({ path, operation }) => [path, operation] as const);
/** The reads whose example output nobody wrote: it comes from the factories, through the default answer. */
const derived = operations.filter(([path]) => handWrittenExample(path)?.output === undefined);

describe('operation examples', () => {
  it.each(operations)(
    '%s: the example input and output parse with the operation’s schemas',
    (path, operation) => {
      const example = examples.operations[path];
      expect(example, `${path}: no example`).toBeDefined();
      if (operation.input) {
        const parsed = operation.input.safeParse(example?.input);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      } else {
        expect(example?.input).toBeUndefined();
      }
      const parsed = operation.output.safeParse(example?.output);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    },
  );

  it('derives the answer of every read nobody wrote one for, from its factory', () => {
    expect(derived.length).toBeGreaterThan(40);
    for (const [path, operation] of derived) expect(operation.kind, path).toBe('query');
    // No example at all was written for these: input `{}` or none, answer from the factories.
    const unwritten: OperationPath[] = ['admin.overview', 'learner.dashboard', 'earnings.platform'];
    for (const path of unwritten) {
      expect(handWrittenExample(path)).toBeUndefined();
      const operation = operations.find(([p]) => p === path)?.[1];
      expect(operation?.output.parse(examples.operations[path]?.output)).toEqual(
        examples.operations[path]?.output,
      );
    }
  });

  it('shapes a derived answer by the example input (courses.get answers the course asked for)', () => {
    const input = handWrittenExample('courses.get')?.input as { id: string };
    const output = examples.operations['courses.get']?.output as { data: { _id: string } } | undefined;
    expect(output?.data._id).toBe(input.id);
  });

  it('is the same on every build, and leaves the caller’s factory sequence where it was', () => {
    resetFactories();
    const first = nextId();
    expect(operationExamples()).toEqual(examples.operations);
    expect(nextId()).not.toBe(first);
    resetFactories();
    nextId();
    operationExamples();
    expect(nextId()).toBe('00000000-0000-4000-8000-000000000002');
  });
});

describe('HTTP-only route examples', () => {
  it.each(Object.entries(httpRoutes))('%s: the example response parses with its schema', (name, route) => {
    const example = examples.httpRoutes[name as keyof typeof httpRoutes];
    if (route.responseKind === 'binary') {
      expect(example?.response).toBeUndefined();
      return;
    }
    expect(route.response.safeParse(example?.response).success).toBe(true);
    if ('body' in route) {
      const file = name === 'lectures.upload' ? 'lecture' : 'file';
      expect(route.body.safeParse({ ...example?.body, [file]: '(binary)' }).success).toBe(true);
    }
  });
});

describe('the document built with them', () => {
  interface DocumentOperation {
    parameters: { name: string; in: string; example?: unknown }[];
    requestBody?: { content: Record<string, { example?: unknown }> };
    responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
  }
  const document = buildOpenApiDocument({ version: 'test', examples }) as {
    paths: Record<string, Record<string, DocumentOperation>>;
  };

  it.each(restRoutes.map((route) => [route.name, route] as const))(
    '%s: carries a request and a response example',
    (_name, route) => {
      const operation = document.paths[`/api/v1${route.path}`]?.[route.method.toLowerCase()];
      expect(operation).toBeDefined();
      if (route.responseKind === 'json')
        expect(
          operation?.responses[String(route.status)]?.content?.['application/json']?.example,
        ).toBeDefined();
      for (const content of Object.values(operation?.requestBody?.content ?? {}))
        expect(content.example).toBeDefined();
      for (const parameter of operation?.parameters.filter((p) => p.in === 'path') ?? [])
        expect(parameter.example, parameter.name).toBeDefined();
    },
  );
});
